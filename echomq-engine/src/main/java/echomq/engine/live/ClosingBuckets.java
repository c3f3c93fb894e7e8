package echomq.engine.live;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.DueBuckets;
import echomq.domain.closing.DueSessions;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.fold.Fold;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.PartitionedWindows;
import echomq.domain.window.Series;
import echomq.domain.window.Session;
import echomq.domain.window.Sessions;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Buckets that close on time: a subscription hands each bucket of a stream to a listener once,
 * with its final value, when the store's clock ({@link ServerClockPort}, {@code TIME} on Redis)
 * has passed the bucket's end by more than the writers' clock skew, whether or not any entry
 * arrived. What it handed out last is kept in the store ({@link BucketMarkPort}), so after a
 * restart it resumes after that bucket and skips none. The bucket being handed out when the
 * process died (given to the listener, not yet marked) is handed out again: delivery is at least
 * once for that one bucket and exactly once for every other.
 * <pre>{@code
 * ClosingBuckets closing = new ClosingBuckets(new RedisStreamRange(jedis), new RedisServerClock(jedis), new RedisBucketMarks(jedis));
 * ClosingBuckets.Subscription perMinute = closing.subscribe(key, "chart", Buckets.tumbling(Duration.ofMinutes(1)),
 *         Instant.now(), RedisStreamAppend.DEFAULT_MAX_SKEW, count, bucket -> push(bucket));
 * perMinute.start(scheduler, Duration.ofSeconds(1), error -> log.warn("closing", error));
 * }</pre>
 */
public final class ClosingBuckets {

    /** The most buckets one pass hands out: a subscription far behind catches up over several. */
    public static final int PER_PASS = 1_000;

    private final StreamRangePort range;
    private final StreamWindows windows;
    private final PartitionedWindows partitioned;
    private final ServerClockPort clock;
    private final BucketMarkPort marks;
    private final Option<EventTime> time;

    /**
     * Over the stores' ports.
     *
     * @param range what the buckets are folded from
     * @param clock the store's clock, which says when a bucket is final
     * @param marks where each subscription's last bucket is kept
     */
    public ClosingBuckets(StreamRangePort range, ServerClockPort clock, BucketMarkPort marks) {
        this(range, range, clock, marks, Option.none());
    }

    private ClosingBuckets(StreamRangePort range, StreamRangePort read, ServerClockPort clock, BucketMarkPort marks, Option<EventTime> time) {
        this.range = Objects.requireNonNull(range, "range");
        this.windows = new StreamWindows(read);
        this.partitioned = new PartitionedWindows(read);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.marks = Objects.requireNonNull(marks, "marks");
        this.time = time;
    }

    /**
     * The same subscriptions by the event time of the streams' entries: each bucket (and session)
     * holds the entries on time of its event times, read through the event-time view
     * ({@link EventTime#over}), and closes when the store's clock has passed its end by the skew and
     * the lateness {@code L} ({@link EventTime#closesAfter}), whether or not any entry arrived: no entry
     * of it can be written after that. Each entry the rule leaves out goes to {@code leftOut} in id
     * order, told by the pass whose read's span holds its id: once for buckets (the passes' spans tile
     * time), and for sessions once per pass whose read reaches back over it.
     * <pre>{@code
     * LeftOut.Tally missed = new LeftOut.Tally();
     * closing.byEventTime(EventTime.field("ts").lateness(Duration.ofMinutes(5)), missed)
     *         .subscribe(key, "chart", Buckets.tumbling(Duration.ofMinutes(1)), Instant.now(), skew, count, bucket -> push(bucket));
     * }</pre>
     *
     * @param time    the streams' event time
     * @param leftOut hears each entry left out
     * @return closing buckets by event time over the same stores
     */
    public ClosingBuckets byEventTime(EventTime time, LeftOut.Sink leftOut) {
        Objects.requireNonNull(time, "time");
        return new ClosingBuckets(range, time.over(range, leftOut), clock, marks, Option.some(time));
    }

