package codemojex.app.redis;

import echomq.redis.RedisConnections;
import echomq.wire.RedisUris;
import io.vavr.control.Option;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The app's own Redis, for a run with none given: {@code redis-server} from {@code PATH} as a
 * child process on a free loopback port, with a password, in a directory. On a {@link DataDirectory}
 * it keeps its data (AOF, {@code appendfsync everysec}: a crash loses at most the last second of
 * writes); {@link #ephemeral()} keeps nothing. {@link #close()} stops it cleanly ({@code SIGTERM}:
 * Redis writes what it holds before it exits).
 */
public final class EmbeddedRedis implements AutoCloseable {

    /** What to do when there is no {@code redis-server}. */
    public static final String HOW_TO_INSTALL = "no Redis given and no redis-server on PATH: pass --redis redis://host:port "
            + "(or set REDIS_URL), or install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis)";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    /** The file in its directory where the server writes its process id. */
    public static final String PID_FILE = "redis.pid";

    private final Path dir;
    private final Path conf;
    private final String uri;
    private final boolean persistent;
    private volatile Process process;

    private EmbeddedRedis(Path dir, Path conf, String uri, boolean persistent) {
        this.dir = dir;
        this.conf = conf;
        this.uri = uri;
        this.persistent = persistent;
    }

    /** A Redis that keeps nothing, in a temporary directory. */
    public static EmbeddedRedis ephemeral() {
        try {
            Path dir = Files.createTempDirectory("codemojex-redis-");
            return start(dir, newPassword(), List.of("save \"\"", "appendonly no"), false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A Redis keeping its data in {@code data}: its AOF, its configuration and the
     * {@link DataDirectory#CONNECTION} file. The caller holds the directory's lock.
     */
    public static EmbeddedRedis persistent(DataDirectory data) {
        String password = data.password().getOrElse(EmbeddedRedis::newPassword);
        EmbeddedRedis r = start(data.path(), password, List.of("save \"\"", "appendonly yes", "appendfsync everysec"), true);
        data.writeConnection(r.uri());
        return r;
    }

    private static EmbeddedRedis start(Path dir, String password, List<String> persistence, boolean persistent) {
        Path exe = executable().orElseThrow(() -> new IllegalStateException(HOW_TO_INSTALL));
        int port = freePort();
        Path conf = dir.resolve("redis.conf");
        List<String> lines = new ArrayList<>(List.of("port " + port, "bind 127.0.0.1", "requirepass " + password,
                "daemonize no", "dir " + dir.toAbsolutePath(), "logfile " + dir.toAbsolutePath().resolve("redis.log"),
                "pidfile " + dir.toAbsolutePath().resolve(PID_FILE)));
        lines.addAll(persistence);
        // the password goes in a file only the owner reads, not on the command line, where `ps` would show it
        DataDirectory.writePrivate(conf, String.join("\n", lines) + "\n");
        EmbeddedRedis r = new EmbeddedRedis(dir, conf, "redis://:" + password + "@127.0.0.1:" + port, persistent);
        r.launch(exe);
        return r;
    }

    private synchronized void launch(Path exe) {
        try {
            process = new ProcessBuilder(exe.toString(), conf.toAbsolutePath().toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.out").toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + exe, e);
        }
        awaitReady();
    }

    /** Starts the server again on the same port and data if it died (a watchdog's call); whether it had to. */
    public synchronized boolean restartIfDead() {
        if (process == null || process.isAlive()) {
            return false;
        }
        launch(executable().orElseThrow(() -> new IllegalStateException(HOW_TO_INSTALL)));
        return true;
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

    /** Stops the Redis at {@code uri} (one this app took over from a killed process): {@code SHUTDOWN}, which writes what it holds. */
    public static void shutdown(String uri) {
        try (UnifiedJedis j = RedisConnections.connect(uri)) {
            j.executeCommand(new CommandArguments(Protocol.Command.SHUTDOWN));
        } catch (JedisException gone) {
            // SHUTDOWN answers by closing the connection
        }
    }

    /** Whether it keeps its data. */
    public boolean persistent() {
        return persistent;
    }

    /** The process id of the server, for the crash tests. */
    public long pid() {
        return process.pid();
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        JedisException last = null;
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (UnifiedJedis probe = RedisConnections.connect(uri)) {
                probe.ping(); // answers -LOADING until the AOF is loaded
                return;
            } catch (JedisDataException e) {
                if (String.valueOf(e.getMessage()).startsWith("MISCONF")) {
                    return; // up, loaded, and unable to persist: it serves reads, /health says why it refuses writes
                }
                last = e;
            } catch (JedisException notYet) {
                last = notYet;
            }
            sleep(25);
        }
        close();
        throw new IllegalStateException("redis-server did not start (see " + dir.resolve("redis.log") + ")"
                + (last == null ? "" : ": " + RedisUris.mask(String.valueOf(last.getMessage()))));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String newPassword() {
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        return HexFormat.of().formatHex(secret);
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server cleanly ({@code SIGTERM}; {@code SIGKILL} after 10 s). */
    @Override
    public synchronized void close() {
        Process p = process;
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
        if (!persistent) {
            Option.of(conf.toFile()).forEach(File::delete); // it holds the password of a server that is gone
            deleteTree(dir); // an ephemeral server leaves nothing behind, not even its temporary directory
        }
    }

    /** Deletes {@code root} and everything in it, as far as it can: what is left is only what could not be removed. */
    private static void deleteTree(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException gone) {
            // already removed, or not ours to remove: nothing more to do
        }
    }

    /** Permissions of the files that hold the password. */
}
