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
import redis.clients.jedis.params.XTrimParams;

import java.util.List;
import java.util.Objects;

import static echomq.wire.Replies.bytes;

/** {@link StreamRetentionPort} over Jedis: {@code XTRIM key MINID|MAXLEN ~|= …}. */
public final class RedisStreamRetention implements StreamRetentionPort {

    private final UnifiedJedis jedis;

    /** Over {@code jedis}. */
    public RedisStreamRetention(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public long trim(String queue, String name, Retention retention) {
        String key = StreamKey.of(queue, name).toString();
        Objects.requireNonNull(retention, "retention");
        XTrimParams params = XTrimParams.xTrimParams();
        if (retention instanceof Retention.MaxLen maxLen) {
            params.maxLen(maxLen.n());
        } else if (retention instanceof Retention.MinId minId) {
            params.minId(minId.minId().toString());
        } else {
            params.minId(((Retention.MinEntryId) retention).minId().toString());
        }
        if (retention.approximate()) {
            params.approximateTrimming();
        } else {
            params.exactTrimming();
        }
        return RedisFailures.on(key, () -> jedis.xtrim(bytes(key), params));
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
        @SuppressWarnings("unchecked")
        List<Object> newest = (List<Object>) RedisFailures.on(key, () -> jedis.executeCommand(
                new CommandArguments(Protocol.Command.XREVRANGE).key(key).add("+").add("-").add("COUNT").add(count)));
        if (newest.size() <= n) {
            return Option.none();
        }
        return Option.some(n == 0 ? Replies.entry(key, newest.get(0)).id().successor()
                : Replies.entry(key, newest.get((int) n - 1)).id());
    }
}
