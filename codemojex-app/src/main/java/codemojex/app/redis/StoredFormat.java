package codemojex.app.redis;

import codemojex.app.core.DataFormat;
import codemojex.projections.Channels;
import echomq.domain.stream.StreamKey;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The format of the app's data, kept on the Redis ({@value #KEY}) and checked at every start before
 * anything else is read or written: {@link DataFormat#decide} decides, this shell reads, migrates
 * and keeps it.
 */
public final class StoredFormat {

    private static final Logger log = LoggerFactory.getLogger(StoredFormat.class);

    /** Where the format is kept, in the {@code {cm}} slot. */
    public static final String KEY = "emq:{cm}:codemojex:format";

    private StoredFormat() {
    }

    /**
     * Checks the data on the Redis {@code redis} calls: a fresh Redis is marked with this release's
     * format; older data is migrated in place (idempotent: two instances starting at once, or a
     * migration run again after a crash, end the same); the format found when it is this release's.
     *
     * @throws IllegalStateException when the data is of a newer format (naming both), or the kept
     *                               format is not a number
     */
    public static int check(RedisCalls redis) {
        DataFormat.Decision d = DataFormat.decide(read(redis), hasData(redis));
        if (d instanceof DataFormat.Newer n) {
            throw new IllegalStateException(n.message());
        }
        if (d instanceof DataFormat.Migrate m) {
            migrate(redis, m.from());
            log.info("migrated the Codemojex data on this Redis from format {} to {}", m.from(), DataFormat.CURRENT);
        } else if (d instanceof DataFormat.Fresh) {
            redis.setIfAbsent(KEY, Integer.toString(DataFormat.CURRENT));
        }
        return DataFormat.CURRENT;
    }

    /**
     * Each step from {@code from} to {@link DataFormat#CURRENT}; format 0 had format 1's keys, so its
     * step changes none. The format is kept last: a migration stopped midway is run again whole.
     */
    private static void migrate(RedisCalls redis, int from) {
        if (from != 0) {
            // every older format but 0 would have its step here; format 1 is the first kept, so there is none yet
            throw new IllegalStateException("no migration from Codemojex data format " + from + " to " + DataFormat.CURRENT);
        }
        // format 0 -> 1: the keys are the same, only the format is new; SET NX, as another instance may be migrating too
        redis.setIfAbsent(KEY, Integer.toString(DataFormat.CURRENT));
    }

    /** Whether the Redis holds data of the app: its partition count, or the games' stream of the releases before it. */
    private static boolean hasData(RedisCalls redis) {
        return redis.exists(StoredPartitions.KEY) || redis.exists(StreamKey.of(Channels.QUEUE, Channels.ROOM_OPENED).toString());
    }

    /** The kept format, -1 when none is. */
    private static int read(RedisCalls redis) {
        Option<String> v = redis.get(KEY);
        if (v.isEmpty()) {
            return -1;
        }
        try {
            int f = Integer.parseInt(v.get().trim());
            if (f < 0) {
                throw new NumberFormatException("negative");
            }
            return f;
        } catch (NumberFormatException e) {
            throw new IllegalStateException(KEY + " holds \"" + v.get() + "\", not a data format number", e);
        }
    }
}
