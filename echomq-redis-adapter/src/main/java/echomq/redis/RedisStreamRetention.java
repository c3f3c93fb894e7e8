package echomq.redis;

import echomq.wire.Replies;

import echomq.domain.retention.Retention;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import io.vavr.control.Option;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import echomq.domain.retention.StreamRetentionPort;
import redis.clients.jedis.UnifiedJedis;

import java.util.List;
import java.util.Objects;


/** {@link StreamRetentionPort} over Jedis: {@code XTRIM key MINID|MAXLEN ~|= …}. */
public final class RedisStreamRetention implements StreamRetentionPort {

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisStreamRetention(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public long trim(StreamKey stream, Retention retention) {
        String key = java.util.Objects.requireNonNull(stream, "stream").toString();
        Objects.requireNonNull(retention, "retention");
        CommandArguments args = new CommandArguments(Protocol.Command.XTRIM).key(key);
        echomq.wire.Xtrim.arguments(retention).forEach(args::add);
        return (Long) RedisFailures.on(key, () -> jedis.executeCommand(args));
    }

    @Override
    @SuppressWarnings("unchecked")
    public Option<StreamId> newestFrom(StreamKey stream, long n) {
        String key = java.util.Objects.requireNonNull(stream, "stream").toString();
        return echomq.wire.Xtrim.newestFrom(key, n, count -> RedisFailures.on(key, () -> (List<Object>) jedis.executeCommand(
                new CommandArguments(Protocol.Command.XREVRANGE).key(key).add("+").add("-").add("COUNT").add(count))));
    }
}
