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
     * Runs the script, then waits for its writes' replicas as {@code durability} says: the script
     * and {@code WAIT} (or {@code WAITAOF}) go in one pipeline, on one connection (on a cluster,
     * to the master of the first key's slot), so the wait covers what the script wrote; a script
     * cannot wait inside itself. With {@link echomq.domain.stream.Durability#NONE} it is
     * {@link #run(UnifiedJedis, List, List)}.
     * <pre>{@code
     * Object reply = COMMIT.run(jedis, List.of(key), List.of(arg), Durability.replicated(1, Duration.ofSeconds(1)));
     * }</pre>
     *
     * @param jedis      the client
     * @param keys       the script's KEYS, at least one (all of one slot on a cluster)
     * @param argv       the script's ARGV
     * @param durability when the script's writes are acknowledged
     * @return its reply, bulk strings as {@code String}, once the replicas asked for hold what it wrote
     * @throws echomq.domain.stream.StreamStoreException.NotReplicated when fewer replicas acknowledged within the
     *                                                                timeout: the script ran (its reply is the outcome's
     *                                                                {@code reply()}), and what it wrote may or may not survive
     * @throws echomq.domain.stream.StreamStoreException a typed failure naming the first key
     */
    public Object run(UnifiedJedis jedis, List<String> keys, List<String> argv, echomq.domain.stream.Durability durability) {
        Objects.requireNonNull(durability, "durability");
        if (durability.replication().isEmpty()) {
            return run(jedis, keys, argv);
        }
        String key = keys.get(0);
        RedisWaits waits = RedisWaits.of(jedis);
        Ran ran = RedisFailures.on(key, () -> lua().run((command, script) -> {
            redis.clients.jedis.Response<Object> reply;
            RedisWaits.Asked asked;
            try (redis.clients.jedis.AbstractPipeline p = jedis.pipelined()) {
                reply = command == LuaScript.Command.EVALSHA ? p.evalsha(script, keys, argv) : p.eval(script, keys, argv);
                asked = waits.ask(p, Replies.bytes(key), durability);
                p.sync();
            }
            try {
                return new Ran(reply.get(), asked); // NOSCRIPT is thrown here, and the script sent whole
            } catch (IllegalStateException noReply) {
                throw new redis.clients.jedis.exceptions.JedisConnectionException("no reply to the script " + name
                        + " (the connection failed in the pipeline; it may have run)", noReply);
            }
        }));
        ran.asked().judge(durability, key, List.of()).forEach(failed -> {
            throw failed.withReply(ran.reply());
        });
        return ran.reply();
    }

    /** A script's reply and what the wait after it answered. */
    private record Ran(Object reply, RedisWaits.Asked asked) {
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
