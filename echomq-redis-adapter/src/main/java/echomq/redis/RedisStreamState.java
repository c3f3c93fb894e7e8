package echomq.redis;

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

import static echomq.redis.RedisReplies.bytes;
import static echomq.redis.RedisReplies.text;

/**
 * {@link StreamStatePort} over {@code XINFO STREAM}, parsed from the raw reply: Jedis' typed
 * {@code StreamInfo} has no getters for {@code entries-added}, {@code max-deleted-entry-id} or
 * {@code recorded-first-entry-id}. On servers before 7.0 those are none.
 */
public final class RedisStreamState implements StreamStatePort {

    private static final RedisScript OBSERVE = RedisScript.load(RedisStreamState.class, "stream-observe.lua");

    private final UnifiedJedis jedis;

    /** Over {@code jedis}. */
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
                Option.ofOptional(RedisReplies.entries(key, probed).stream().findFirst()).map(EntryMark::of));
    }

    private static StreamState parse(String key, Object reply) {
        Map<String, Object> info = fields(key, reply);
        Object lastEntry = info.get("last-entry");
        return new StreamState(
                number(info.get("length")).getOrElse(0L),
                entryId(info.get("first-entry")),
                entryId(lastEntry),
                id(info.get("last-generated-id")).getOrElse(StreamId.MIN),
                number(info.get("entries-added")),
                id(info.get("max-deleted-entry-id")),
                id(info.get("recorded-first-entry-id")),
                lastEntry instanceof List<?> l && l.size() == 2 ? RedisReplies.entry(key, l).branded() : Option.none());
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
            for (int i = 0; i + 1 < list.size(); i += 2) {
                out.put(text(list.get(i)), list.get(i + 1));
            }
            return out;
        }
        throw new IllegalStateException("unexpected XINFO STREAM reply for " + key + ": " + reply);
    }

    private static Option<Long> number(Object v) {
        if (v instanceof Long l) {
            return Option.some(l);
        }
        if (v instanceof byte[] b) {
            return Option.some(Long.parseLong(text(b)));
        }
        return Option.none();
    }

    private static Option<StreamId> id(Object v) {
        return v == null ? Option.none() : Option.some(StreamId.parse(text(v)));
    }

    private static Option<StreamId> entryId(Object v) {
        if (v instanceof List<?> entry && !entry.isEmpty()) {
            return id(entry.get(0));
        }
        return Option.none();
    }
}