    /** How long past a bucket's end it closes: the skew, and by event time the lateness with it. */
    private Duration closing(Duration skew) {
        return time.map(t -> t.closesAfter(skew)).getOrElse(skew);
    }

    /**
     * A subscription to the buckets of {@code stream} from {@code from} on; nothing is handed out
     * until {@link Subscription#pass()} runs or {@link Subscription#start} schedules it. Bad input
     * is refused here, before anything is read.
     *
     * @param stream   the stream
     * @param name     the subscription's name, under which its last bucket is kept (1..200 characters)
     * @param buckets  tumbling or calendar buckets
     * @param from     where the first bucket starts (clipped there), when nothing was handed out yet
     * @param skew     how far a writer's clock may lag the store's: the appender's maximum skew
     * @param fold     the fold of each bucket
     * @param listener gets each final bucket, in order; if it throws, the bucket is handed out
     *                 again at the next pass
     * @param <A>      the fold's accumulator
     * @return the subscription
     * @throws IllegalArgumentException for hopping buckets, a negative skew, a bad name, or a
     *                                  {@code from} without a stream id
     */
    public <A> Subscription subscribe(StreamKey stream, String name, Buckets buckets, Instant from, Duration skew,
                                      Fold<A> fold, Consumer<Bucket<A>> listener) {
        Objects.requireNonNull(stream, "stream");
        return subscription(stream, name, buckets, from, skew, fold, listener,
                range -> windows.foldSeries(stream, buckets, range, fold));
    }

    /**
     * A subscription to the buckets of every partition of {@code channel} together: each bucket
     * is the fold of the merged partitions (in {@code (StreamId, partition)} order), closed on the
     * clock of partition 0's server and marked beside partition 0's stream. On a cluster the
     * partitions' servers keep one time to within the skew allowed.
     *
     * @param channel  the partitioned channel
     * @param name     the subscription's name (1..200 characters)
     * @param buckets  tumbling or calendar buckets
     * @param from     where the first bucket starts (clipped there), when nothing was handed out yet
     * @param skew     how far a writer's clock may lag the store's
     * @param fold     the fold of each bucket
     * @param listener gets each final bucket, in order
     * @param <A>      the fold's accumulator
     * @return the subscription
     * @throws IllegalArgumentException for hopping buckets, a negative skew, a bad name, or a bad {@code from}
     */
    public <A> Subscription subscribe(PartitionedChannel channel, String name, Buckets buckets, Instant from, Duration skew,
                                      Fold<A> fold, Consumer<Bucket<A>> listener) {
        Objects.requireNonNull(channel, "channel");
        return subscription(channel.partition(0), name, buckets, from, skew, fold, listener,
                range -> partitioned.foldSeries(channel, buckets, range, fold));
    }

    private <A> Subscription subscription(StreamKey home, String name, Buckets buckets, Instant from, Duration skew,
                                          Fold<A> fold, Consumer<Bucket<A>> listener,
                                          java.util.function.Function<Window.Closed, Series<A>> series) {
        BucketMarkPort.requireName(name);
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(listener, "listener");
        DueBuckets.requireSubscribable(buckets, from, skew);
        return new Subscription(name, () -> handOut(home, name, buckets, from, skew, series, listener));
    }

