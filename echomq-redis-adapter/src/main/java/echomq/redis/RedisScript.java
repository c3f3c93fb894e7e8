package echomq.redis;

import echomq.wire.Replies;

import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisNoScriptException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A Lua script kept as a resource file (its KEYS and ARGV documented in its header), read once.
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

    public RedisScript {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha1, "sha1");
    }

    /** The script in resource {@code name}, found beside class {@code owner}. */
    public static RedisScript load(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + owner.getName());
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new RedisScript(name, source, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(source.getBytes(StandardCharsets.UTF_8))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-1 in this JVM", e);
        }
    }

    /** Runs the script; replies decoded as text. Failures name the first key. */
    public Object run(UnifiedJedis jedis, List<String> keys, List<String> argv) {
        return RedisFailures.on(keys.get(0), () -> {
            try {
                return jedis.evalsha(sha1, keys, argv);
            } catch (JedisNoScriptException notLoaded) {
                return jedis.eval(source, keys, argv);
            }
        });
    }

    /** Runs the script; the raw reply (bulk strings as {@code byte[]}). Failures name the first key. */
    public Object runRaw(UnifiedJedis jedis, List<String> keys, List<String> argv) {
        List<byte[]> k = keys.stream().map(Replies::bytes).toList();
        List<byte[]> a = argv.stream().map(Replies::bytes).toList();
        return RedisFailures.on(keys.get(0), () -> {
            try {
                return jedis.evalsha(Replies.bytes(sha1), k, a);
            } catch (JedisNoScriptException notLoaded) {
                return jedis.eval(Replies.bytes(source), k, a);
            }
        });
    }
}
