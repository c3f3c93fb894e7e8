package codemojex.app.redis;

import echomq.redis.RedisConnections;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The app's own Redis, for a run with none given: {@code redis-server} from {@code PATH} as a child
 * process on a free loopback port, with a random password and no persistence, stopped by
 * {@link #close()}. {@code try (EmbeddedRedis r = EmbeddedRedis.start()) { … r.uri() … }}.
 */
public final class EmbeddedRedis implements AutoCloseable {

    /** What to do when there is no {@code redis-server}. */
    public static final String HOW_TO_INSTALL = "no Redis given and no redis-server on PATH: pass --redis redis://host:port "
            + "(or set REDIS_URL), or install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis)";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);

    private final Process process;
    private final String uri;
    private final Path dir;

    private EmbeddedRedis(Process process, String uri, Path dir) {
        this.process = process;
        this.uri = uri;
        this.dir = dir;
    }

    /** Starts one and waits until it answers; {@link IllegalStateException} saying how to install Redis when there is none. */
    public static EmbeddedRedis start() {
        Path exe = executable().orElseThrow(() -> new IllegalStateException(HOW_TO_INSTALL));
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        int port = freePort();
        try {
            Path dir = Files.createTempDirectory("codemojex-redis-");
            // the password goes in a config file, not on the command line, where `ps` would show it
            Path conf = dir.resolve("redis.conf");
            Files.writeString(conf, String.join("\n", "port " + port, "bind 127.0.0.1", "requirepass " + password,
                    "save \"\"", "appendonly no", "daemonize no", "dir " + dir, "logfile " + dir.resolve("redis.log")) + "\n");
            conf.toFile().setReadable(false, false);
            conf.toFile().setReadable(true, true);
            Process p = new ProcessBuilder(exe.toString(), conf.toString()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("stdout.log").toFile()).start();
            EmbeddedRedis r = new EmbeddedRedis(p, "redis://:" + password + "@127.0.0.1:" + port, dir);
            r.awaitReady();
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + exe, e);
        }
    }

    /** The {@code redis-server} on {@code PATH}, if any. */
    public static Optional<Path> executable() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(d.isEmpty() ? "." : d, "redis-server");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** {@code redis://:<password>@127.0.0.1:<port>}: keep it out of logs (mask it with {@code RedisUris.mask}). */
    public String uri() {
        return uri;
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        JedisException last = null;
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (UnifiedJedis probe = RedisConnections.connect(uri)) {
                probe.ping(); // answers -LOADING until the data set is loaded
                return;
            } catch (JedisException notYet) {
                last = notYet;
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        close();
        throw new IllegalStateException("redis-server did not start (see " + dir.resolve("redis.log") + ")"
                + (last == null ? "" : ": " + last.getMessage()));
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server; with no persistence its data is gone. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        dir.resolve("redis.conf").toFile().delete(); // it holds the password
    }
}
