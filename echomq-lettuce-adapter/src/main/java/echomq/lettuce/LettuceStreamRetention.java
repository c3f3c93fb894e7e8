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

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceStreamRetention(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public long trim(StreamKey stream, Retention retention) {
        String key = java.util.Objects.requireNonNull(stream, "stream").toString();
        Objects.requireNonNull(retention, "retention");
        CommandArgs<byte[], byte[]> args = LettuceRedis.args(key);
        echomq.wire.Xtrim.arguments(retention).forEach(args::add);
        return (Long) redis.call(key, CommandType.XTRIM, args).get(0);
    }

    @Override
    public Option<StreamId> newestFrom(StreamKey stream, long n) {
        String key = java.util.Objects.requireNonNull(stream, "stream").toString();
        return echomq.wire.Xtrim.newestFrom(key, n,
                count -> redis.call(key, CommandType.XREVRANGE, LettuceRedis.args(key).add("+").add("-").add("COUNT").add(count)));
    }
}
