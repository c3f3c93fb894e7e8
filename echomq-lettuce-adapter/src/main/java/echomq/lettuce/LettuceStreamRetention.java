package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.retention.Retention;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamKey;
import echomq.wire.Replies;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

/** {@link StreamRetentionPort} over Lettuce: {@code XTRIM key MINID|MAXLEN ~|= …}. */
public final class LettuceStreamRetention implements StreamRetentionPort {

    private final LettuceRedis redis;

    /** Over {@code redis}. */
    public LettuceStreamRetention(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public long trim(String queue, String name, Retention retention) {
        String key = StreamKey.of(queue, name).toString();
        Objects.requireNonNull(retention, "retention");
        CommandArgs<byte[], byte[]> args = LettuceRedis.args(key);
        String threshold;
        if (retention instanceof Retention.MaxLen maxLen) {
            args.add("MAXLEN");
            threshold = Long.toString(maxLen.n());
        } else if (retention instanceof Retention.MinId minId) {
            args.add("MINID");
            threshold = minId.minId().toString();
        } else {
            args.add("MINID");
            threshold = ((Retention.MinEntryId) retention).minId().toString();
        }
        args.add(retention.approximate() ? "~" : "=").add(threshold);
        return (Long) redis.call(key, CommandType.XTRIM, args).get(0);
    }

    @Override
    public Option<StreamId> newestFrom(String queue, String name, long n) {
        String key = StreamKey.of(queue, name).toString();
        if (n < 0) {
            throw new IllegalArgumentException("newest count must be >= 0, got " + n);
        }
        if (n >= Integer.MAX_VALUE) {
            return Option.none(); // no stream holds that many
        }
        long count = n + 1; // one more than kept: whether anything would go at all
        List<Object> newest = redis.call(key, CommandType.XREVRANGE, LettuceRedis.args(key).add("+").add("-").add("COUNT").add(count));
        if (newest.size() <= n) {
            return Option.none();
        }
        return Option.some(n == 0 ? Replies.entry(key, newest.get(0)).id().successor() : Replies.entry(key, newest.get((int) n - 1)).id());
    }
}
