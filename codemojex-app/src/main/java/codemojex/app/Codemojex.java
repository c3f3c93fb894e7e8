package codemojex.app;

import codemojex.app.core.Play;
import codemojex.app.core.Reports;
import codemojex.app.redis.CheckpointCodecs;
import codemojex.app.redis.EmbeddedRedis;
import codemojex.app.redis.RedisBoard;
import codemojex.app.redis.RedisGames;
import codemojex.app.redis.RedisGuessInbox;
import codemojex.app.redis.RedisGuessResults;
import codemojex.app.redis.RedisScoreCommit;
import codemojex.app.worker.ScoreWorker;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamStatePort;
import echomq.redis.RedisCheckpoints;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamRetention;
import echomq.redis.RedisStreamState;
import echomq.redis.RedisUris;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * The composition root: wires the Redis adapters to the ports and builds the services and the
 * score worker, by hand. {@code try (Codemojex app = Codemojex.connect(uri, settings)) { … }}.
 */
public final class Codemojex implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Codemojex.class);

    /**
     * How the app is put together.
     *
     * @param node      the snowflake node id of this process, 0..1023
     * @param clock     the clock of every decision
     * @param faults    the fault hook of the score worker (tests)
     * @param claimIdle how long a guess stays with a silent worker before another claims it
     */
    public record Settings(int node, Clock clock, ScoreWorker.Faults faults, Duration claimIdle) {
        public Settings {
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(faults, "faults");
            Objects.requireNonNull(claimIdle, "claimIdle");
        }

        /** A random node id, the system clock, no faults, reclaim after 30 s of idleness. */
        public static Settings defaults() {
            return new Settings(new SecureRandom().nextInt(Snowflake.MAX_NODE + 1), Clock.systemUTC(), ScoreWorker.Faults.NONE,
                    Duration.ofSeconds(30));
        }

        /** These settings with fault hook {@code f}. */
        public Settings withFaults(ScoreWorker.Faults f) {
            return new Settings(node, clock, f, claimIdle);
        }

        /** These settings with claim idleness {@code d}. */
        public Settings withClaimIdle(Duration d) {
            return new Settings(node, clock, faults, d);
        }

        /** These settings with node id {@code n}. */
        public Settings withNode(int n) {
            return new Settings(n, clock, faults, claimIdle);
        }
    }

    private final String uri;
    private final Option<EmbeddedRedis> embedded;
    private final UnifiedJedis jedis;
    private final Play play;
    private final Reports reports;
    private final ScoreWorker worker;
    private final RedisStreamState states;

    private Codemojex(String uri, Option<EmbeddedRedis> embedded, Settings settings) {
        this.uri = uri;
        this.embedded = embedded;
        this.jedis = RedisConnections.connect(uri);
        Snowflake minter = new Snowflake(settings.node(), settings.clock());
        RedisGames games = new RedisGames(jedis);
        RedisStreamRange range = new RedisStreamRange(jedis);
        this.states = new RedisStreamState(jedis);
        this.play = new Play(games, new RedisGuessResults(jedis), new RedisStreamAppend(jedis, minter), range, minter,
                settings.clock(), new SecureRandom());
        this.reports = new Reports(games, new RedisBoard(jedis), range, states, new RedisStreamRetention(jedis),
                new Reports.Checkpointing(new RedisCheckpoints(jedis), CheckpointCodecs.boards(), CheckpointCodecs.feed(), Duration.ofDays(1)),
                settings.clock());
        this.worker = new ScoreWorker(new RedisGuessInbox(jedis, "worker-" + settings.node()), games,
                new RedisScoreCommit(jedis, minter), settings.faults(), settings.claimIdle());
    }

    /** The app on the Redis at {@code uri}. */
    public static Codemojex connect(String uri, Settings settings) {
        if (RedisUris.isCluster(uri)) {
            RedisUris.parseCluster(uri);
        } else {
            RedisUris.parse(uri);
        }
        return new Codemojex(uri, Option.none(), settings);
    }

    /**
     * The app on a Redis of its own: {@code redis-server} from {@code PATH} on a free loopback port,
     * with a random password and no persistence, stopped on {@link #close()}.
     */
    public static Codemojex embedded(Settings settings) {
        // stopped by close(), after the worker: the serve command's shutdown hook closes in that order
        EmbeddedRedis server = EmbeddedRedis.start();
        log.info("started an embedded Redis at {} (no persistence, random password; stopped on exit)", RedisUris.mask(server.uri()));
        return new Codemojex(server.uri(), Option.some(server), settings);
    }

    /** {@code uri} if given, else {@code REDIS_URL}, else an embedded Redis. */
    public static Codemojex resolve(Option<String> uri, Settings settings) {
        Option<String> given = uri.orElse(() -> Option.of(System.getenv("REDIS_URL")).filter(s -> !s.isBlank()));
        return given.isDefined() ? connect(given.get(), settings) : embedded(settings);
    }

    /** What players do. */
    public Play play() {
        return play;
    }

    /** What players and operators read. */
    public Reports reports() {
        return reports;
    }

    /** The score worker (not started). */
    public ScoreWorker worker() {
        return worker;
    }

    /** The Redis client every adapter shares. */
    public UnifiedJedis jedis() {
        return jedis;
    }

    /** Stream state reads, for the health check. */
    public StreamStatePort states() {
        return states;
    }

    /** The Redis URI, password masked. */
    public String maskedUri() {
        return RedisUris.mask(uri);
    }

    /** Whether the app started its own Redis. */
    public boolean embeddedRedis() {
        return embedded.isDefined();
    }

    @Override
    public void close() {
        worker.stop();
        jedis.close();
        embedded.forEach(EmbeddedRedis::close);
    }
}
