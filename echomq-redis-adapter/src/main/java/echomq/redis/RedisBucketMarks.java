package echomq.redis;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import echomq.wire.BucketMarks;

import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.util.Objects;

/** {@link BucketMarkPort} over Jedis: one field per subscription of the hash {@link BucketMarks#key}. */
public final class RedisBucketMarks implements BucketMarkPort {

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisBucketMarks(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public Option<Window.Closed> last(StreamKey stream, String subscription) {
        String key = BucketMarks.key(stream);
        String field = BucketMarkPort.requireName(subscription);
        return BucketMarks.decode(key, RedisFailures.on(key, () -> jedis.hget(key, field)));
    }

    @Override
    public void handedOut(StreamKey stream, String subscription, Window.Closed bucket) {
        String key = BucketMarks.key(stream);
        String field = BucketMarkPort.requireName(subscription);
        String value = BucketMarks.encode(Objects.requireNonNull(bucket, "bucket"));
        RedisFailures.on(key, () -> jedis.hset(key, field, value));
    }
}
