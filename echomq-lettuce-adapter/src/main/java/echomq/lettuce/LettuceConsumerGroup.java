package echomq.lettuce;

import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.wire.Replies;
import echomq.wire.Xgroup;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@link ConsumerGroupPort} over Lettuce: {@code XGROUP CREATE}, {@code XREADGROUP},
 * {@code XAUTOCLAIM}, {@code XACK}, {@code XPENDING}, replies decoded raw as the Jedis adapter
 * decodes them. A blocking read would hold up every command behind it on the shared connection,
 * so, as in {@link LettuceStreamTail}, each thread that blocks gets a connection of its own at its
 * first blocking read (its timeout lifted above the block); they go with the client when the
 * {@link LettuceRedis} is closed. Reads that do not block use the shared connection.
 */
public final class LettuceConsumerGroup implements ConsumerGroupPort {

    private final LettuceRedis redis;
    private final Consumer who;
    private final String key;
    private final String group;
    private final String consumer;
    private final BlockingReads blocking;

    /**
     * Reads as {@code consumer}.
     *
     * @param redis the client
     * @param consumer the consumer, of its group, of its stream
     */
    public LettuceConsumerGroup(LettuceRedis redis, Consumer consumer) {
        this.who = Objects.requireNonNull(consumer, "consumer");
        this.redis = Objects.requireNonNull(redis, "redis");
        this.key = consumer.group().stream().toString();
        this.group = consumer.group().name();
        this.consumer = consumer.name();
        this.blocking = new BlockingReads(redis);
    }

    @Override
    public Consumer consumer() {
        return who;
    }

    @Override
    public void ensure() {
        List<String> create = Xgroup.create(key, group);
        CommandArgs<byte[], byte[]> args = new CommandArgs<>(LettuceRedis.CODEC).add(create.get(0)).addKey(Replies.bytes(create.get(1)));
        create.subList(2, create.size()).forEach(args::add);
        try {
            redis.sync().dispatch(CommandType.XGROUP, new NestedMultiOutput<>(LettuceRedis.CODEC), args);
        } catch (RedisCommandExecutionException e) {
            if (!Xgroup.alreadyExists(e)) {
                throw LettuceFailures.translate(key, e);
            }
        } catch (RuntimeException e) {
            throw LettuceFailures.translate(key, e);
        }
    }

    @Override
    public List<StreamEntry> read(int count, Duration block) {
        ConsumerGroupPort.requireCount(count);
        ConsumerGroupPort.requireBlock(block);
        CommandArgs<byte[], byte[]> args = groupArgs(count);
        if (block.isZero()) {
            return entries(redis.call(key, CommandType.XREADGROUP, args.add("STREAMS").addKey(Replies.bytes(key)).add(">")));
        }
        args.add("BLOCK").add(Math.max(1, block.toMillis())).add("STREAMS").addKey(Replies.bytes(key)).add(">");
        return entries(blocking.call(key, CommandType.XREADGROUP, args, block));
    }

    @Override
    public List<StreamEntry> pending(StreamId after, int count) {
        ConsumerGroupPort.requireCount(count);
        String from = Objects.requireNonNull(after, "after").toString();
        return entries(redis.call(key, CommandType.XREADGROUP, groupArgs(count).add("STREAMS").addKey(Replies.bytes(key)).add(from)));
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<StreamEntry> autoClaim(Duration minIdle, int count) {
        ConsumerGroupPort.requireCount(count);
        long idle = Math.max(0, Objects.requireNonNull(minIdle, "minIdle").toMillis());
        List<StreamEntry> out = new ArrayList<>();
        String cursor = "0-0";
        do {
            List<Object> parts = redis.call(key, CommandType.XAUTOCLAIM, LettuceRedis.args(key).add(group).add(consumer).add(idle)
                    .add(cursor).add("COUNT").add(count));
            cursor = Replies.text(parts.get(0));
            out.addAll(delivered((List<Object>) parts.get(1)));
        } while (!"0-0".equals(cursor));
        return out;
    }

    @Override
    public long ack(StreamId id) {
        String entry = Objects.requireNonNull(id, "id").toString();
        return LettuceFailures.on(key, () -> redis.sync().xack(Replies.bytes(key), Replies.bytes(group), entry));
    }

    @Override
    public long pendingCount() {
        List<Object> summary = redis.call(key, CommandType.XPENDING, LettuceRedis.args(key).add(group));
        return summary.isEmpty() || !(summary.get(0) instanceof Long n) ? 0 : n;
    }

    private CommandArgs<byte[], byte[]> groupArgs(int count) {
        return new CommandArgs<>(LettuceRedis.CODEC).add("GROUP").add(group).add(consumer).add("COUNT").add(count);
    }

    private List<StreamEntry> entries(List<Object> reply) {
        return delivered(LettuceRedis.streamEntries(reply));
    }

    /**
     * An entry deleted after its delivery comes back from the pending list with no fields (a nil,
     * which Lettuce's nested output reads as an empty list; no live entry has no fields): left out.
     */
    private List<StreamEntry> delivered(List<Object> entries) {
        return Replies.entries(key, entries.stream()
                .filter(e -> e instanceof List<?> l && l.size() > 1 && l.get(1) instanceof List<?> fields && !fields.isEmpty()).toList());
    }
}
