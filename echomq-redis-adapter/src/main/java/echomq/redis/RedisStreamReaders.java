package echomq.redis;

import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;

import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamKey;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;


/**
 * {@link StreamReadersPort} over {@code XINFO GROUPS} (each group's last delivered id and pending
 * count) and {@code XPENDING key group} (its oldest pending id), from the raw replies.
 */
public final class RedisStreamReaders implements StreamReadersPort {

    private final UnifiedJedis jedis;

    private volatile EchoListener listener = EchoListener.NONE;

    /**
     * Tells {@code l} where each group stood (pending, lag) whenever groups are read. Returns this.
     *
     * @param l the listener
     * @return this adapter
     */
    public RedisStreamReaders observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
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
            GroupPosition p = echomq.wire.GroupInfo.position((List<?>) g, name -> (List<Object>) RedisFailures.on(key,
                    () -> jedis.executeCommand(new CommandArguments(Protocol.Command.XPENDING).key(key).add(name))));
            out.add(p);
            EchoListener.tell(listener, new EchoEvent.GroupObserved(stream, p.group(), p.pending(), p.lag()));
        }
        out.sort(java.util.Comparator.comparing(GroupPosition::group));
        return out;
    }
}
