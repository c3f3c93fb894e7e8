package codemojex.app.core;

import codemojex.app.core.port.out.Logins;
import echomq.testkit.MovableClock;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class LoginCacheTest {

    /** A store that counts its reads. */
    static final class Store implements Logins {
        final Map<String, Login> sessions = new HashMap<>();
        int finds;

        @Override
        public Option<String> claim(Login session, io.vavr.collection.List<String> looks, String tokenHash, Instant now, Duration ttl) {
            sessions.put(session.game() + tokenHash, session);
            return Option.none();
        }

        @Override
        public Option<Login> find(String game, String tokenHash) {
            finds++;
            return Option.of(sessions.get(game + tokenHash));
        }

        @Override
        public Option<String> holder(String game, String name) {
            return Option.none();
        }
    }

    @Test
    void aLiveSessionIsReadOnceAndDroppedAtItsExpiry() {
        MovableClock clock = new MovableClock();
        Store store = new Store();
        LoginCache cache = new LoginCache(store, clock);
        Instant expires = clock.instant().plus(Duration.ofHours(1));
        Login s = new Login("G1", codemojex.projections.PlayerIds.ofName("ada"), "ada", expires);
        store.sessions.put("G1h1", s);
        assertThat(cache.find("G1", "h1")).contains(s);
        assertThat(cache.find("G1", "h1")).contains(s);
        assertThat(cache.find("G2", "h1")).isEmpty();
        assertThat(store.finds).isEqualTo(2);
        clock.advance(Duration.ofHours(1));
        assertThat(cache.find("G1", "h1")).as("expired: the store is asked, as before").contains(s);
        assertThat(store.finds).isEqualTo(3);
        store.sessions.clear();
        assertThat(cache.find("G1", "h1")).isEmpty();
    }

    @Test
    void aClaimedSessionIsKeptAndTheBoundHolds() {
        MovableClock clock = new MovableClock();
        Store store = new Store();
        LoginCache cache = new LoginCache(store, clock, 4);
        Instant expires = clock.instant().plus(Duration.ofHours(1));
        for (int i = 0; i < 20; i++) {
            Login s = new Login("G1", codemojex.projections.PlayerIds.ofName("p" + i), "p" + i, expires);
            assertThat(cache.claim(s, io.vavr.collection.List.of("p" + i), "h" + i, clock.instant(), Duration.ofHours(1))).isEmpty();
        }
        assertThat(cache.find("G1", "h19").isDefined()).isTrue();
        assertThat(store.finds).isZero();
        for (int i = 0; i < 20; i++) {
            assertThat(cache.find("G1", "h" + i).isDefined()).isTrue();
        }
        assertThat(store.finds).as("at most 4 kept").isGreaterThanOrEqualTo(16);
    }
}
