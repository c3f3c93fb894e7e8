package echomq.engine.live;

import echomq.engine.retry.Backoff;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A value computed from streams, pushed to listeners when it changes. The streams'
 * {@link StreamFollowers} wake it on every append; it computes the value again (through a
 * {@link echomq.engine.projection.ProjectionReader}, so only what is new is folded and a stream
 * deleted or replaced is folded afresh) and, when it differs from the last one, hands it to every
 * listener. It also computes on every {@code tick}, for windows whose edge moves with time.
 *
 * <p><b>Bounded.</b> A listener is given the newest value: one that arrives while the listener is
 * still busy with an earlier one replaces the one waiting (conflation, counted in
 * {@link Metrics#conflated()}); nothing queues up. <b>Resilient.</b> A computation that fails (Redis
 * down, restarting, paused) is tried again after a backoff of 100 ms doubling to 5 s. Values are
 * folds, not entries: a listener never sees an entry counted twice or left out, only fewer
 * intermediate values.
 * <pre>{@code
 * StreamKey scored = StreamKey.of("cm", "guess-scored");
 * Window.Sliding hour = Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1));
 * LiveValue<Feed> feed = LiveValue.start("feed", followers, List.of(scored),
 *         () -> reader.fold(scored, hour, recentFeed(20)), Duration.ofSeconds(1), pool);
 * AutoCloseable sub = feed.subscribe(update -> send(update.value()));
 * }</pre>
 *
 * @param <A> the value
 */
public final class LiveValue<A> implements AutoCloseable {

    /**
     * A value and where it stands.
     *
     * @param value   the value
     * @param upTo    the highest entry id the followers had seen when it was computed (it folds at least that far)
     * @param version 1 for the first value, one more for each value that differed from the one before
     * @param <A>     the value's type
     */
    public record Update<A>(A value, StreamId upTo, long version) {
        /**
         * Checks the parts.
         *
         * @param value   the value
         * @param upTo    the highest entry id the followers had seen when it was computed
         * @param version 1 for the first value, one more for each change
         * @throws NullPointerException when {@code value} or {@code upTo} is null
         */
        public Update {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(upTo, "upTo");
        }
    }

    /**
     * Receives updates, one at a time, the newest when it was busy. A listener that throws is dropped.
     *
     * @param <A> the value's type
     */
    @FunctionalInterface
    public interface Listener<A> {
        /**
         * Takes one update, on the live value's dispatch executor; never two at once for one listener.
         *
         * @param update the newest value when this delivery began
         * @throws RuntimeException to be dropped: no further update is delivered to this listener
         */
        void on(Update<A> update);
    }

    /**
     * What the live value did so far: counts since it started.
     *
     * @param computes  values computed
     * @param changes   values that differed from the one before (and were handed out)
     * @param delivered updates listeners received
     * @param conflated updates replaced by a newer one before a busy listener took them
     * @param failures  computations that failed (each followed by a backoff)
     * @param listeners listeners now
     */
    public record Metrics(long computes, long changes, long delivered, long conflated, long failures, int listeners) {
    }

