package echomq.lettuce;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import echomq.wire.CheckpointHash;
import echomq.wire.LuaScript;
import echomq.wire.Scripts;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static echomq.wire.Replies.bytes;
import static echomq.wire.Replies.text;

/**
 * {@link CheckpointPort} over Lettuce, in the same keys and hashes as the Jedis adapter
 * ({@link CheckpointHash}), saved by the same script: either client reads what the other wrote.
 */
public final class LettuceCheckpoints implements CheckpointPort {

    private static final LuaScript SAVE = LuaScript.load(Scripts.class, Scripts.CHECKPOINT_SAVE);

    private final LettuceRedis redis;

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceCheckpoints(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public boolean save(Checkpoint c, Option<Duration> ttl) {
        Objects.requireNonNull(c, "checkpoint");
        Objects.requireNonNull(ttl, "ttl");
        return Long.valueOf(1).equals(redis.run(SAVE, io.lettuce.core.ScriptOutputType.INTEGER, CheckpointHash.saveKeys(c), CheckpointHash.saveArgs(c, ttl)));
    }

    @Override
    public Option<Checkpoint> load(StreamKey stream, String projection, Window.Fixed window) {
        String key = CheckpointHash.key(stream, projection, window);
        Map<String, String> h = hash(key);
        return h.isEmpty() ? Option.none() : Option.some(CheckpointHash.parse(stream, key, h));
    }

    @Override
    public List<Checkpoint> list(StreamKey stream) {
        String index = CheckpointHash.index(stream);
        List<Checkpoint> out = new ArrayList<>();
        for (byte[] member : LettuceFailures.on(index, () -> redis.sync().smembers(bytes(index)))) {
            String key = text(member);
            Map<String, String> h = hash(key);
            if (h.isEmpty()) {
                LettuceFailures.on(index, () -> redis.sync().srem(bytes(index), member)); // expired
            } else {
                out.add(CheckpointHash.parse(stream, key, h));
            }
        }
        out.sort(java.util.Comparator.comparing((Checkpoint c) -> c.projection()).thenComparing(c -> c.window().bounds()));
        return out;
    }

    private Map<String, String> hash(String key) {
        Map<byte[], byte[]> raw = LettuceFailures.on(key, () -> redis.sync().hgetall(bytes(key)));
        Map<String, String> out = new LinkedHashMap<>();
        if (raw != null) {
            raw.forEach((k, v) -> out.put(text(k), text(v)));
        }
        return out;
    }
}
