package codemojex.app.redis.lettuce;

import codemojex.app.redis.RedisCalls;
import echomq.lettuce.LettuceFailures;
import echomq.lettuce.LettuceRedis;
import echomq.domain.stream.Durability;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.LuaScript;
import echomq.wire.Replies;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static echomq.wire.Replies.bytes;

/** {@link RedisCalls} over the Lettuce connection the library's Lettuce adapters share (it does not own it). */
public final class LettuceCalls implements RedisCalls {

    private final LettuceRedis redis;
    private final Durability durability;

    /** Over {@code redis}. */
    public LettuceCalls(LettuceRedis redis) {
        this(redis, Durability.NONE);
    }

    /** Over {@code redis}, scripts acknowledged as {@code durability} says. */
    public LettuceCalls(LettuceRedis redis, Durability durability) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.durability = Objects.requireNonNull(durability, "durability");
    }

    @Override
    public RedisCalls durably(Durability d) {
        return new LettuceCalls(redis, d);
    }

    @Override
    public Durability durability() {
        return durability;
    }

    private RedisClusterCommands<byte[], byte[]> sync() {
        return redis.sync();
    }

    @Override
    public Map<String, String> hgetAll(String key) {
        Map<byte[], byte[]> h = LettuceFailures.on(key, () -> sync().hgetall(bytes(key)));
        Map<String, String> out = new LinkedHashMap<>();
        h.forEach((k, v) -> out.put(Replies.text(k), Replies.text(v)));
        return out;
    }

    @Override
    public Option<String> hget(String key, String field) {
        return Option.of(LettuceFailures.on(key, () -> sync().hget(bytes(key), bytes(field)))).map(Replies::text);
    }

    @Override
    public boolean hsetnx(String key, String field, String value) {
        return Boolean.TRUE.equals(LettuceFailures.on(key, () -> sync().hsetnx(bytes(key), bytes(field), bytes(value))));
    }

    @Override
    public void hset(String key, Map<String, String> fields) {
        Map<byte[], byte[]> raw = new LinkedHashMap<>();
        fields.forEach((k, v) -> raw.put(bytes(k), bytes(v)));
        LettuceFailures.on(key, () -> sync().hset(bytes(key), raw));
    }

    @Override
    public List<Scored> zrangeWithScores(String key, long from, long to) {
        return LettuceFailures.on(key, () -> sync().zrangeWithScores(bytes(key), from, to)).stream()
                .map(v -> new Scored(Replies.text(v.getValue()), v.getScore())).toList();
    }

    @Override
    public long zcard(String key) {
        return LettuceFailures.on(key, () -> sync().zcard(bytes(key)));
    }

    @Override
    public Option<String> get(String key) {
        return Option.of(LettuceFailures.on(key, () -> sync().get(bytes(key)))).map(Replies::text);
    }

    @Override
    public boolean setIfAbsent(String key, String value) {
        return "OK".equals(LettuceFailures.on(key, () -> sync().set(bytes(key), bytes(value), SetArgs.Builder.nx())));
    }

    @Override
    public boolean exists(String key) {
        return LettuceFailures.on(key, () -> sync().exists(bytes(key))) > 0;
    }

    @Override
    public Option<Object> run(LuaScript script, List<String> keys, List<String> argv) {
        try {
            return Option.of(text(redis.run(script, keys, argv, durability)));
        } catch (StreamStoreException.NotReplicated e) {
            throw e.reply().isDefined() ? e.withReply(text(e.reply().get())) : e; // the reply as run promises it
        }
    }

    /** The reply as {@link RedisCalls#run} promises it: bulk strings (raw {@code byte[]} here) as text. */
    private static Object text(Object reply) {
        if (reply instanceof byte[] b) {
            return Replies.text(b);
        }
        if (reply instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(e -> out.add(text(e)));
            return out;
        }
        return reply;
    }
}
