package codemojex.app.core;

import codemojex.app.core.port.out.LiveCasts;
import echomq.domain.id.StreamId;
import echomq.engine.retry.Backoff;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The live casts as this instance pushes them to its pages (#54): one thread reads the casts in order
 * ({@link LiveCasts#after}, a blocking read) from where they stood when it started, after taking the
 * latest of the kinds a page gets as it connects ({@link #LATEST}: the feed, the lobby). Each cast goes
 * to every listener of its kind (of its game, for a game's cast), on the dispatcher: a listener of a
 * kind kept as latest gets the newest, a value that comes while it is busy replacing the one waiting;
 * a listener of another kind (a bucket, a session) gets every one, in order. A read that fails is tried
 * again after a backoff from the last cast read, so none is skipped (but those the store trimmed before
 * they were read: it keeps a few minutes of them).
 */
public final class CastReader implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CastReader.class);

    /** The kinds a page gets the latest of as it connects; every other kind is an event of its moment. */
    public static final Set<String> LATEST = Set.of("feed", "lobby");

    /** How long one read waits for casts. */
    static final Duration BLOCK = Duration.ofSeconds(1);

    /** What a listener gets. */
    public interface Listener extends Consumer<LiveCasts.Cast> {
    }

    /**
     * What the reader did so far.
     *
     * @param read      casts read
     * @param failures  reads that failed (each followed by a backoff)
     * @param listeners listeners now
     */
    public record Metrics(long read, long failures, int listeners) {
    }

    private final LiveCasts casts;
    private final Executor dispatch;
    private final Map<String, LiveCasts.Read> latest = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<Box> listeners = new CopyOnWriteArrayList<>();
    private final AtomicLong read = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean running;
    /** Whether it has read where the casts stood: every cast from then on reaches its listeners. */
    private volatile boolean positioned;
    private Thread thread;

    /** Reads {@code casts}, delivering on {@code dispatch}. */
    public CastReader(LiveCasts casts, Executor dispatch) {
        this.casts = Objects.requireNonNull(casts, "casts");
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
    }

    /** Starts reading, on a daemon thread of its own; a second start does nothing. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this::run, "live-casts");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * {@code listener} gets the casts of {@code kind} (of {@code game} only, when given) from now until
     * the returned handle is closed; of a kind kept as latest, the latest at once when there is one.
     */
    public AutoCloseable listen(String kind, Option<String> game, Listener listener) {
        Box box = new Box(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(game, "game"),
                Objects.requireNonNull(listener, "listener"));
        listeners.add(box);
        LiveCasts.Read now = latest.get(kind);
        if (now != null && box.wants(now.cast())) {
            box.offer(now.cast());
        }
        return () -> listeners.remove(box);
    }

    /** The latest cast of {@code kind} read, for a kind kept as latest. */
    public Option<LiveCasts.Cast> latest(String kind) {
        return Option.of(latest.get(kind)).map(LiveCasts.Read::cast);
    }

    /** Whether it reads the casts: it has found where they stood, and every later cast reaches its listeners. */
    public boolean reading() {
        return positioned;
    }

    /** What it did so far. */
    public Metrics metrics() {
        return new Metrics(read.get(), failures.get(), listeners.size());
    }

    private void run() {
        Backoff backoff = Backoff.DEFAULT;
        StreamId after = null;
        while (running) {
            try {
                if (after == null) {
                    StreamId top = casts.top(); // what is cast from now on is read below; the latest before, here
                    for (LiveCasts.Read r : casts.latest()) {
                        take(r);
                    }
                    after = top;
                    positioned = true;
                }
                for (LiveCasts.Read r : casts.after(after, 1000, BLOCK)) {
                    after = r.at();
                    read.incrementAndGet();
                    take(r);
                }
                backoff = backoff.reset();
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                failures.incrementAndGet();
                if (!backoff.isBackingOff()) {
                    log.warn("could not read the live casts, trying again: {}", LogSafe.escape(String.valueOf(e.getMessage())));
                }
                backoff = backoff.next();
                if (!backoff.sleep()) {
                    return; // closed
                }
            }
        }
    }

    /** Hands {@code r} to its listeners; of a kind kept as latest, only when newer than the latest read. */
    private void take(LiveCasts.Read r) {
        LiveCasts.Cast c = r.cast();
        if (LATEST.contains(c.kind())) {
            LiveCasts.Read before = latest.get(c.kind());
            if (before != null && before.at().compareTo(r.at()) >= 0) {
                return; // the latest, read at the start, was newer than this one
            }
            latest.put(c.kind(), r);
        }
        for (Box b : listeners) {
            if (b.wants(c)) {
                b.offer(c);
            }
        }
    }

    /** Stops reading; listeners get nothing more. */
    @Override
    public void close() {
        running = false;
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            t.interrupt();
        }
        listeners.clear();
    }

    /** One listener: its casts delivered one at a time on the dispatcher, the newest only of a kind kept as latest. */
    private final class Box {
        final String kind;
        final Option<String> game;
        final Listener listener;
        final boolean newestOnly;
        final Queue<LiveCasts.Cast> waiting = new ArrayDeque<>();
        final AtomicBoolean scheduled = new AtomicBoolean();

        Box(String kind, Option<String> game, Listener listener) {
            this.kind = kind;
            this.game = game;
            this.listener = listener;
            this.newestOnly = LATEST.contains(kind);
        }

        boolean wants(LiveCasts.Cast c) {
            return c.kind().equals(kind) && game.forAll(g -> g.equals(c.game()));
        }

        void offer(LiveCasts.Cast c) {
            synchronized (waiting) {
                if (newestOnly) {
                    waiting.clear();
                }
                waiting.add(c);
            }
            schedule();
        }

        void schedule() {
            if (scheduled.compareAndSet(false, true)) {
                try {
                    dispatch.execute(this::drain);
                } catch (RuntimeException stopping) {
                    scheduled.set(false); // the dispatcher is shut down: the app is stopping
                }
            }
        }

        void drain() {
            try {
                while (true) {
                    LiveCasts.Cast c;
                    synchronized (waiting) {
                        c = waiting.poll();
                    }
                    if (c == null || !listeners.contains(this)) {
                        return;
                    }
                    try {
                        listener.accept(c);
                    } catch (RuntimeException e) {
                        listeners.remove(this); // a listener that fails (its page left) hears no more
                        return;
                    }
                }
            } finally {
                scheduled.set(false);
                boolean more;
                synchronized (waiting) {
                    more = !waiting.isEmpty();
                }
                if (more && listeners.contains(this)) {
                    schedule();
                }
            }
        }
    }
}
