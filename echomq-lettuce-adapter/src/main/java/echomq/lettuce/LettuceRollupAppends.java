package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.rollup.AppendOutcome;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.wire.LuaScript;
import echomq.wire.RollupAppends;
import echomq.wire.Scripts;

import io.vavr.collection.LinkedHashMap;

import java.util.List;
import java.util.Objects;

/**
 * {@link RollupAppendPort} over Lettuce: {@code rollup-append.lua}, one key, so on a cluster it runs
 * on the node of the stream's slot.
 */
public final class LettuceRollupAppends implements RollupAppendPort {

    private static final LuaScript APPEND = LuaScript.load(Scripts.class, Scripts.ROLLUP_APPEND);

    private final LettuceRedis redis;

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceRollupAppends(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public AppendOutcome appendAt(StreamKey key, StreamId id, LinkedHashMap<String, String> fields) {
        RollupAppendPort.require(key, id, fields);
        String k = key.toString();
        return RollupAppends.outcome(k, redis.run(APPEND, List.of(k), RollupAppends.argv(id, fields)));
    }
}