    private final String name;
    private final StreamFollowers followers;
    private final Vector<StreamKey> keys;
    /** The entries that wake it, none: every append to its streams. */
    private final Option<StreamFollowers.Where> where;
    private final Supplier<A> compute;
    private final Option<Duration> tick;
    private final Duration minGap;
    private final Executor dispatch;
    private final ScheduledExecutorService computing;
    private final boolean ownsComputing;
    private final List<Mailbox> listeners = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> follows = new CopyOnWriteArrayList<>();
    private final AtomicReference<Update<A>> current = new AtomicReference<>();
    /** A computation is scheduled or running: at most one at a time, whoever wakes it. */
    private final AtomicBoolean queued = new AtomicBoolean();
    /** Woken since the running computation began: one more is due when it ends. */
    private volatile boolean dirty = true;
    private volatile boolean running = true;
    /** When the last computation ended ({@link System#nanoTime}); confined to computations, which never overlap. */
    private volatile long lastEnded = System.nanoTime() - Duration.ofDays(1).toNanos();
    private Backoff backoff = Backoff.DEFAULT;
    private volatile ScheduledFuture<?> ticking;
    private final AtomicLong computes = new AtomicLong();
    private final AtomicLong changes = new AtomicLong();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong conflated = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    private LiveValue(String name, StreamFollowers followers, Vector<StreamKey> keys, Option<StreamFollowers.Where> where, Supplier<A> compute,
                      Option<Duration> tick, Duration minGap, ScheduledExecutorService computing, boolean ownsComputing, Executor dispatch) {
        this.where = Objects.requireNonNull(where, "where");
        this.minGap = Objects.requireNonNull(minGap, "minGap");
        this.tick = Objects.requireNonNull(tick, "tick");
        if (minGap.isNegative() || tick.exists(t -> minGap.compareTo(t) > 0)) {
            throw new IllegalArgumentException("the gap between computations must be 0 .. the tick, got " + minGap);
        }
        if (minGap.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("the gap between computations must be at most an hour, got " + minGap);
        }
        this.name = Objects.requireNonNull(name, "name");
        this.followers = Objects.requireNonNull(followers, "followers");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.compute = Objects.requireNonNull(compute, "compute");
        this.computing = Objects.requireNonNull(computing, "computing");
        this.ownsComputing = ownsComputing;
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a live value follows at least one stream");
        }
        if (tick.exists(t -> t.toMillis() < 10)) {
            throw new IllegalArgumentException("tick must be at least 10 ms, got " + tick.get());
        }
    }

    /**
     * Starts computing {@code compute} at once, again on every append to one of {@code keys} (as
     * {@code followers} see them) and on every {@code tick}; listeners' deliveries run on {@code dispatch}.
     * Appends that arrive while a computation runs wake one more computation, not one each.
     * <pre>{@code
     * LiveValue<Long> perHour = LiveValue.start("scored-per-hour", followers, List.of(scored),
     *         () -> reader.fold(scored, Window.last(Duration.ofHours(1)), counting), Duration.ofSeconds(5), pool);
     * }</pre>
     *
     * @param name      names the computing thread ({@code live-<name>}) and the conflation events
     * @param followers the followers that wake it (they stay open when it closes)
     * @param keys      the streams the value is computed from, at least one
     * @param compute   computes the value; a cheap read through a {@link echomq.engine.projection.ProjectionReader}
     *                  when nothing changed. A value {@link Object#equals} to the last one is not handed out;
     *                  a null or a throw counts as a failure, computed again after a backoff
     * @param tick      how often it computes with no append, at least 10 ms: what moves a sliding window's edge
     * @param dispatch  runs listeners' deliveries
     * @param <A>       the value's type
     * @return the live value, computing
     * @throws IllegalArgumentException when {@code keys} is empty or {@code tick} is under 10 ms
     * @throws IllegalStateException    when {@code followers} are closed
     */
    public static <A> LiveValue<A> start(String name, StreamFollowers followers, Iterable<StreamKey> keys, Supplier<A> compute,
                                         Duration tick, Executor dispatch) {
        return start(name, followers, keys, compute, tick, Duration.ZERO, dispatch);
    }

    /**
     * As {@link #start(String, StreamFollowers, Iterable, Supplier, Duration, Executor)}, at least
     * {@code minGap} between two computations: the appends of that gap are folded in one (for a
     * value that costs many reads to compute).
     *
     * @param name      names the computing thread ({@code live-<name>}) and the conflation events
     * @param followers the followers that wake it (they stay open when it closes)
     * @param keys      the streams the value is computed from, at least one
     * @param compute   computes the value; a null or a throw counts as a failure
     * @param tick      how often it computes with no append, at least 10 ms
     * @param minGap    the least time from the end of one computation to the start of the next,
     *                  from zero up to {@code tick}
     * @param dispatch  runs listeners' deliveries
     * @param <A>       the value's type
     * @return the live value, computing
     * @throws IllegalArgumentException when {@code keys} is empty, {@code tick} is under 10 ms, or
     *                                  {@code minGap} is negative or above {@code tick}
     * @throws IllegalStateException    when {@code followers} are closed
     */
    public static <A> LiveValue<A> start(String name, StreamFollowers followers, Iterable<StreamKey> keys, Supplier<A> compute,
                                         Duration tick, Duration minGap, Executor dispatch) {
        Objects.requireNonNull(tick, "tick");
        Objects.requireNonNull(name, "name");
        ScheduledExecutorService own = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "live-" + name);
            t.setDaemon(true);
            return t;
        });
        try {
            return begin(new LiveValue<>(name, followers, Vector.ofAll(keys), Option.none(), compute, Option.some(tick), minGap, own, true,
                    dispatch));
        } catch (RuntimeException e) {
            own.shutdownNow();
            throw e;
        }
    }

    /**
     * A live value computed on {@code computing}, a pool it shares with other values (no thread
     * of its own): at most one computation of it runs at a time, and with no {@code tick} it
     * computes only when one of its streams is appended to (or again after a failure), so an idle
     * value costs no Redis command. Thousands of values share a few threads this way.
     * <pre>{@code
     * ScheduledExecutorService pool = Executors.newScheduledThreadPool(4);
     * LiveValue<Board> board = LiveValue.start("board", followers, List.of(scored),
     *         () -> reader.fold(scored, Window.since(opened), boardOf(game)), Option.none(), Duration.ZERO, pool, dispatch);
     * }</pre>
     *
     * @param name      names the conflation events
     * @param followers the followers that wake it (they stay open when it closes)
     * @param keys      the streams the value is computed from, at least one
     * @param compute   computes the value; a null or a throw counts as a failure, computed again after a backoff
     * @param tick      how often it computes with no append (at least 10 ms), or none: only appends wake it
     * @param minGap    the least time from the end of one computation to the start of the next,
     *                  from zero up to {@code tick} (at most an hour)
     * @param computing the pool its computations run on; it is not shut down when the value closes
     * @param dispatch  runs listeners' deliveries
     * @param <A>       the value's type
     * @return the live value, its first computation scheduled
     * @throws IllegalArgumentException when {@code keys} is empty, {@code tick} is under 10 ms, or
     *                                  {@code minGap} is negative or above {@code tick}
     * @throws IllegalStateException    when {@code followers} are closed
     */
    public static <A> LiveValue<A> start(String name, StreamFollowers followers, Iterable<StreamKey> keys, Supplier<A> compute,
                                         Option<Duration> tick, Duration minGap, ScheduledExecutorService computing,
                                         Executor dispatch) {
        return begin(new LiveValue<>(name, followers, Vector.ofAll(keys), Option.none(), compute, tick, minGap, computing, false, dispatch));
    }

    /**
     * As {@link #start(String, StreamFollowers, Iterable, Supplier, Option, Duration, ScheduledExecutorService, Executor)},
     * woken only by the entries {@code where} names (and when a stream was found below what was seen): a value of one
     * game on a stream of many games, say. Its followers are the streams' own, shared; an append of another game's
     * entry costs it nothing, so a thousand such values cost, for an append, the one it concerns.
     * <pre>{@code
     * LiveValue<Board> board = LiveValue.start("board", followers, List.of(scored), new StreamFollowers.Where("game", game),
     *         () -> reader.fold(scored, Window.since(opened), boardOf(game)), Option.none(), Duration.ZERO, pool, dispatch);
     * }</pre>
     *
     * @param name      names the conflation events
     * @param followers the followers that wake it (they stay open when it closes)
     * @param keys      the streams the value is computed from, at least one
     * @param where     the entries that wake it
     * @param compute   computes the value; a null or a throw counts as a failure, computed again after a backoff
     * @param tick      how often it computes with no append (at least 10 ms), or none
     * @param minGap    the least time from the end of one computation to the start of the next, 0 .. {@code tick}
     * @param computing the pool its computations run on; it is not shut down when the value closes
     * @param dispatch  runs listeners' deliveries
     * @param <A>       the value's type
     * @return the live value, its first computation scheduled
     * @throws IllegalArgumentException when {@code keys} is empty, {@code tick} is under 10 ms, or
     *                                  {@code minGap} is negative or above {@code tick}
     * @throws IllegalStateException    when {@code followers} are closed
     */
    public static <A> LiveValue<A> start(String name, StreamFollowers followers, Iterable<StreamKey> keys, StreamFollowers.Where where,
                                         Supplier<A> compute, Option<Duration> tick, Duration minGap, ScheduledExecutorService computing,
                                         Executor dispatch) {
        return begin(new LiveValue<>(name, followers, Vector.ofAll(keys), Option.some(Objects.requireNonNull(where, "where")), compute, tick,
                minGap, computing, false, dispatch));
    }

    private static <A> LiveValue<A> begin(LiveValue<A> live) {
        for (StreamKey key : live.keys) {
            live.follows.add(live.where.isDefined() ? live.followers.follow(key, live.where.get(), id -> live.wake())
                    : live.followers.follow(key, id -> live.wake()));
        }
        live.tick.forEach(t -> live.ticking = live.computing.scheduleWithFixedDelay(live::wake, t.toMillis(), t.toMillis(),
                TimeUnit.MILLISECONDS)); // wake() never throws, so the ticks never stop
        live.wake();
        return live;
    }

    /**
     * The newest value.
     *
     * @return the newest value with where it stands, none until the first computation succeeded
     */
    public Option<Update<A>> current() {
        return Option.of(current.get());
    }

    /**
     * Hands {@code listener} the current value (when there is one) and every later change, until
     * the returned handle is closed.
     *
     * @param listener takes the updates, one at a time on the dispatch executor
     * @return the subscription; close it to stop the deliveries
     */
    public AutoCloseable subscribe(Listener<A> listener) {
        Mailbox box = new Mailbox(Objects.requireNonNull(listener, "listener"));
        listeners.add(box);
        Update<A> now = current.get();
        if (now != null) {
            box.offer(now);
        }
        return () -> listeners.remove(box);
    }

    /**
     * What it did so far.
     *
     * @return the counts since it started, and the listeners now
     */
    public Metrics metrics() {
        return new Metrics(computes.get(), changes.get(), delivered.get(), conflated.get(), failures.get(), listeners.size());
    }

    /**
     * Stops computing; listeners get nothing more. The followers go on for their other subscribers.
     *
     * @throws IllegalStateException when closing a subscription to the followers fails
     */
    @Override
    public void close() {
        running = false;
        for (AutoCloseable f : follows) {
            try {
                f.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        ScheduledFuture<?> t = ticking;
        if (t != null) {
            t.cancel(false);
        }
        if (ownsComputing) {
            computing.shutdownNow();
        }
        listeners.clear();
    }

    private void wake() {
        dirty = true;
        schedule(0);
    }

    /** Schedules a computation, unless one is scheduled or running; not before {@code minGap} after the last. */
    private void schedule(long atLeastMs) {
        if (!running || !queued.compareAndSet(false, true)) {
            return;
        }
        long sinceLastMs = (System.nanoTime() - lastEnded) / 1_000_000L;
        long delay = Math.max(atLeastMs, minGap.toMillis() - sinceLastMs);
        try {
            computing.schedule(this::computeOnce, Math.max(0, delay), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            queued.set(false); // the pool is shut down: nothing more is computed
        }
    }

    /** One computation; the next is scheduled when it was woken meanwhile, or after a backoff when it failed. */
    private void computeOnce() {
        if (!running) {
            queued.set(false);
            return;
        }
        dirty = false;
        long retryMs = -1;
        try {
            StreamId upTo = keys.flatMap(followers::position).fold(StreamId.MIN, (a, b) -> a.compareTo(b) >= 0 ? a : b);
            A value = compute.get();
            computes.incrementAndGet();
            Update<A> before = current.get();
            if (before == null || !before.value().equals(value)) {
                Update<A> next = new Update<>(value, upTo, before == null ? 1 : before.version() + 1);
                current.set(next);
                changes.incrementAndGet();
                for (Mailbox box : listeners) {
                    box.offer(next);
                }
            }
            backoff = backoff.reset();
        } catch (RuntimeException e) {
            failures.incrementAndGet();
            backoff = backoff.next();
            dirty = true; // computed again after the backoff
            retryMs = backoff.delay().toMillis();
        } finally {
            lastEnded = System.nanoTime();
            queued.set(false);
        }
        if (dirty) {
            schedule(Math.max(retryMs, 0));
        }
    }

    /** One listener's slot: at most one update waiting, replaced by a newer one; delivered one at a time on the dispatcher. */
    private final class Mailbox {
        final Listener<A> listener;
        final AtomicReference<Update<A>> waiting = new AtomicReference<>();
        final AtomicBoolean scheduled = new AtomicBoolean();

        Mailbox(Listener<A> listener) {
            this.listener = listener;
        }

        void offer(Update<A> u) {
            if (waiting.getAndSet(u) != null) {
                conflated.incrementAndGet();
                echomq.domain.observe.EchoListener.tell(followers.listener(), new echomq.domain.observe.EchoEvent.Conflated(name));
            }
            schedule();
        }

        void schedule() {
            if (scheduled.compareAndSet(false, true)) {
                dispatch.execute(this::drain);
            }
        }

        void drain() {
            try {
                for (Update<A> u; (u = waiting.getAndSet(null)) != null; ) {
                    if (!listeners.contains(this)) {
                        return;
                    }
                    try {
                        listener.on(u);
                        delivered.incrementAndGet();
                    } catch (RuntimeException e) {
                        listeners.remove(this); // a listener that fails (a closed connection) is dropped
                        return;
                    }
                }
            } finally {
                scheduled.set(false);
            }
            // an offer between the last take and the flag going down found it still up: deliver it now
            if (waiting.get() != null && listeners.contains(this)) {
                schedule();
            }
        }
    }
}