    /**
     * A subscription to the sessions of {@code stream}: each session handed to {@code listener}
     * once, with its final fold, as soon as the store's clock less {@code skew} has passed its last
     * entry by the whole gap, whether or not anything was appended since (an idle stream closes its
     * sessions too). Sessions are handed out in the order they became final, by their last entry
     * (then key); the mark kept is the range of last entries handed out. The sessions that ended in
     * the millisecond being handed out when the process died are handed out again after a restart.
     * <pre>{@code
     * closing.subscribe(key, "sessions", Sessions.of(Duration.ofMinutes(2)).perKey("player"), Instant.now(),
     *         RedisStreamAppend.DEFAULT_MAX_SKEW, count, session -> push(session)).start(scheduler, Duration.ofSeconds(1), log::warn);
     * }</pre>
     *
     * @param stream   the stream
     * @param name     the subscription's name, under which its mark is kept (1..200 characters)
     * @param sessions the gap, the key and the bounds
     * @param from     the earliest last entry of a session handed out, when nothing was yet
     * @param skew     how far a writer's clock may lag the store's: the appender's maximum skew
     * @param fold     the fold of each session
     * @param listener gets each final session, in order; if it throws, its session (and those that
     *                 ended in the same millisecond) are handed out again at the next pass
     * @param <A>      the fold's accumulator
     * @return the subscription
     * @throws IllegalArgumentException for a negative skew, a bad name or a {@code from} without a stream id
     */
    public <A> Subscription subscribe(StreamKey stream, String name, Sessions sessions, Instant from, Duration skew,
                                      Fold<A> fold, Consumer<Session<A>> listener) {
        Objects.requireNonNull(stream, "stream");
        BucketMarkPort.requireName(name);
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(listener, "listener");
        DueSessions.requireSubscribable(from, skew);
        return new Subscription(name, () -> handOutSessions(stream, name, sessions, from, skew, listener,
                range -> windows.foldSessions(stream, sessions, range, fold)));
    }

    /**
     * A subscription to the sessions of every partition of {@code channel} together: a key's session
     * holds its entries of every partition (read in {@code (StreamId, partition)} order), closed on the
     * clock of partition 0's server and marked beside partition 0's stream.
     *
     * @param channel  the partitioned channel
     * @param name     the subscription's name (1..200 characters)
     * @param sessions the gap, the key and the bounds
     * @param from     the earliest last entry of a session handed out, when nothing was yet
     * @param skew     how far a writer's clock may lag the store's
     * @param fold     the fold of each session
     * @param listener gets each final session, in order
     * @param <A>      the fold's accumulator
     * @return the subscription
     * @throws IllegalArgumentException for a negative skew, a bad name or a bad {@code from}
     */
    public <A> Subscription subscribe(PartitionedChannel channel, String name, Sessions sessions, Instant from, Duration skew,
                                      Fold<A> fold, Consumer<Session<A>> listener) {
        Objects.requireNonNull(channel, "channel");
        BucketMarkPort.requireName(name);
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(listener, "listener");
        DueSessions.requireSubscribable(from, skew);
        return new Subscription(name, () -> handOutSessions(channel.partition(0), name, sessions, from, skew, listener,
                range -> partitioned.foldSessions(channel, sessions, range, fold)));
    }

    private <A> int handOut(StreamKey stream, String name, Buckets buckets, Instant from, Duration skew,
                            java.util.function.Function<Window.Closed, Series<A>> series, Consumer<Bucket<A>> listener) {
        List<Window.Closed> due = DueBuckets.due(buckets, from, marks.last(stream, name), clock.now(stream), closing(skew), PER_PASS);
        if (due.isEmpty()) {
            return 0;
        }
        // the due buckets are consecutive: one fold of their range gives exactly them
        Series<A> s = series.apply(Window.closed(due.head().t0(), due.last().t1()));
        int n = 0;
        for (Bucket<A> b : s.buckets()) {
            listener.accept(b);
            marks.handedOut(stream, name, b.window());
            n++;
        }
        return n;
    }

    private <A> int handOutSessions(StreamKey stream, String name, Sessions sessions, Instant from, Duration skew,
                                    Consumer<Session<A>> listener,
                                    java.util.function.Function<Window.Closed, List<Session<A>>> read) {
        Option<Window.Closed> due = DueSessions.due(sessions, from, marks.last(stream, name), clock.now(stream), closing(skew));
        if (due.isEmpty()) {
            return 0;
        }
        // read to the end of the gap after the due range: a session is closed there exactly when it ends in it
        List<Session<A>> closed = read.apply(DueSessions.read(sessions, due.get()))
                .filter(s -> !s.open())
                .sorted(java.util.Comparator.<Session<A>>comparingLong(s -> s.to().toEpochMilli())
                        .thenComparing(s -> s.key().getOrElse("")));
        int n = 0;
        for (int i = 0; i < closed.size(); i++) {
            Session<A> s = closed.get(i);
            listener.accept(s);
            n++;
            // marked once every session ending in this millisecond is handed out: a mark never splits one
            if (i + 1 == closed.size() || !closed.get(i + 1).to().equals(s.to())) {
                marks.handedOut(stream, name, Window.closed(due.get().t0(), s.to()));
            }
        }
        marks.handedOut(stream, name, due.get()); // an idle range is marked too: the next pass starts after it
        return n;
    }

