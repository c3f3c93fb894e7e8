package codemojex.app;

import codemojex.app.core.ChartBuckets;
import codemojex.app.core.Live;
import codemojex.app.core.Durations;
import codemojex.app.core.Play;
import codemojex.app.core.Players;
import codemojex.app.redis.EmbeddedRedis;
import codemojex.app.redis.OwnedRedis;
import codemojex.app.redis.RedisBoard;
import codemojex.app.redis.RedisGames;
import codemojex.app.redis.RedisGuessInbox;
import codemojex.app.redis.RedisGuessResults;
import codemojex.app.redis.RedisScoreCommit;
import codemojex.app.redis.RedisSessions;
import codemojex.app.redis.Connection;
import codemojex.app.redis.RedisCalls;
import codemojex.app.redis.jedis.JedisConnection;
import codemojex.app.redis.lettuce.LettuceConnection;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamRangePort;
import codemojex.app.worker.ScoreWorker;
import codemojex.app.worker.ScoreWorkers;
import codemojex.app.redis.Keys;
import codemojex.app.redis.StoredFormat;
import codemojex.app.redis.StoredPartitions;
import codemojex.app.redis.WriteProbe;
import codemojex.projections.GamePartitions;
import codemojex.projections.Channels;
import echomq.domain.id.Snowflake;
import echomq.domain.retention.SafeRetention;
import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import echomq.domain.stream.StreamStatePort;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.retention.RetentionDriver;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.wire.RedisUris;
import io.vavr.control.Option;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Objects;

/**
 * The composition root: wires the Redis adapters to the ports and builds the services and the
 * score worker, by hand, as {@link Settings} say. {@code try (Codemojex app = Codemojex.connect(uri, settings)) { … }}.
 * The Redis it runs on is given, or its own ({@link OwnedRedis}: the server, its {@code Watchdog},
 * the data directory's lock), which it owns until {@link #close()}.
 */
public final class Codemojex implements AutoCloseable {

    /**
     * The system's clock, read here, in the composition root, and nowhere else: every other class
     * takes the clock it is given ({@link Settings#clock()} by default this one), so tests can move time.
     */
    public static final java.time.Clock SYSTEM_CLOCK = java.time.Clock.systemUTC();

    private final String uri;
    private final Option<OwnedRedis> owned;
    private final Connection redis;
    private final Play play;
    private final Players players;
    private final UseCases uses;
    private final ScoreWorkers worker;
    private final StreamStatePort states;
    private final GamePartitions partitions;
    private final AppMeters meters = new AppMeters();
    private final ChartBuckets chart;
    private final codemojex.app.core.ClosingSessions sessions;
    private final WriteProbe writes;
    private final codemojex.app.core.port.in.IdempotentRequests idempotency;
    private final Settings settings;

    private Codemojex(String uri, Option<OwnedRedis> owned, Settings settings, ScoreWorker.Faults faults) {
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
        RedisGames games = new RedisGames(durable, keys, minter)
                .guardedBy(new echomq.wire.ClockGuard(redis.serverClock(), settings.clockBound(), System::nanoTime))
                .observedBy(meters.library());
        StreamRangePort range = redis.range();
        this.states = redis.states();
        this.play = new Play(games, new RedisGuessResults(calls, keys), redis.append(minter, settings.clockBound(), meters.library(), settings.durability()), range, minter,
                settings.clock(), new SecureRandom(), partitions);
        this.players = new Players(play, new codemojex.app.core.SessionCache(new RedisSessions(durable, keys), settings.clock()), settings.clock(), new SecureRandom(), settings.sessionTtl(),
                minter);
        this.idempotency = new codemojex.app.core.service.IdempotencyService(new codemojex.app.redis.RedisIdempotencyRecords(durable, keys),
                new SecureRandom());
        CheckpointPort checkpoints = redis.checkpoints();
        // retention hears the score workers' groups and keeps the tail of every partition's board checkpoint
        StreamReadersPort readers = redis.readers(meters.library());
        SafeRetention retention = new SafeRetention(redis.retention(), readers, checkpoints, states,
                HashMap.ofEntries(partitions.channel(Channels.GUESS_SCORED).keys().map(k -> io.vavr.Tuple.of(k, HashSet.of(codemojex.app.core.service.RebuildBoardService.BOARDS.name()))))).observedBy(meters.library());
        // one projection reader for every read use case, so that they share its cache; sealed panes and buckets kept a day
        codemojex.app.redis.RedisGameEnding ending = new codemojex.app.redis.RedisGameEnding(calls, keys, minter,
                Option.some(new echomq.wire.ClockGuard(redis.serverClock(), settings.clockBound(), System::nanoTime)));
        this.uses = UseCases.over(new codemojex.app.core.service.ProjectionReads(range, states, checkpoints, Duration.ofDays(1),
                settings.clock(), partitions).observedBy(meters.library()), games, ending, new RedisBoard(calls, keys), range, states, checkpoints,
                retention, partitions, settings.clock(),
                // what the live feed and the page's chart read: the only windows and series kept in Redis
                java.util.Set.of(Live.FEED_WINDOW), new java.util.HashSet<>(java.util.List.of(Live.PER_MINUTE,
                        new codemojex.app.core.SeriesQuery.Feed(Live.FEED_WINDOW.length(), settings.chartBucket()))));
        this.writes = new WriteProbe(calls, partitions.all().map(p -> partitions.stream(p, Channels.GUESSES).toString()).toJavaList());
        RedisScoreCommit commit = new RedisScoreCommit(durable, minter, keys)
                .guardedBy(new echomq.wire.ClockGuard(redis.serverClock(), settings.clockBound(), System::nanoTime));
        // one owner per partition: a member name of this process (a restart is another member), its commits fenced by its leases' epochs
        this.worker = new ScoreWorkers(partitions.all().map(p -> new ScoreWorker(
                new RedisGuessInbox(redis, partitions.queue(p), "worker-" + settings.node()), games, commit, faults,
                ScoreWorker.idleBeforeClaim(settings.claimIdle(), settings.lease()), settings.clock(), settings.commitBatch(),
                game -> partitions.of(game) == p)).toJavaList(),
                redis.leases(), partitions.channel(Channels.GUESSES), "worker-" + settings.node() + "-" + Long.toString(new SecureRandom().nextLong() >>> 1, 36),
                settings.lease(), settings.clock());
        meters.bindBehind(commit.fencedBy(worker::epoch)::behind);
        meters.bindWorkers(worker, readers, partitions);
        // one closing subscription per deployment (the store keeps its last bucket under this name), run by the live lead (#54)
        this.chart = new ChartBuckets(new ClosingBuckets(range, redis.serverClock(), redis.bucketMarks()), partitions,
                settings.chartBucket(), "feed-chart-" + Durations.format(settings.chartBucket()), RedisStreamAppend.DEFAULT_MAX_SKEW, settings.clock());
        this.sessions = new codemojex.app.core.ClosingSessions(new ClosingBuckets(range, redis.serverClock(), redis.bucketMarks()), partitions,
                settings.sessionGap(), "play-sessions-" + Durations.format(settings.sessionGap()), RedisStreamAppend.DEFAULT_MAX_SKEW, settings.clock());
    }

