package echomq.redis;

import echomq.wire.Replies;
import echomq.wire.Xgroup;

import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.time.Duration;
import java.util.List;
import java.util.Objects;


/**
 * {@link ConsumerGroupPort} over Jedis: {@code XGROUP CREATE}, {@code XREADGROUP},
 * {@code XAUTOCLAIM} and {@code XACK}, with replies decoded into domain entries. A blocking read
 * holds one pooled connection while it waits.
 * <pre>{@code
 * RedisConsumerGroup g = new RedisConsumerGroup(jedis, ConsumerGroup.of(StreamKey.of("cm", "guesses"), "scorers").consumer("worker-1"));
 * g.ensure();
 * for (StreamEntry e : g.read(100, Duration.ofSeconds(1))) { … g.ack(e.id()); }
 * }</pre>
 */
public final class RedisConsumerGroup implements ConsumerGroupPort {

    private final UnifiedJedis jedis;
    private final Consumer who;
    private final String key;
    private final String group;
    private final String consumer;

    /**
     * Reads as {@code consumer}.
     *
     * @param jedis the client
     * @param consumer the consumer, of its group, of its stream
     */
    public RedisConsumerGroup(UnifiedJedis jedis, Consumer consumer) {
        this.who = Objects.requireNonNull(consumer, "consumer");
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.key = consumer.group().stream().toString();
        this.group = consumer.group().name();
        this.consumer = consumer.name();
    }

    @Override
    public Consumer consumer() {
        return who;
    }

    @Override
    public void ensure() {
        RedisFailures.on(key, () -> {
            List<String> create = Xgroup.create(key, group);
            CommandArguments args = new CommandArguments(Protocol.Command.XGROUP).add(create.get(0)).key(create.get(1));
            create.subList(2, create.size()).forEach(args::add);
            try {
                return jedis.executeCommand(args);
            } catch (JedisDataException e) {
                if (Xgroup.alreadyExists(e)) {
                    return null;
                }
                throw e;
            }
        });
    }

    @Override
    public List<StreamEntry> read(int count, Duration block) {
        return readFrom(">", count, ConsumerGroupPort.requireBlock(block).isZero() ? null : block);
    }

    /**
     * Entries delivered to this consumer and not yet acknowledged (its own pending list), the first {@code count}.
     *
     * @param count how many, at least 1
     * @return the entries, oldest first
     */
    public List<StreamEntry> pending(int count) {
        return pending(StreamId.MIN, count);
    }

    @Override
    public List<StreamEntry> pending(StreamId after, int count) {
        return readFrom(Objects.requireNonNull(after, "after").toString(), count, null);
    }

    @SuppressWarnings("unchecked")
    private List<StreamEntry> readFrom(String id, int count, Duration block) {
        ConsumerGroupPort.requireCount(count);
        CommandArguments args = new CommandArguments(Protocol.Command.XREADGROUP).add("GROUP").add(group).add(consumer)
                .add("COUNT").add(count);
        if (block != null) {
            args.add("BLOCK").add(Math.max(1, block.toMillis()));
        }
        args.add("STREAMS").key(key).add(id);
        Object reply = RedisFailures.on(key, () -> jedis.executeCommand(args));
        if (!(reply instanceof List<?> streams) || streams.isEmpty()) {
            return List.of();
        }
        List<Object> stream = (List<Object>) streams.get(0);
        List<Object> entries = (List<Object>) stream.get(1);
        // an entry deleted after delivery comes back from the pending list with no fields: skip it
        return Replies.entries(key, entries.stream().filter(e -> ((List<?>) e).get(1) != null).toList());
    }

    @SuppressWarnings("unchecked")
    @Override
    public List<StreamEntry> autoClaim(Duration minIdle, int count) {
        ConsumerGroupPort.requireCount(count);
        java.util.ArrayList<StreamEntry> out = new java.util.ArrayList<>();
        String cursor = "0-0";
        do {
            String from = cursor;
            Object reply = RedisFailures.on(key, () -> jedis.executeCommand(new CommandArguments(Protocol.Command.XAUTOCLAIM)
                    .key(key).add(group).add(consumer).add(Math.max(0, minIdle.toMillis())).add(from).add("COUNT").add(count)));
            List<Object> parts = (List<Object>) reply;
            cursor = Replies.text(parts.get(0));
            out.addAll(Replies.entries(key, ((List<Object>) parts.get(1)).stream()
                    .filter(e -> e instanceof List<?> l && l.get(1) != null).toList()));
        } while (!"0-0".equals(cursor));
        return out;
    }

    @Override
    public long ack(StreamId id) {
        Object n = RedisFailures.on(key, () -> jedis.executeCommand(new CommandArguments(Protocol.Command.XACK).key(key)
                .add(group).add(id.toString())));
        return n instanceof Long l ? l : 0;
    }

    @SuppressWarnings("unchecked")
    @Override
    public long pendingCount() {
        Object reply = RedisFailures.on(key, () -> jedis.executeCommand(new CommandArguments(Protocol.Command.XPENDING).key(key)
                .add(group)));
        List<Object> summary = (List<Object>) reply;
        return summary.get(0) instanceof Long l ? l : 0;
    }

}
