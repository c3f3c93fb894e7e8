package codemojex.app.redis;

import echomq.domain.stream.Durability;
import echomq.wire.LuaScript;
import io.vavr.control.Option;

import java.util.List;
import java.util.Map;

/**
 * The few plain Redis commands the app's adapters send beside the library's ports, through whichever
 * client the app runs on ({@code jedis/JedisCalls}, {@code lettuce/LettuceCalls}), so the adapters
 * of this package are written once. Every call routes by its key on a cluster and fails as a typed
 * {@link echomq.domain.stream.StreamStoreException} naming that key.
 */
public interface RedisCalls {

    /** A sorted set's member with its score. */
    record Scored(String member, double score) {
    }

    /** {@code HGETALL}: the hash's fields, empty when there is no such key. */
    Map<String, String> hgetAll(String key);

    /** {@code HGET}: the field's value, if the hash has it. */
    Option<String> hget(String key, String field);

    /** {@code HSETNX}: whether the field was set (it did not exist). */
    boolean hsetnx(String key, String field, String value);

    /** {@code HSET} of every field of {@code fields} (in its order). */
    void hset(String key, Map<String, String> fields);

    /** {@code ZRANGE key from to WITHSCORES}: members by ascending score, ties by member bytes. */
    List<Scored> zrangeWithScores(String key, long from, long to);

    /** {@code ZCARD}. */
    long zcard(String key);

    /** {@code GET}: the value, if the key holds one. */
    Option<String> get(String key);

    /** {@code SET key value NX}: whether it was set (the key did not exist). */
    boolean setIfAbsent(String key, String value);

    /** {@code EXISTS} of one key. */
    boolean exists(String key);

    /**
     * Runs {@code script} ({@code EVALSHA}, {@code EVAL} on {@code NOSCRIPT}) on {@code keys} (all of
     * one slot on a cluster) and {@code argv}. Its reply: bulk and status strings as {@code String},
     * integers as {@code Long}, arrays as {@code List}, nil as {@code null} inside an array; a nil
     * reply itself as an empty {@link Option}.
     */
    Option<Object> run(LuaScript script, List<String> keys, List<String> argv);

    /**
     * These calls over the same client, each script's writes acknowledged as {@code durability}
     * says ({@code WAIT} after the script, on its connection: a fewer replicas' acknowledgement is
     * a {@link echomq.domain.stream.StreamStoreException.NotReplicated} carrying the script's
     * reply); the reads and the plain writes ({@code HSET}, {@code SET NX}: the stored format, a
     * test's game) as ever.
     */
    RedisCalls durably(Durability durability);

    /** When a script run through these calls is acknowledged. */
    Durability durability();
}
