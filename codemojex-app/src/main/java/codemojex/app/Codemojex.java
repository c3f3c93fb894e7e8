package codemojex.app;

import codemojex.app.core.ChartBuckets;
import codemojex.app.core.ClosingSessions;
import codemojex.app.core.DurationFields;
import codemojex.app.core.SeriesQuery;
import codemojex.app.core.port.in.UseCases;
import codemojex.app.core.service.LiveService;
import codemojex.app.core.service.ProjectionReads;
import codemojex.app.core.service.RebuildBoardService;
import codemojex.app.redis.Connection;
import codemojex.app.redis.EmbeddedRedis;
import codemojex.app.redis.Keys;
import codemojex.app.redis.OwnedRedis;
import codemojex.app.redis.RedisBoard;
import codemojex.app.redis.RedisCalls;
import codemojex.app.redis.RedisGameEnding;
import codemojex.app.redis.RedisGames;
import codemojex.app.redis.RedisGuessInbox;
import codemojex.app.redis.RedisGuessResults;
import codemojex.app.redis.RedisIdempotencyRecords;
import codemojex.app.redis.RedisLogins;
import codemojex.app.redis.RedisScoreCommit;
import codemojex.app.redis.StoredFormat;
import codemojex.app.redis.StoredPartitions;
import codemojex.app.redis.WriteProbe;
import codemojex.app.redis.jedis.JedisConnection;
import codemojex.app.redis.lettuce.LettuceConnection;
import codemojex.app.worker.ScoreFaults;
import codemojex.app.worker.ScoreWorker;
import codemojex.app.worker.ScoreWorkers;
import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.id.Snowflake;
import echomq.domain.retention.SafeRetention;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.projection.ProjectionReader;
import echomq.engine.retention.RetentionDriver;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.wire.ClockGuard;
import echomq.wire.RedisUris;
import io.vavr.Tuple;
import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The composition root: wires the Redis adapters to the ports and builds the services and the
 * score worker, by hand, as {@link Settings} say. {@code try (Codemojex app = Codemojex.connect(uri, settings)) { … }}.
 * The Redis it runs on is given, or its own ({@link OwnedRedis}: the server, its {@code Watchdog},
 * the data directory's lock), which it owns until {@link #close()}.
 */
public final class Codemojex implements AutoCloseable {

    private final String uri;
    private final Option<OwnedRedis> owned;
    private final Connection redis;
    private final UseCases uses;
    private final ProjectionReads reads;
    private final ScoreWorkers worker;
    private final StreamStatePort states;
    private final GamePartitions partitions;
    private final AppMeters meters = new AppMeters();
    private final ChartBuckets chart;
    private final ClosingSessions sessions;
    private final WriteProbe writes;
    private final Settings settings;

    private Codemojex(String uri, Option<OwnedRedis> owned, Settings settings, ScoreFaults faults) {
        Objects.requireNonNull(faults, "faults");
        this.uri = uri;
        this.owned = owned;
        this.settings = settings;
        this.redis = open(uri, settings.client());
        RedisCalls calls = redis.calls();
        try {
            StoredFormat.check(calls); // before anything is read or written: a newer format is refused, an older one migrated
            this.partitions = StoredPartitions.resolve(calls, settings.partitions());
        } catch (RuntimeException e) {
            redis.close();
            meters.close();
            throw e;
        }
        Keys keys = new Keys(partitions);
        Snowflake minter = new Snowflake(settings.node(), settings.clock());
        RedisCalls durable = calls.durably(settings.durability()); // room opens, joins, score commits, kept answers: as --durability says
        RedisGames games = new RedisGames(durable, keys, minter).guardedBy(clockGuard()).observedBy(meters.library());
        StreamRangePort range = redis.range();
        this.states = redis.states();
        CheckpointPort checkpoints = redis.checkpoints();
        // retention hears the score workers' groups and keeps the tail of every partition's board checkpoint
        StreamReadersPort readers = redis.readers(meters.library());
        SafeRetention retention = new SafeRetention(redis.retention(), readers, checkpoints, states,
                HashMap.ofEntries(partitions.channel(Channels.GUESS_SCORED).keys().map(k -> Tuple.of(k, HashSet.of(RebuildBoardService.BOARDS.name())))))
                .observedBy(meters.library());
        RedisScoreCommit commit = new RedisScoreCommit(durable, minter, keys).guardedBy(clockGuard());
        // one projection reader for every read use case, so that they share its cache; sealed panes and buckets kept a day
        this.reads = new ProjectionReads(range, states, checkpoints, Duration.ofDays(1), settings.clock(), partitions).observedBy(meters.library());
        this.uses = CoreServices.build(new CoreServices.Outbound(games, new RedisGuessResults(calls, keys), new RedisLogins(durable, keys),
                        new RedisIdempotencyRecords(durable, keys), new RedisGameEnding(calls, keys, minter, Option.some(clockGuard())),
                        new RedisBoard(calls, keys), commit, redis.append(minter, settings.clockBound(), meters.library(), settings.durability()),
                        range, states, checkpoints, retention), reads, partitions, settings, minter,
                // what the live feed and the page's chart read: the only windows and series kept in Redis
                Set.of(LiveService.FEED_WINDOW), HashSet.of(LiveService.PER_MINUTE, new SeriesQuery.Feed(LiveService.FEED_WINDOW.length(), settings.chartBucket())).toJavaSet());
        this.writes = new WriteProbe(calls, partitions.all().map(p -> partitions.stream(p, Channels.GUESSES).toString()).toJavaList());
        // one owner per partition: a member name of this process (a restart is another member), its commits fenced by its leases' epochs
        this.worker = new ScoreWorkers(partitions.all().map(p -> new ScoreWorker(
                new RedisGuessInbox(redis, partitions.queue(p), "worker-" + settings.node()), uses.scoring(), p, faults,
                ScoreWorker.idleBeforeClaim(settings.claimIdle(), settings.lease()), settings.clock(), settings.commitBatch())).toJavaList(),
                redis.leases(), partitions.channel(Channels.GUESSES), "worker-" + settings.node() + "-" + Long.toString(new SecureRandom().nextLong() >>> 1, 36),
                settings.lease(), settings.clock());
        meters.bindBehind(commit.fencedBy(worker::epoch)::behind);
        meters.bindWorkers(worker, readers, partitions);
        // one closing subscription per deployment (the store keeps its last bucket under this name), run by the live lead (#54)
        this.chart = new ChartBuckets(new ClosingBuckets(range, redis.serverClock(), redis.bucketMarks()), partitions,
                settings.chartBucket(), "feed-chart-" + DurationFields.format(settings.chartBucket()), RedisStreamAppend.DEFAULT_MAX_SKEW, settings.clock());
        this.sessions = new ClosingSessions(new ClosingBuckets(range, redis.serverClock(), redis.bucketMarks()), partitions,
                settings.sessionGap(), "play-sessions-" + DurationFields.format(settings.sessionGap()), RedisStreamAppend.DEFAULT_MAX_SKEW, settings.clock());
    }

    /** The bound on how far the app's clock may run ahead of Redis's, read afresh at each write that mints. */
    private ClockGuard clockGuard() {
        return new ClockGuard(redis.serverClock(), settings.clockBound(), System::nanoTime);
    }

    private static Connection open(String uri, RedisClient client) {
        return switch (client) {
            // each partition's scorer and follower (live pages) hold a connection in a blocking read: room for them and the web's reads
            case JEDIS -> JedisConnection.open(uri, 2 * GamePartitions.MAX + RedisConnections.DEFAULT_MAX_CONNECTIONS);
            case LETTUCE -> LettuceConnection.open(uri);
        };
    }

    /** The app on the Redis at {@code uri}. */
    public static Codemojex connect(String uri, Settings settings) {
        return connect(uri, settings, ScoreFaults.NONE);
    }

    /** As {@link #connect(String, Settings)}, with {@code faults} injected into the score workers: the crash tests' seam. */
    static Codemojex connect(String uri, Settings settings, ScoreFaults faults) {
        if (RedisUris.isCluster(uri)) {
            RedisUris.parseCluster(uri);
        } else {
            RedisUris.parse(uri);
        }
        return new Codemojex(uri, Option.none(), settings, faults);
    }

    /** The app on {@code owned}, which it owns until {@link #close()}; a failed start abandons it (the lock let go of). */
    static Codemojex on(OwnedRedis owned, Settings settings) {
        try {
            return new Codemojex(owned.uri(), Option.some(owned), settings, ScoreFaults.NONE);
        } catch (RuntimeException e) {
            owned.abandon();
            throw e;
        }
    }

    /** Every use case, each behind its port: what the adapters (HTTP, command line, worker) are handed. */
    public UseCases useCases() {
        return uses;
    }

    /** The projection reader every read use case shares: its metrics and the entries it skipped. */
    public ProjectionReads reads() {
        return reads;
    }

    /** What the shared projection reader did so far (cache hits, incremental and full folds). */
    public ProjectionReader.Metrics projectionMetrics() {
        return reads.metrics();
    }

    /** The clock the app reads time from. */
    public Clock clock() { return settings.clock(); }

    /** How the app was put together: its node, its lease, its clock. */
    public Settings settings() { return settings; }

    /** The score workers, one per partition (not started). */
    public ScoreWorkers worker() {
        return worker;
    }

    /** The live chart's buckets as they close, pushed on {@code /feed/events} (not started: serve starts it, as the worker). */
    public ChartBuckets chart() {
        return chart;
    }

    /** Play sessions as they close, pushed on their game's event streams (not started: serve starts it). */
    public ClosingSessions closingSessions() {
        return sessions;
    }

    /** The connection every adapter shares, through the client of the settings. */
    public Connection redis() {
        return redis;
    }

    /** The app's meters ({@code GET /metrics}). */
    public AppMeters meters() {
        return meters;
    }

    /** How the games are spread over partitions. */
    public GamePartitions partitions() {
        return partitions;
    }

    /** How often {@code serve --keep} runs its pass by default ({@code --trim-every}). */
    public static final Duration KEEP_EVERY = Duration.ofMinutes(10);

    /**
     * The stream retention of {@code serve --keep}: every channel keeps what was minted in the last
     * {@code keep}, each trimmed at most every {@code every} through the library's
     * {@link RetentionDriver}, never past what a reader needs (the score workers' pending and
     * undelivered guesses, every board checkpoint); {@code outcomes} hears every run. Not started.
     */
    public RetentionDriver keep(Duration keep, Duration every, Consumer<List<RetentionDriver.Outcome>> outcomes) {
        return new RetentionDriver(uses.trims().keeping(keep, every), uses.trims().retention(), settings.clock(), outcomes);
    }

    /** As {@link #keep(Duration, Duration, Consumer)}, each channel trimmed at most every {@link #KEEP_EVERY}. */
    public RetentionDriver keep(Duration keep, Consumer<List<RetentionDriver.Outcome>> outcomes) {
        return keep(keep, KEEP_EVERY, outcomes);
    }

    /** The whole pass of {@code serve --keep} (#48): idle games ended, then the channels trimmed; run it every {@code every}. */
    public KeepPass keepPass(Duration keep, Duration every, Consumer<KeepPass.Report> reports) {
        return new KeepPass(uses.trims(), keep, keep(keep, every, run -> { }), reports);
    }

    /** Whether Redis accepts writes now (every partition's node), for the health check. */
    public WriteProbe writes() {
        return writes;
    }

    /** Stream state reads, for the health check. */
    public StreamStatePort states() {
        return states;
    }

    /** The Redis URI, password masked. */
    public String maskedUri() {
        return RedisUris.mask(uri);
    }

    /** Whether the app runs on a Redis of its own. */
    public boolean embeddedRedis() {
        return owned.isDefined();
    }

    /** The Redis this app started, if it did (the crash tests kill it). */
    public Option<EmbeddedRedis> startedRedis() {
        return owned.flatMap(OwnedRedis::started);
    }

    /** Stops the worker (and ends its committing threads), then the Redis this app owns (cleanly: it writes what it holds), then lets go of the data directory. */
    @Override
    public void close() {
        chart.close();
        sessions.close();
        worker.close();
        meters.close();
        redis.close();
        owned.forEach(OwnedRedis::close);
    }
}
