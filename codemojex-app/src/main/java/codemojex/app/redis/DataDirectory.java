package codemojex.app.redis;

import echomq.redis.RedisConnections;
import echomq.wire.RedisUris;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Where the embedded Redis keeps the game's data (by default {@value #DEFAULT}): its AOF, its
 * configuration, and {@value #CONNECTION}, a file (mode 0600) holding the URI, password included,
 * of the Redis that serves it, so that the read commands find it. One process owns it at a time:
 * the owner holds {@value #LOCK}'s lock for as long as it runs.
 */
public final class DataDirectory {

    /** Read and write by the owner only: what the app writes of a secret (a password, a URI with it). */
    static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    /** The default data directory, relative to where the app runs. */
    public static final String DEFAULT = "codemojex-data";

    /** The file holding the URI of the Redis serving the directory. */
    public static final String CONNECTION = "connection";

    /** The file whose lock says who owns the directory. */
    public static final String LOCK = "owner.lock";

    private final Path path;

    private DataDirectory(Path path) {
        this.path = path;
    }

    /** The directory at {@code path}, created (mode 0700) when missing. */
    public static DataDirectory at(Path path) {
        Path dir = Objects.requireNonNull(path, "path").toAbsolutePath().normalize();
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
                try {
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
                } catch (UnsupportedOperationException notPosix) {
                    // the file system has no POSIX permissions: nothing more to do
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot use data directory " + dir + ": " + e.getMessage(), e);
        }
        return new DataDirectory(dir);
    }

    /** The directory. */
    public Path path() {
        return path;
    }

    /** The URI of the Redis serving this directory, if one answers there now (password checked, and its {@code dir} is this one). */
    public Option<String> running() {
        Option<String> uri = connection();
        if (uri.isEmpty()) {
            return Option.none();
        }
        try (UnifiedJedis probe = RedisConnections.connect(uri.get(), Duration.ofMillis(500), Duration.ofSeconds(2))) {
            // no PING: a Redis that cannot persist (MISCONF) refuses it, and would be taken for none,
            // and a second one started on this directory; CONFIG GET is answered whatever it refuses
            List<String> dir = probe.configGet("dir").values().stream().toList();
            return !dir.isEmpty() && Path.of(dir.get(0)).toAbsolutePath().normalize().equals(path) ? uri : Option.none();
        } catch (JedisException | IllegalArgumentException notThere) {
            return Option.none();
        }
    }

    /** The URI in {@value #CONNECTION}, if the file is there. */
    public Option<String> connection() {
        Path file = path.resolve(CONNECTION);
        try {
            return Files.isRegularFile(file) ? Option.some(Files.readString(file, StandardCharsets.UTF_8).trim()).filter(s -> !s.isEmpty())
                    : Option.none();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The password the directory's Redis was given before, so that it keeps it. */
    Option<String> password() {
        return connection().map(u -> RedisUris.parse(u).password()).filter(p -> p != null && !p.isEmpty());
    }

    void writeConnection(String uri) {
        writePrivate(path.resolve(CONNECTION), uri + "\n");
    }

    /** Writes {@code text} to {@code file}, readable by its owner only (0600) from the start. */
    static void writePrivate(Path file, String text) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            try {
                Files.createFile(tmp, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(tmp);
            }
            Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Takes ownership of the directory for as long as the returned lock is held (released on
     * {@link DataDirLock#close()}, or when the process ends, however it ends).
     *
     * @throws InUse when another process owns it
     */
    public DataDirLock own() {
        return DataDirLock.take(path.resolve(LOCK)).getOrElseThrow(() -> new InUse(this));
    }

    /** Another process owns the data directory. */
    public static final class InUse extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        InUse(DataDirectory d) {
            super("data directory " + d.path + " is in use by another Codemojex process"
                    + d.connection().map(u -> " (its Redis: " + RedisUris.mask(u) + ")").getOrElse("")
                    + ": stop it first, or pass --data DIR for another directory");
        }
    }
}
