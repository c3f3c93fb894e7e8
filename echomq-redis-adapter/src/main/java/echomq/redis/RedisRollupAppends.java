package echomq.redis;

import echomq.domain.id.StreamId;
import echomq.domain.rollup.AppendOutcome;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.wire.RollupAppends;
import echomq.wire.Scripts;

import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.UnifiedJedis;

import java.util.List;
import java.util.Objects;

/**
 * {@link RollupAppendPort} over Jedis: {@code rollup-append.lua}, one key, so on a cluster it runs
 * on the node of the stream's slot.
 */
public final class RedisRollupAppends implements RollupAppendPort {

    private static final RedisScript APPEND = RedisScript.load(Scripts.class, Scripts.ROLLUP_APPEND);

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisRollupAppends(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public AppendOutcome appendAt(StreamKey key, StreamId id, LinkedHashMap<String, String> fields) {
        RollupAppendPort.require(key, id, fields);
        String k = key.toString();
        return RollupAppends.outcome(k, APPEND.runRaw(jedis, List.of(k), RollupAppends.argv(id, fields)));
    }
}
