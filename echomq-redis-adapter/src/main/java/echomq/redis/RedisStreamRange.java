package echomq.redis;

import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamRangePort;
import redis.clients.jedis.UnifiedJedis;

import java.util.List;
import java.util.Objects;

import static echomq.redis.RedisReplies.bytes;

/**
 * {@link StreamRangePort} over Jedis: one {@code XRANGE key <ms>-<seq> <ms>-<seq> COUNT n} per call,
 * the ids always rendered in full, the reply decoded in stream order.
 */
public final class RedisStreamRange implements StreamRangePort {

    private static final byte[] PLUS = {'+'};

    private final UnifiedJedis jedis;

    public RedisStreamRange(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public List<StreamEntry> range(StreamKey stream, StreamId from, StreamId to, int count) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        requireCount(count);
        byte[] k = bytes(key);
        return RedisFailures.on(key, () -> RedisReplies.entries(key,
                jedis.xrange(k, bytes(from.toString()), bytes(to.toString()), count)));
    }

    @Override
    public List<StreamEntry> rangeFrom(StreamKey stream, StreamId from, int count) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        requireCount(count);
        byte[] k = bytes(key);
        return RedisFailures.on(key, () -> RedisReplies.entries(key, jedis.xrange(k, bytes(from.toString()), PLUS, count)));
    }

    private static void requireCount(int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("count must be > 0, got " + count);
        }
    }
}
