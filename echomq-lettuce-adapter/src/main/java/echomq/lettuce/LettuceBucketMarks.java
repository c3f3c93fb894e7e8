package echomq.lettuce;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import echomq.wire.BucketMarks;

import io.vavr.control.Option;

import java.util.Objects;

import static echomq.wire.Replies.bytes;
import static echomq.wire.Replies.text;

/** {@link BucketMarkPort} over Lettuce: one field per subscription of the hash {@link BucketMarks#key}. */
public final class LettuceBucketMarks implements BucketMarkPort {

    private final LettuceRedis redis;

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceBucketMarks(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public Option<Window.Closed> last(StreamKey stream, String subscription) {
        String key = BucketMarks.key(stream);
        String field = BucketMarkPort.requireName(subscription);
        byte[] raw = LettuceFailures.on(key, () -> redis.sync().hget(bytes(key), bytes(field)));
        return BucketMarks.decode(key, raw == null ? null : text(raw));
    }

    @Override
    public void handedOut(StreamKey stream, String subscription, Window.Closed bucket) {
        String key = BucketMarks.key(stream);
        String field = BucketMarkPort.requireName(subscription);
        String value = BucketMarks.encode(Objects.requireNonNull(bucket, "bucket"));
        LettuceFailures.on(key, () -> redis.sync().hset(bytes(key), bytes(field), bytes(value)));
    }
}
