package echomq.redis;

import echomq.wire.LuaScript;
import echomq.wire.Replies;

import redis.clients.jedis.UnifiedJedis;

import java.util.List;
import java.util.Objects;

/**
 * A Lua script kept as a resource file (its KEYS and ARGV documented in its header), read once
 * ({@link LuaScript}), run over Jedis.
 * It is called by its SHA-1 with {@code EVALSHA}, and sent whole with {@code EVAL} only when the
 * server answers {@code NOSCRIPT} (a new or restarted server, a failover); {@code EVAL} also caches
 * it there for the next call. Redis failures surface as typed {@code StreamStoreException}s.
 * <pre>{@code
 * static final RedisScript COMMIT = RedisScript.load(MyAdapter.class, "commit.lua");
 * Object reply = COMMIT.run(jedis, List.of(key), List.of(arg));
 * }</pre>
 *
 * @param name   the resource name
 * @param source the script
 * @param sha1   its SHA-1, as Redis names scripts
 */
public record RedisScript(String name, String source, String sha1) {

    /**
     * A script as it was read.
     *
     * @param name   the resource name
     * @param source the script
     * @param sha1   its SHA-1, as Redis names scripts
     * @throws NullPointerException when any is null
     */
    public RedisScript {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha1, "sha1");
    }

    /**
     * The script in resource {@code name}, found beside class {@code owner}.
     *
     * @param owner the class the resource is found beside
     * @param name  the resource name, relative to {@code owner}'s package
     * @return the script
     * @throws IllegalStateException when there is no such resource
     */
    public static RedisScript load(Class<?> owner, String name) {
        return of(LuaScript.load(owner, name));
    }

    /**
     * {@code script}, to run over Jedis.
     *
     * @param script the script, as the wire module reads it
     * @return it, to run over Jedis
     */
    public static RedisScript of(LuaScript script) {
        return new RedisScript(script.name(), script.source(), script.sha1());
    }

    /** The script, as the wire module runs it. */
    private LuaScript lua() {
        return new LuaScript(name, source, sha1);
    }

    /**
     * Runs the script; replies decoded as text. Failures name the first key.
     *
     * @param jedis the client
     * @param keys  the script's KEYS, at least one (all of one slot on a cluster)
     * @param argv  the script's ARGV
     * @return its reply, bulk strings as {@code String}
     * @throws echomq.domain.stream.StreamStoreException a typed failure naming the first key
     */
    public Object run(UnifiedJedis jedis, List<String> keys, List<String> argv) {
        return RedisFailures.on(keys.get(0), () -> lua().run((command, script) -> command == LuaScript.Command.EVALSHA
                ? jedis.evalsha(script, keys, argv)
                : jedis.eval(script, keys, argv)));
    }

    /**
     * Runs the script; the raw reply (bulk strings as {@code byte[]}). Failures name the first key.
     *
     * @param jedis the client
     * @param keys  the script's KEYS, at least one (all of one slot on a cluster)
     * @param argv  the script's ARGV
     * @return its raw reply
     * @throws echomq.domain.stream.StreamStoreException a typed failure naming the first key
     */
    public Object runRaw(UnifiedJedis jedis, List<String> keys, List<String> argv) {
        List<byte[]> k = keys.stream().map(Replies::bytes).toList();
        List<byte[]> a = argv.stream().map(Replies::bytes).toList();
        return RedisFailures.on(keys.get(0), () -> lua().run((command, script) -> command == LuaScript.Command.EVALSHA
                ? jedis.evalsha(Replies.bytes(script), k, a)
                : jedis.eval(Replies.bytes(script), k, a)));
    }
}
