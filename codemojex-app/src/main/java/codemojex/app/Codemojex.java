package codemojex.app;

import codemojex.app.redis.RedisBoard;
import codemojex.app.redis.RedisGames;
import codemojex.app.worker.ScoreWorker;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.domain.Snowflake;
import echomq.redis.RedisConnections;
import echomq.redis.RedisServerProcess;
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
import java.util.HexFormat;
import java.util.Objects;

/**
 * The composition root: wires the Redis adapters to the ports and builds the services and the
 * score worker, by hand. {@code try (Codemojex app = Codemojex.connect(uri, settings)) { … }}.
 */
public final class Codemojex implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Codemojex.class);

    /** How the app is put together. */
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

        public Settings withFaults(ScoreWorker.Faults f) {
            return new Settings(node, clock, f, claimIdle);
        }

        public Settings withClaimIdle(Duration d) {
            return new Settings(node, clock, faults, d);
        }

        public Settings withNode(int n) {
            return new Settings(n, clock, faults, claimIdle);
        }
    }

    private final String uri;
    private final Option<RedisServerProcess> embedded;
    private final UnifiedJedis jedis;
    private final ObjectMapper json;
    private final GameService games;
    private final ScoreWorker worker;
    private final RedisStreamState states;

    private Codemojex(String uri, Option<RedisServerProcess> embedded, Settings settings) {
        this.uri = uri;
        this.embedded = embedded;
        this.jedis = RedisConnections.connect(uri);
        this.json = Json.mapper();
        Snowflake minter = new Snowflake(settings.node(), settings.clock());
        RedisGames store = new RedisGames(jedis);
        RedisStreamRange range = new RedisStreamRange(jedis);
        this.states = new RedisStreamState(jedis);
        this.games = new GameService(new RedisStreamAppend(jedis, minter), range, states, new RedisStreamRetention(jedis), store,
                new RedisBoard(jedis), minter, settings.clock(), new SecureRandom());
        this.worker = new ScoreWorker(jedis, "worker-" + settings.node(), store, minter, json, settings.faults(),
                settings.claimIdle());
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
        if (RedisServerProcess.executable().isEmpty()) {
            throw new IllegalStateException("no Redis given and no redis-server on PATH: pass --redis redis://host:port "
                    + "(or set REDIS_URL), or install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis)");
        }
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        // stopped by close(), after the worker: the serve command's shutdown hook closes in that order
        RedisServerProcess server = RedisServerProcess.startOwned("--requirepass", password);
        String uri = "redis://:" + password + "@127.0.0.1:" + server.port();
        log.info("started an embedded Redis at {} (no persistence, random password; stopped on exit)", RedisUris.mask(uri));
        return new Codemojex(uri, Option.some(server), settings);
    }

    /** {@code uri} if given, else {@code REDIS_URL}, else an embedded Redis. */
    public static Codemojex resolve(Option<String> uri, Settings settings) {
        Option<String> given = uri.orElse(() -> Option.of(System.getenv("REDIS_URL")).filter(s -> !s.isBlank()));
        return given.isDefined() ? connect(given.get(), settings) : embedded(settings);
    }

    public GameService games() {
        return games;
    }

    public ScoreWorker worker() {
        return worker;
    }

    public ObjectMapper json() {
        return json;
    }

    public UnifiedJedis jedis() {
        return jedis;
    }

    public RedisStreamState states() {
        return states;
    }

    /** The Redis URI, password masked. */
    public String maskedUri() {
        return RedisUris.mask(uri);
    }

    public boolean embeddedRedis() {
        return embedded.isDefined();
    }

    @Override
    public void close() {
        worker.stop();
        jedis.close();
        embedded.forEach(RedisServerProcess::stop);
    }
}
