package codemojex.app.redis;

import echomq.domain.stream.StreamStoreException;
import echomq.wire.LuaScript;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

/**
 * Whether the Redis accepts writes now, asked without writing anything: {@code write-probe.lua}, a
 * script that declares writes and does none, on one key of each partition (so on a cluster, each
 * partition's node). A Redis out of memory or unable to persist refuses it before it runs, as it
 * refuses every write; {@code /health} says so, and says when writes are accepted again.
 */
public final class WriteProbe {

    static final LuaScript PROBE = LuaScript.load(WriteProbe.class, "write-probe.lua");

    private final RedisCalls redis;
    private final List<String> keys;

    /** Over {@code redis}, asking the node of each of {@code keys} (one a partition). */
    public WriteProbe(RedisCalls redis, List<String> keys) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keys = List.copyOf(keys);
        if (this.keys.isEmpty()) {
            throw new IllegalArgumentException("a write probe needs a key to ask about");
        }
    }

    /**
     * The refusal of the first node that refuses writes now; none when every one accepts them.
     *
     * @throws StreamStoreException when Redis cannot be asked (down, too slow, access denied)
     */
    public Option<StreamStoreException.WritesRefused> refusal() {
        for (String key : keys) {
            try {
                redis.run(PROBE, List.of(key), List.of());
            } catch (StreamStoreException.WritesRefused refused) {
                return Option.some(refused);
            }
        }
        return Option.none();
    }
}
