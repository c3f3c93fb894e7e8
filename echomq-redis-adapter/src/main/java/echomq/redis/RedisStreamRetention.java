package echomq.redis;

import echomq.domain.retention.Retention;
import echomq.domain.stream.StreamKey;
import echomq.domain.retention.StreamRetentionPort;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XTrimParams;

import java.util.Objects;

import static echomq.redis.RedisReplies.bytes;

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
}
