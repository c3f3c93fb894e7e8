package codemojex.app.redis.jedis;

import codemojex.app.redis.RedisCalls;
import echomq.redis.RedisFailures;
import echomq.redis.RedisScript;
import echomq.domain.stream.Durability;
import echomq.wire.LuaScript;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** {@link RedisCalls} over a Jedis client (one server or a cluster); it does not own the client. */
public final class JedisCalls implements RedisCalls {

    private final UnifiedJedis jedis;
    private final Durability durability;

    /** Over {@code jedis}. */
    public JedisCalls(UnifiedJedis jedis) {
        this(jedis, Durability.NONE);
    }

    /** Over {@code jedis}, scripts acknowledged as {@code durability} says. */
    public JedisCalls(UnifiedJedis jedis, Durability durability) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.durability = Objects.requireNonNull(durability, "durability");
    }

    @Override
    public RedisCalls durably(Durability d) {
        return new JedisCalls(jedis, d);
    }

    @Override
    public Durability durability() {
        return durability;
    }

    @Override
    public Map<String, String> hgetAll(String key) {
        Map<String, String> h = RedisFailures.on(key, () -> jedis.hgetAll(key));
        return h == null ? Map.of() : h;
    }

    @Override
    public Option<String> hget(String key, String field) {
        return Option.of(RedisFailures.on(key, () -> jedis.hget(key, field)));
    }

    @Override
    public boolean hsetnx(String key, String field, String value) {
        return RedisFailures.on(key, () -> jedis.hsetnx(key, field, value)) == 1;
    }

    @Override
    public void hset(String key, Map<String, String> fields) {
        RedisFailures.on(key, () -> jedis.hset(key, fields));
    }

    @Override
    public List<Scored> zrangeWithScores(String key, long from, long to) {
        return RedisFailures.on(key, () -> jedis.zrangeWithScores(key, from, to)).stream()
                .map(t -> new Scored(t.getElement(), t.getScore())).toList();
    }

    @Override
    public long zcard(String key) {
        return RedisFailures.on(key, () -> jedis.zcard(key));
    }

    @Override
    public Option<String> get(String key) {
        return Option.of(RedisFailures.on(key, () -> jedis.get(key)));
    }

    @Override
    public boolean setIfAbsent(String key, String value) {
        return "OK".equals(RedisFailures.on(key, () -> jedis.set(key, value, SetParams.setParams().nx())));
    }

    @Override
    public boolean exists(String key) {
        return RedisFailures.on(key, () -> jedis.exists(key));
    }

    @Override
    public Option<Object> run(LuaScript script, List<String> keys, List<String> argv) {
        return Option.of(RedisScript.of(script).run(jedis, keys, argv, durability)); // Jedis decodes bulk strings as text
    }
}
