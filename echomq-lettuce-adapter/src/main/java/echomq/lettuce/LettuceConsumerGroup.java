package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.wire.Replies;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import java.util.List;
import java.util.Objects;

/**
 * One consumer of a consumer group on a stream, over Lettuce: create the group, read new entries,
 * acknowledge. Reads never block: a blocking read would hold up the connection the adapters share.
 */
public final class LettuceConsumerGroup {

    private final LettuceRedis redis;
    private final String key;
    private final String group;
    private final String consumer;

    /** {@code consumer} of {@code group} on stream {@code queue}/{@code name}. */
    public LettuceConsumerGroup(LettuceRedis redis, String queue, String name, String group, String consumer) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.key = StreamKey.of(queue, name).toString();
        this.group = echomq.wire.GroupInfo.requireName("group", group);
        this.consumer = echomq.wire.GroupInfo.requireName("consumer", consumer);
    }

    /** Creates the group at the start of the stream (and the stream) if it does not exist yet. */
    public void ensure() {
        try {
            redis.sync().dispatch(CommandType.XGROUP, new NestedMultiOutput<>(LettuceRedis.CODEC),
                    new CommandArgs<>(LettuceRedis.CODEC).add("CREATE").addKey(Replies.bytes(key)).add(group).add("0").add("MKSTREAM"));
        } catch (RedisCommandExecutionException e) {
            if (!String.valueOf(e.getMessage()).startsWith("BUSYGROUP")) {
                throw LettuceFailures.translate(key, e);
            }
        } catch (RuntimeException e) {
            throw LettuceFailures.translate(key, e);
        }
    }

    /** Up to {@code count} new entries for this consumer ({@code >}). */
    @SuppressWarnings("unchecked")
    public List<StreamEntry> read(int count) {
        List<Object> reply = LettuceFailures.on(key, () -> redis.sync().dispatch(CommandType.XREADGROUP,
                new NestedMultiOutput<>(LettuceRedis.CODEC), new CommandArgs<>(LettuceRedis.CODEC).add("GROUP").add(group).add(consumer)
                        .add("COUNT").add(count).add("STREAMS").addKey(Replies.bytes(key)).add(">")));
        if (reply == null || reply.isEmpty() || reply.get(0) == null) {
            return List.of();
        }
        return Replies.entries(key, (List<Object>) ((List<Object>) reply.get(0)).get(1));
    }

    /** Acknowledges {@code id}. */
    public void ack(StreamId id) {
        redis.call(key, CommandType.XACK, LettuceRedis.args(key).add(group).add(id.toString()));
    }
}
