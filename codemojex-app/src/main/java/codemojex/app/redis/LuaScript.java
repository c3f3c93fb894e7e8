package codemojex.app.redis;

import echomq.redis.RedisFailures;
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

/**
 * A Lua script kept as a resource beside this class, read once. It is called by its SHA-1 with
 * {@code EVALSHA}, and sent whole with {@code EVAL} only when the server answers {@code NOSCRIPT}
 * (a new or restarted server, a failover); {@code EVAL} also caches it there for the next call.
 *
 * @param name   the resource name
 * @param source the script
 * @param sha1   its SHA-1, as Redis names scripts
 */
record LuaScript(String name, String source, String sha1) {

    /** The script in resource {@code name}. */
    static LuaScript load(String name) {
        try (InputStream in = LuaScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + LuaScript.class.getName());
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new LuaScript(name, source, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(source.getBytes(StandardCharsets.UTF_8))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-1 in this JVM", e);
        }
    }

    /** Runs the script; Redis failures are typed, naming the first key. */
    Object run(UnifiedJedis jedis, List<String> keys, List<String> argv) {
        return RedisFailures.on(keys.get(0), () -> {
            try {
                return jedis.evalsha(sha1, keys, argv);
            } catch (JedisNoScriptException notLoaded) {
                return jedis.eval(source, keys, argv);
            }
        });
    }
}