    /** The Redis clients the app can run on ({@code --client}). */
    public enum Client {
        /** Jedis: a pool of blocking connections. */
        JEDIS,
        /** Lettuce: one multiplexed connection, and one per thread that blocks. */
        LETTUCE
    }

    private static Connection open(String uri, Client client) {
        return switch (client) {
            // each partition's scorer and follower (live pages) hold a connection in a blocking read: room for them and the web's reads
            case JEDIS -> JedisConnection.open(uri, 2 * GamePartitions.MAX + RedisConnections.DEFAULT_MAX_CONNECTIONS);
            case LETTUCE -> LettuceConnection.open(uri);
        };
    }

    /** The app on the Redis at {@code uri}. */
    public static Codemojex connect(String uri, Settings settings) {
        return connect(uri, settings, ScoreWorker.Faults.NONE);
    }

    /** As {@link #connect(String, Settings)}, with {@code faults} injected into the score workers: the crash tests' seam. */
    static Codemojex connect(String uri, Settings settings, ScoreWorker.Faults faults) {
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
            return new Codemojex(owned.uri(), Option.some(owned), settings, ScoreWorker.Faults.NONE);
        } catch (RuntimeException e) {
            owned.abandon();
            throw e;
        }
    }

    /** What players do. */
    public Play play() {
        return play;
    }

    /** Who plays: joining games, sessions. */
    public Players players() {
        return players;
    }

    /** The writes that carry an {@code Idempotency-Key}: once per key and scope, a retry answered again. */
    public codemojex.app.core.port.in.IdempotentRequests idempotency() {
        return idempotency;
    }

    /** The read and operator use cases: the lobby, the feed, openings, results, boards, rebuilds, retention. */
    public UseCases useCases() {
        return uses;
    }

    /** What the shared projection reader did so far (cache hits, incremental and full folds). */
    public echomq.engine.projection.ProjectionReader.Metrics projectionMetrics() {
        return uses.reads().metrics();
    }

    /** The clock the app reads time from. */
    public java.time.Clock clock() { return settings.clock(); }

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
    public codemojex.app.core.ClosingSessions closingSessions() {
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
    public RetentionDriver keep(Duration keep, Duration every, java.util.function.Consumer<io.vavr.collection.List<RetentionDriver.Outcome>> outcomes) {
        return new RetentionDriver(uses.trims().keeping(keep, every), uses.trims().retention(), settings.clock(), outcomes);
    }

    /** As {@link #keep(Duration, Duration, java.util.function.Consumer)}, each channel trimmed at most every {@link #KEEP_EVERY}. */
    public RetentionDriver keep(Duration keep, java.util.function.Consumer<io.vavr.collection.List<RetentionDriver.Outcome>> outcomes) {
        return keep(keep, KEEP_EVERY, outcomes);
    }

    /** The whole pass of {@code serve --keep} (#48): idle games ended, then the channels trimmed; run it every {@code every}. */
    public KeepPass keepPass(Duration keep, Duration every, java.util.function.Consumer<KeepPass.Report> reports) {
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
