package echomq.redis;

import echomq.wire.Replies;

import echomq.domain.id.StreamId;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.KeyValue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static echomq.wire.Replies.bytes;
import static echomq.wire.Replies.text;

/**
 * {@link StreamStatePort} over {@code XINFO STREAM}, parsed from the raw reply: Jedis' typed
 * {@code StreamInfo} has no getters for {@code entries-added}, {@code max-deleted-entry-id} or
 * {@code recorded-first-entry-id}. On servers before 7.0 those are none.
 */
public final class RedisStreamState implements StreamStatePort {

    private static final RedisScript OBSERVE = RedisScript.load(echomq.wire.Scripts.class, echomq.wire.Scripts.STREAM_OBSERVE);

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisStreamState(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public Option<StreamState> state(StreamKey stream) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Object reply = RedisFailures.on(key, () -> {
            try {
                return jedis.xinfoStream(bytes(key));
            } catch (JedisDataException e) {
                if (String.valueOf(e.getMessage()).startsWith("ERR no such key")) {
                    return null;
                }
                throw e;
            }
        });
        return reply == null ? Option.none() : Option.some(parse(key, reply));
    }

    /** {@code XINFO STREAM} and {@code XRANGE key probe probe} in one script ({@code stream-observe.lua}): one instant. */
    @Override
    public StreamObservation observe(StreamKey stream, StreamId probe) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Objects.requireNonNull(probe, "probe");
        Object reply = OBSERVE.runRaw(jedis, List.of(key), List.of(probe.toString()));
        if (!(reply instanceof List<?> both) || both.size() != 2) {
            return new StreamObservation(Option.none(), Option.none());
        }
        @SuppressWarnings("unchecked")
        List<Object> probed = (List<Object>) both.get(1);
        return new StreamObservation(Option.some(parse(key, both.get(0))),
                Option.ofOptional(Replies.entries(key, probed).stream().findFirst()).map(EntryMark::of));
    }

    private static StreamState parse(String key, Object reply) {
        return echomq.wire.StreamInfo.state(key, fields(key, reply));
    }

    /** RESP2 answers a flat {@code [name, value, …]} list, RESP3 a map (key-value pairs in Jedis). */
    private static Map<String, Object> fields(String key, Object reply) {
        Map<String, Object> out = new HashMap<>();
        if (reply instanceof List<?> list) {
            if (!list.isEmpty() && list.get(0) instanceof KeyValue) {
                for (Object o : list) {
                    KeyValue<?, ?> kv = (KeyValue<?, ?>) o;
                    out.put(text(kv.getKey()), kv.getValue());
                }
                return out;
            }
            return Replies.fields(list);
        }
        throw new IllegalStateException("unexpected XINFO STREAM reply for " + key + ": " + reply);
    }
}
