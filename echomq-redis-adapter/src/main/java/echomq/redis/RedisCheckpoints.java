package echomq.redis;

import echomq.wire.CheckpointHash;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link CheckpointPort} on Redis: one hash per checkpoint,
 * {@code emq:{queue}:checkpoint:<stream>:<projection>:<window>}, and a set indexing a stream's
 * checkpoints, {@code emq:{queue}:checkpoints:<stream>}; all in the queue's hash slot, beside the
 * stream. Saving is one script ({@code checkpoint-save.lua}) that also proves the stored
 * checkpoint is not folded further in the same history before it replaces it.
 */
public final class RedisCheckpoints implements CheckpointPort {

    private static final RedisScript SAVE = RedisScript.load(echomq.wire.Scripts.class, echomq.wire.Scripts.CHECKPOINT_SAVE);

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisCheckpoints(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public boolean save(Checkpoint c, Option<Duration> ttl) {
        Objects.requireNonNull(c, "checkpoint");
        Objects.requireNonNull(ttl, "ttl");
        Object saved = SAVE.run(jedis, CheckpointHash.saveKeys(c), CheckpointHash.saveArgs(c, ttl));
        return Long.valueOf(1).equals(saved);
    }

    @Override
    public Option<Checkpoint> load(StreamKey stream, String projection, Window.Fixed window) {
        String key = CheckpointHash.key(stream, projection, window);
        Map<String, String> h = RedisFailures.on(key, () -> jedis.hgetAll(key));
        return h == null || h.isEmpty() ? Option.none() : Option.some(CheckpointHash.parse(stream, key, h));
    }

    @Override
    public List<Checkpoint> list(StreamKey stream) {
        String index = CheckpointHash.index(stream);
        List<Checkpoint> out = new ArrayList<>();
        for (String key : RedisFailures.on(index, () -> jedis.smembers(index))) {
            Map<String, String> h = RedisFailures.on(key, () -> jedis.hgetAll(key));
            if (h == null || h.isEmpty()) {
                RedisFailures.on(index, () -> jedis.srem(index, key)); // expired
            } else {
                out.add(CheckpointHash.parse(stream, key, h));
            }
        }
        out.sort(java.util.Comparator.comparing((Checkpoint c) -> c.projection()).thenComparing(c -> c.window().bounds()));
        return out;
    }
}
