package codemojex.app.core;

import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import echomq.domain.fold.Tally;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.engine.live.ClosingBuckets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The live chart's buckets as they close: one {@link ClosingBuckets} subscription on every
 * partition's {@code guess-scored}, tumbling buckets of the chart's length from the moment it
 * starts, each handed over once with its final value (player -> scored guesses and their stats, the fold of
 * {@code FeedQuery.feedSeries}) when the store's clock passes its end by the writers' skew, quiet
 * buckets too; fanned out to every listener, each in bucket order on the dispatcher, so a slow
 * page never holds the subscription back nor another page.
 */
public final class ChartBuckets implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChartBuckets.class);

    /** What a listener gets: a closed bucket of the chart. */
    public interface Listener extends Consumer<Bucket<Tally<FeedBucket>>> {
    }

    private final ClosingBuckets closing;
    private final GamePartitions partitions;
    private final Duration bucket;
    private final String name;
    private final Duration skew;
    private final Clock clock;
    private final CopyOnWriteArrayList<Fanned> listeners = new CopyOnWriteArrayList<>();
    private ClosingBuckets.Subscription subscription;
    private Executor dispatch;

    /**
     * Over the closing buckets of the store, the partitions, the chart's bucket length, the
     * subscription's name (its last bucket is kept in the store under it: one name per process),
     * the writers' clock skew and the clock the first bucket starts by.
     */
    public ChartBuckets(ClosingBuckets closing, GamePartitions partitions, Duration bucket, String name, Duration skew, Clock clock) {
        this.closing = Objects.requireNonNull(closing, "closing");
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.bucket = Objects.requireNonNull(bucket, "bucket");
        this.name = Objects.requireNonNull(name, "name");
        this.skew = Objects.requireNonNull(skew, "skew");
        this.clock = Objects.requireNonNull(clock, "clock");
        Buckets.tumbling(bucket); // refused here, not at start
    }

    /** The chart's bucket length. */
    public Duration bucket() {
        return bucket;
    }

    /** How often a pass asks whether a bucket closed: a quarter of a bucket, 100 ms .. 1 s. */
    public Duration every() {
        return Duration.ofMillis(Math.max(100, Math.min(1000, bucket.toMillis() / 4)));
    }

    /**
     * Subscribes from now on and starts the passes, on a thread of its own; each closed bucket is
     * given to the listeners on {@code dispatch}. A second start does nothing.
     */
    public synchronized void start(Executor dispatch) {
        if (subscription != null) {
            return;
        }
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
        // from now: a process that starts again does not push the buckets it missed, only those after
        subscription = closing.subscribe(partitions.channel(Channels.GUESS_SCORED), name, Buckets.tumbling(bucket), clock.instant(),
                skew, codemojex.app.core.service.FeedService.FEED_BUCKET, this::handOut)
                .start("chart-buckets", every(), e -> log.warn("could not close the chart's buckets: {}", e.getMessage()));
    }

    /** {@code listener} gets every bucket that closes from now until the returned handle is closed. */
    public AutoCloseable subscribe(Listener listener) {
        Fanned f = new Fanned(Objects.requireNonNull(listener, "listener"));
        listeners.add(f);
        return () -> listeners.remove(f);
    }

    /** How many listen now. */
    public int listeners() {
        return listeners.size();
    }

    private void handOut(Bucket<Tally<FeedBucket>> b) {
        for (Fanned f : listeners) {
            f.offer(b); // never throws: a bucket is not handed out again for a listener that failed
        }
    }

    /** Stops the passes (the buckets pushed so far stay marked in the store). */
    @Override
    public synchronized void close() {
        if (subscription != null) {
            subscription.close(); // and its thread
        }
        subscription = null;
        listeners.clear();
    }

    /** One listener's queue: drained on the dispatcher, one drain at a time, so its buckets arrive in order. */
    private final class Fanned {
        private final Listener listener;
        private final Queue<Bucket<Tally<FeedBucket>>> queue = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean draining = new AtomicBoolean();

        Fanned(Listener listener) {
            this.listener = listener;
        }

        void offer(Bucket<Tally<FeedBucket>> b) {
            queue.add(b);
            schedule();
        }

        private void schedule() {
            if (draining.compareAndSet(false, true)) {
                try {
                    dispatch.execute(this::drain);
                } catch (RuntimeException e) {
                    draining.set(false); // the dispatcher is shut down: the app is stopping
                }
            }
        }

        private void drain() {
            try {
                Bucket<Tally<FeedBucket>> b;
                while ((b = queue.poll()) != null) {
                    try {
                        listener.accept(b);
                    } catch (RuntimeException e) {
                        listeners.remove(this); // the page left: it hears no more
                        queue.clear();
                        return;
                    }
                }
            } finally {
                draining.set(false);
            }
            if (!queue.isEmpty()) {
                schedule();
            }
        }
    }
}