    /** One subscription: its passes hand out what closed since the last one. */
    public final class Subscription implements AutoCloseable {

        private final String name;
        private final java.util.function.IntSupplier pass;
        private volatile ScheduledFuture<?> scheduled;
        /** The scheduler {@link #start(String, Duration, Consumer)} made, shut down by {@link #close()}; null otherwise. */
        private volatile ScheduledExecutorService owned;

        private Subscription(String name, java.util.function.IntSupplier pass) {
            this.name = name;
            this.pass = pass;
        }

        /**
         * Hands out every bucket (or session) that is final now and was not handed out, at most
         * {@link #PER_PASS} buckets, folded in one pass over their range, each marked in the store after
         * the listener took it.
         *
         * @return how many buckets or sessions were handed out
         * @throws echomq.domain.stream.StreamStoreException when the store fails (nothing after
         *         the last one marked is lost: the next pass starts there)
         * @throws IllegalStateException naming the bound, for a session past {@link Sessions#longest} or {@link Sessions#most}
         * @throws RuntimeException what the listener threw (its bucket or session is not marked)
         */
        public int pass() {
            return pass.getAsInt();
        }

        /**
         * Runs {@link #pass()} every {@code every} on {@code scheduler} until {@link #close()}.
         * A failed pass is handed to {@code onError} and the next one tries again: nothing is
         * swallowed, nothing skipped.
         *
         * @param scheduler the scheduler (not shut down by this subscription)
         * @param every     the delay between passes, above zero
         * @param onError   gets each failure of a pass
         * @return this subscription
         * @throws IllegalArgumentException when {@code every} is not above zero
         * @throws IllegalStateException when already started
         */
        public Subscription start(ScheduledExecutorService scheduler, Duration every, Consumer<Throwable> onError) {
            Objects.requireNonNull(scheduler, "scheduler");
            Objects.requireNonNull(onError, "onError");
            if (every == null || every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("every must be above zero, got " + every);
            }
            synchronized (this) {
                if (scheduled != null) {
                    throw new IllegalStateException("subscription " + name + " already started");
                }
                scheduled = scheduler.scheduleWithFixedDelay(() -> {
                    try {
                        pass();
                    } catch (RuntimeException e) {
                        onError.accept(e);
                    }
                }, 0, every.toMillis(), TimeUnit.MILLISECONDS);
            }
            return this;
        }

        /**
         * Runs {@link #pass()} every {@code every} on a daemon thread of its own, named {@code thread},
         * until {@link #close()}, which also ends the thread: for a process with no scheduler to share.
         *
         * @param thread  the thread's name
         * @param every   the delay between passes, above zero
         * @param onError gets each failure of a pass
         * @return this subscription
         * @throws IllegalArgumentException when {@code every} is not above zero
         * @throws IllegalStateException when already started
         */
        public Subscription start(String thread, Duration every, Consumer<Throwable> onError) {
            Objects.requireNonNull(thread, "thread");
            ScheduledExecutorService own = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, thread);
                t.setDaemon(true); // a process that ends without close is not kept alive by it
                return t;
            });
            try {
                start(own, every, onError);
            } catch (RuntimeException e) {
                own.shutdownNow();
                throw e;
            }
            owned = own;
            return this;
        }

        /** Stops the scheduled passes (a pass under way finishes), and the thread of {@link #start(String, Duration, Consumer)}. */
        @Override
        public void close() {
            ScheduledFuture<?> s = scheduled;
            if (s != null) {
                s.cancel(false);
            }
            ScheduledExecutorService own = owned;
            if (own != null) {
                own.shutdownNow();
            }
        }
    }
}
