package codemojex.app.core;

import codemojex.app.core.port.out.Logins;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link Logins} that keep the live sessions found or claimed in-process, so that a request
 * with a token costs no read of its session. A session is written once, when it is claimed, under
 * the hash of a fresh random token, and never changed: its expiry is fixed at the join (not
 * sliding), and a name taken over once it expired goes to a new session under another token. So
 * what is kept is what the store holds, until the session's expiry by the app's clock; then it is
 * dropped and the store asked again, as before. Unknown tokens are not kept (another instance may
 * claim one the next moment). At most {@link #MAX} sessions; past that, the expired ones and then
 * some others are dropped (and read again when asked for). Thread-safe.
 */
public final class LoginCache implements Logins {

    /** Logins kept at most. */
    public static final int MAX = 100_000;

    private final Logins store;
    private final Clock clock;
    private final int max;
    private final ConcurrentHashMap<String, Login> live = new ConcurrentHashMap<>();

    /** Over {@code store}, on the app's {@code clock}. */
    public LoginCache(Logins store, Clock clock) {
        this(store, clock, MAX);
    }

    /** Over {@code store}, on the app's {@code clock}, keeping at most {@code max} sessions (at least 1). */
    public LoginCache(Logins store, Clock clock, int max) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (max < 1) {
            throw new IllegalArgumentException("max must be >= 1, got " + max);
        }
        this.max = max;
    }

    private static String key(String game, String tokenHash) {
        return game + ' ' + tokenHash;
    }

    @Override
    public Option<String> claim(Login session, List<String> looks, String tokenHash, Instant now, Duration ttl) {
        Option<String> inTheWay = store.claim(session, looks, tokenHash, now, ttl);
        if (inTheWay.isEmpty()) {
            keep(key(session.game(), tokenHash), session); // what the store now holds under that hash
        }
        return inTheWay;
    }

    @Override
    public Option<Login> find(String game, String tokenHash) {
        String key = key(game, tokenHash);
        Login kept = live.get(key);
        if (kept != null) {
            if (kept.liveAt(clock.instant())) {
                return Option.some(kept);
            }
            live.remove(key, kept);
        }
        Option<Login> found = store.find(game, tokenHash);
        if (found.isDefined() && found.get().liveAt(clock.instant())) {
            keep(key, found.get());
        }
        return found;
    }

    @Override
    public Option<String> holder(String game, String name) {
        return store.holder(game, name);
    }

    private void keep(String key, Login session) {
        if (live.size() >= max && !live.containsKey(key)) {
            drop();
        }
        live.put(key, session);
    }

    /** Drops the expired sessions, then, when that is not a quarter of the bound, others until it is. */
    private void drop() {
        Instant now = clock.instant();
        live.values().removeIf(s -> !s.liveAt(now));
        int n = live.size() - (max - Math.max(1, max / 4));
        Iterator<String> it = live.keySet().iterator();
        while (n-- > 0 && it.hasNext()) {
            it.next();
            it.remove();
        }
    }
}
