package codemojex.app.redis;

import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import echomq.domain.stream.StreamKey;
import io.vavr.control.Option;

/**
 * The partition count of the games on a Redis, kept there ({@value #KEY}): a game's keys are found
 * by hashing its id over the count, so every instance must use the one the games were written with,
 * for as long as the data lives. The first instance stores it; the others read it.
 */
public final class StoredPartitions {

    /** Where the count is kept, in the {@code {cm}} slot. */
    public static final String KEY = "emq:{cm}:codemojex:partitions";

    private StoredPartitions() {
    }

    /**
     * The count stored on the Redis {@code redis} calls; when none is, {@code asked} (1 when not asked
     * either), stored now.
     *
     * @throws IllegalStateException when {@code asked} differs from the stored count, or when games
     *                               of a single partition exist and more are asked for (naming both)
     */
    public static GamePartitions resolve(RedisCalls redis, Option<Integer> asked) {
        asked.forEach(GamePartitions::new); // a count out of range is refused before anything reaches Redis
        Option<Integer> stored = read(redis);
        if (stored.isEmpty()) {
            int count = asked.getOrElse(1);
            String opened = StreamKey.of(Channels.QUEUE, Channels.ROOM_OPENED).toString();
            if (count > 1 && redis.exists(opened)) {
                throw new IllegalStateException("this Redis holds games written without partitions (" + opened + " exists): "
                        + count + " partitions would not find them; serve it with --partitions 1");
            }
            stored = redis.setIfAbsent(KEY, Integer.toString(count)) ? Option.some(count) : read(redis); // another instance stored one first
        }
        int count = stored.getOrElseThrow(() -> new IllegalStateException(KEY + " vanished while it was being stored"));
        if (asked.isDefined() && asked.get() != count) {
            throw new IllegalStateException("this Redis holds games in " + count + " partition(s) (" + KEY + "); --partitions "
                    + asked.get() + " would not find them: give --partitions " + count + " or leave it out");
        }
        return new GamePartitions(count);
    }

    private static Option<Integer> read(RedisCalls redis) {
        Option<String> stored = redis.get(KEY);
        if (stored.isEmpty()) {
            return Option.none();
        }
        String value = stored.get();
        try {
            return Option.some(new GamePartitions(Integer.parseInt(value)).count());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(KEY + " holds \"" + value + "\", not a partition count 1.." + GamePartitions.MAX, e);
        }
    }
}
