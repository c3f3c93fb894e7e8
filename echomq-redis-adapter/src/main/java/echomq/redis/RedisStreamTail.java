package echomq.redis;

import echomq.wire.Replies;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.tail.StreamTailPort;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * {@link StreamTailPort} as {@code XREAD COUNT n BLOCK ms STREAMS key id}: each call holds one of the
 * client's pooled connections for up to {@code block} (keep it under the socket timeout), routed by
 * key on a cluster.
 */
public final class RedisStreamTail implements StreamTailPort {

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisStreamTail(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<StreamEntry> readAfter(StreamKey key, StreamId after, int count, Duration block) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(after, "after");
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, got " + count);
        }
        if (block == null || block.isNegative() || block.isZero()) {
            throw new IllegalArgumentException("block must be more than 0, got " + block);
        }
        String k = key.toString();
        CommandArguments args = new CommandArguments(Protocol.Command.XREAD).add("COUNT").add(count)
                .add("BLOCK").add(Math.max(1, block.toMillis())).add("STREAMS").key(k).add(after.toString());
        Object reply = RedisFailures.on(k, () -> jedis.executeCommand(args));
        if (!(reply instanceof List<?> streams) || streams.isEmpty()) {
            return List.of(); // timed out: nothing came
        }
        List<Object> stream = (List<Object>) streams.get(0);
        return Replies.entries(k, (List<Object>) stream.get(1));
    }
}
