package echomq.redis;

import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;

import echomq.domain.id.StreamId;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamKey;
import io.vavr.control.Option;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static echomq.wire.Replies.text;

/**
 * {@link StreamReadersPort} over {@code XINFO GROUPS} (each group's last delivered id and pending
 * count) and {@code XPENDING key group} (its oldest pending id), from the raw replies.
 */
public final class RedisStreamReaders implements StreamReadersPort {

    private final UnifiedJedis jedis;

    private volatile EchoListener listener = EchoListener.NONE;

    /** Tells {@code l} where each group stood (pending, lag) whenever groups are read. Returns this. */
    public RedisStreamReaders observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    /** Over {@code jedis}. */
    public RedisStreamReaders(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<GroupPosition> groups(StreamKey stream) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Object reply = RedisFailures.on(key, () -> {
            try {
                return jedis.executeCommand(new CommandArguments(Protocol.Command.XINFO).add("GROUPS").key(key));
            } catch (JedisDataException e) {
                if (String.valueOf(e.getMessage()).startsWith("ERR no such key")) {
                    return List.of();
                }
                throw e;
            }
        });
        List<GroupPosition> out = new ArrayList<>();
        for (Object g : (List<Object>) reply) {
            Map<String, Object> info = new HashMap<>();
            List<Object> flat = (List<Object>) g;
            for (int i = 0; i + 1 < flat.size(); i += 2) {
                info.put(text(flat.get(i)), flat.get(i + 1));
            }
            String name = text(info.get("name"));
            long pending = info.get("pending") instanceof Long l ? l : 0;
            Option<StreamId> oldest = Option.none();
            if (pending > 0) {
                List<Object> summary = (List<Object>) RedisFailures.on(key, () -> jedis.executeCommand(
                        new CommandArguments(Protocol.Command.XPENDING).key(key).add(name)));
                pending = summary.get(0) instanceof Long l ? l : 0;
                oldest = pending > 0 ? Option.some(StreamId.parse(text(summary.get(1)))) : Option.none();
            }
            long lag = info.get("lag") instanceof Long l ? l : -1; // Redis 7+; nil after deletions inside the stream
            out.add(new GroupPosition(name, StreamId.parse(text(info.get("last-delivered-id"))), oldest, pending, lag));
            EchoListener.tell(listener, new EchoEvent.GroupObserved(stream, name, pending, lag));
        }
        out.sort(java.util.Comparator.comparing(GroupPosition::group));
        return out;
    }
}
