package codemojex.app.core.service;

import codemojex.app.core.port.out.Games;
import codemojex.projections.Code;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import echomq.testkit.MovableClock;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class GameCacheTest {

    /** A store that counts its reads. */
    static final class Store implements Games {
        final Map<String, GameRecord> games = new HashMap<>();
        int reads;

        @Override
        public void create(GameRecord game) {
            games.put(game.game(), game);
        }

        @Override
        public void open(GameRecord game, io.vavr.collection.LinkedHashMap<String, String> roomOpened) {
            create(game);
        }

        @Override
        public Option<GameRecord> find(String game) {
            reads++;
            return Option.of(games.get(game));
        }

        @Override
        public Option<codemojex.app.core.EndedGame> ended(String game) {
            return Option.none();
        }
    }

    static GameRecord open(String id) {
        Keyboard k = Keyboard.draw(new SplittableRandom(7));
        return new GameRecord(id, "room", k, k.drawSecret(new SplittableRandom(8)), Instant.EPOCH, Option.none());
    }

    static GameRecord settled(GameRecord g) {
        return new GameRecord(g.game(), g.room(), g.keyboard(), g.secret(), g.openedAt(), Option.some("ada"));
    }

    @Test
    void anOpenGameIsReadAgainOnceItIsNoLongerFresh() {
        Store store = new Store();
        MovableClock clock = new MovableClock();
        GameCache cache = new GameCache(store, clock);
        store.create(open("G1"));
        assertThat(cache.find("G1").get().settled()).isFalse();
        assertThat(cache.find("G1").get().settled()).isFalse();
        assertThat(store.reads).isEqualTo(1);
        store.create(settled(store.games.get("G1"))); // settled by another instance
        clock.advance(GameCache.FRESH.minusMillis(1));
        assertThat(cache.find("G1").get().settled()).as("fresh still").isFalse();
        clock.advance(Duration.ofMillis(1));
        assertThat(cache.find("G1").get().settled()).isTrue();
        assertThat(store.reads).isEqualTo(2);
        clock.advance(Duration.ofHours(1));
        assertThat(cache.find("G1").get().settled()).as("settled is for ever: not read again").isTrue();
        assertThat(store.reads).isEqualTo(2);
    }

    @Test
    void aReadReplacesWhatIsKeptButNeverUnsettles() {
        Store store = new Store();
        GameCache cache = new GameCache(store, new MovableClock());
        GameRecord g = open("G2");
        store.create(g);
        cache.find("G2");
        store.create(settled(g));
        assertThat(cache.read("G2").get().settled()).isTrue();
        assertThat(cache.knownSettled("G2")).isTrue();
        store.create(g); // cannot happen; and if a stale read came back late, it would not unsettle what is kept
        cache.read("G2");
        assertThat(cache.find("G2").get().settled()).isTrue();
    }

    @Test
    void unknownGamesAreNotKeptAndTheBoundHolds() {
        Store store = new Store();
        GameCache cache = new GameCache(store, new MovableClock(), 8, GameCache.FRESH);
        assertThat(cache.find("nope")).isEmpty();
        assertThat(cache.find("nope")).isEmpty();
        assertThat(store.reads).isEqualTo(2);
        for (int i = 0; i < 100; i++) {
            store.create(open("G" + i));
            cache.find("G" + i);
        }
        store.reads = 0;
        for (int i = 0; i < 100; i++) {
            assertThat(cache.find("G" + i).isDefined()).isTrue();
        }
        assertThat(store.reads).as("at most 8 kept: most read again").isGreaterThanOrEqualTo(92);
    }
}
