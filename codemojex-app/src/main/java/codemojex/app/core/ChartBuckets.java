package codemojex.app.core;

import codemojex.app.core.service.FeedService;
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
import java.util.function.Consumer;

/**
 * The live chart's buckets as they close: one {@link ClosingBuckets} subscription on every
 * partition's {@code guess-scored}, tumbling buckets of the chart's length, each handed over once
 * with its final value (player -> scored guesses and their stats, the fold of
 * {@code FeedQuery.feedSeries}) when the store's clock passes its end by the writers' skew, quiet
 * buckets too. It runs on the instance that leads the live values (#54), which casts each bucket for
 * every instance's pages: one read of each bucket whatever the number of instances. The subscription
 * is the deployment's, one name for all (its last bucket is kept in the store under it), so a new
 * lead hands out no bucket the one before marked; it starts from the later of that mark and the
 * moment it leads, so a bucket that closed while no instance led is not pushed (a page reads
 * {@code GET /feed/series}).
 */
public final class ChartBuckets implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChartBuckets.class);

    private final ClosingBuckets closing;
    private final GamePartitions partitions;
    private final Duration bucket;
    private final String name;
    private final Duration skew;
    private final Clock clock;
    private ClosingBuckets.Subscription subscription;

    /**
     * Over the closing buckets of the store, the partitions, the chart's bucket length, the
     * subscription's name (its last bucket is kept in the store under it: one name for the deployment),
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
     * Starts the passes, on a thread of its own: each closed bucket is given to {@code sink} in the
     * pass, in order, and marked handed out once {@code sink} took it (a sink that throws has its bucket
     * again at the next pass). The first bucket starts now when the deployment never handed one out.
     * A second start does nothing.
     */
    public synchronized void start(Consumer<Bucket<Tally<FeedBucket>>> sink) {
        if (subscription != null) {
            return;
        }
        Objects.requireNonNull(sink, "sink");
        subscription = closing.subscribe(partitions.channel(Channels.GUESS_SCORED), name, Buckets.tumbling(bucket), clock.instant(),
                skew, FeedService.FEED_BUCKET, sink)
                .start("chart-buckets", every(), e -> log.warn("could not close the chart's buckets: {}", e.getMessage()));
    }

    /** Whether the passes run. */
    public synchronized boolean running() {
        return subscription != null;
    }

    /** Stops the passes (the buckets handed out so far stay marked in the store); it may be started again. */
    @Override
    public synchronized void close() {
        if (subscription != null) {
            subscription.close(); // and its thread
        }
        subscription = null;
    }
}
