package echomq.lettuce;

import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamKey;
import io.lettuce.core.protocol.CommandType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;


/** {@link StreamReadersPort} over Lettuce: {@code XINFO GROUPS} (last delivered, pending, lag) and {@code XPENDING} (oldest pending). */
public final class LettuceStreamReaders implements StreamReadersPort {

    private final LettuceRedis redis;
    private volatile EchoListener listener = EchoListener.NONE;

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceStreamReaders(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    /**
     * Tells {@code l} where each group stood (pending, lag) whenever groups are read. Returns this.
     *
     * @param l the listener
     * @return this adapter
     */
    public LettuceStreamReaders observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<GroupPosition> groups(StreamKey stream) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        List<Object> reply = redis.xinfo("GROUPS", key).getOrElse(List.of());
        List<GroupPosition> out = new ArrayList<>();
        for (Object g : reply) {
            GroupPosition p = echomq.wire.GroupInfo.position((List<?>) g,
                    name -> redis.call(key, CommandType.XPENDING, LettuceRedis.args(key).add(name)));
            out.add(p);
            EchoListener.tell(listener, new EchoEvent.GroupObserved(stream, p.group(), p.pending(), p.lag()));
        }
        out.sort(java.util.Comparator.comparing(GroupPosition::group));
        return out;
    }
}
