package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamKey;
import echomq.wire.Replies;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static echomq.wire.Replies.text;

/** {@link StreamReadersPort} over Lettuce: {@code XINFO GROUPS} (last delivered, pending, lag) and {@code XPENDING} (oldest pending). */
public final class LettuceStreamReaders implements StreamReadersPort {

    private final LettuceRedis redis;
    private volatile EchoListener listener = EchoListener.NONE;

    /** Over {@code redis}. */
    public LettuceStreamReaders(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    /** Tells {@code l} where each group stood (pending, lag) whenever groups are read. Returns this. */
    public LettuceStreamReaders observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<GroupPosition> groups(StreamKey stream) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        List<Object> reply;
        try {
            reply = redis.sync().dispatch(CommandType.XINFO, new NestedMultiOutput<>(LettuceRedis.CODEC),
                    new CommandArgs<>(LettuceRedis.CODEC).add("GROUPS").addKey(Replies.bytes(key)));
        } catch (RedisCommandExecutionException e) {
            if (String.valueOf(e.getMessage()).startsWith("ERR no such key")) {
                return List.of();
            }
            throw LettuceFailures.translate(key, e);
        } catch (RuntimeException e) {
            throw LettuceFailures.translate(key, e);
        }
        List<GroupPosition> out = new ArrayList<>();
        for (Object g : reply) {
            Map<String, Object> info = Replies.fields((List<?>) g);
            String name = text(info.get("name"));
            long pending = info.get("pending") instanceof Long l ? l : 0;
            Option<StreamId> oldest = Option.none();
            if (pending > 0) {
                List<Object> summary = redis.call(key, CommandType.XPENDING, LettuceRedis.args(key).add(name));
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
