package codemojex.app.redis;

import echomq.wire.RedisUris;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Redis an app runs on when none is given, with what it holds for as long as it runs: the
 * server it started (watched by a {@link Watchdog}) or took over from a killed process, and the
 * data directory's {@link DataDirLock}. {@link #close()} lets go of all of it.
 */
public final class OwnedRedis implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OwnedRedis.class);

    private final String uri;
    private final Option<EmbeddedRedis> started;
    private final Option<Watchdog> watchdog;
    private final boolean adopted;
    private final Option<DataDirLock> lock;

    private OwnedRedis(String uri, Option<EmbeddedRedis> started, boolean adopted, Option<DataDirLock> lock) {
        this.uri = uri;
        this.started = started;
        // a Redis this app started is started again if it dies (on the same port and data): the app serves on
        this.watchdog = started.map(Watchdog::watch);
        this.adopted = adopted;
        this.lock = lock;
    }

    /** A Redis started without persistence, gone when it stops. */
    public static OwnedRedis ephemeral() {
        EmbeddedRedis server = EmbeddedRedis.ephemeral();
        log.info("started an embedded Redis at {} (no persistence, random password; stopped on exit)", RedisUris.mask(server.uri()));
        return new OwnedRedis(server.uri(), Option.some(server), false, Option.none());
    }

    /**
     * The Redis serving {@code data}, which this process owns from now on: the one a killed process
     * left running there, taken over (never two on one AOF), else one started on it.
     *
     * @throws DataDirectory.InUse when another process owns the directory
     */
    public static OwnedRedis serving(DataDirectory data) {
        DataDirLock lock = data.own();
        try {
            Option<String> left = data.running();
            if (left.isDefined()) {
                log.info("took over the Redis still serving data directory {} at {}", data.path(), RedisUris.mask(left.get()));
                return new OwnedRedis(left.get(), Option.none(), true, Option.some(lock));
            }
            EmbeddedRedis server = EmbeddedRedis.persistent(data);
            log.info("started an embedded Redis at {} keeping its data in {} (AOF, fsync every second; stopped on exit)",
                    RedisUris.mask(server.uri()), data.path());
            return new OwnedRedis(server.uri(), Option.some(server), false, Option.some(lock));
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * A Redis started on {@code data}, which no Redis serves now, for as long as this one is open.
     *
     * @throws DataDirectory.InUse when another process owns the directory
     */
    public static OwnedRedis startedOn(DataDirectory data) {
        DataDirLock lock = data.own();
        try {
            EmbeddedRedis server = EmbeddedRedis.persistent(data);
            return new OwnedRedis(server.uri(), Option.some(server), false, Option.some(lock));
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** Its URI, password included. */
    public String uri() {
        return uri;
    }

    /** The Redis this process started, if it did (none when it took one over). */
    public Option<EmbeddedRedis> started() {
        return started;
    }

    /**
     * Lets go of the directory, and stops watching, without stopping the Redis: what an app that
     * could not start on it does (a Redis left running on a directory is taken over by the next).
     */
    public void abandon() {
        watchdog.forEach(Watchdog::close);
        lock.forEach(DataDirLock::close);
    }

    /** Stops watching, stops the Redis (cleanly: it writes what it holds), then lets go of the data directory. */
    @Override
    public void close() {
        watchdog.forEach(Watchdog::close);
        started.forEach(EmbeddedRedis::close);
        if (adopted) {
            EmbeddedRedis.shutdown(uri);
        }
        lock.forEach(DataDirLock::close);
    }
}
