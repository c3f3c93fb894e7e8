package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.tail.StreamTailPort;
import echomq.wire.Replies;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * {@link StreamTailPort} over Lettuce: {@code XREAD COUNT n BLOCK ms STREAMS key id}. A blocked read
 * would hold up every command queued behind it on a shared connection, so each thread that reads
 * (a follower of {@code StreamFollowers} has one) gets a connection of its own, made at its first
 * read and kept; they go with the client when the {@link LettuceRedis} is closed. The command
 * timeout of those connections is lifted above the block, so a quiet stream is not a timeout.
 */
public final class LettuceStreamTail implements StreamTailPort {

    private final BlockingReads blocking;

    /**
     * Reading through connections of their own to {@code redis}'s server or cluster.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceStreamTail(LettuceRedis redis) {
        this.blocking = new BlockingReads(Objects.requireNonNull(redis, "redis"));
    }

    @Override
    public List<StreamEntry> readAfter(StreamKey stream, StreamId after, int count, Duration block) {
        String key = Objects.requireNonNull(stream, "key").toString();
        Objects.requireNonNull(after, "after");
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, got " + count);
        }
        if (block == null || block.isNegative() || block.isZero()) {
            throw new IllegalArgumentException("block must be more than 0, got " + block);
        }
        List<Object> reply = blocking.call(key, CommandType.XREAD, new CommandArgs<>(LettuceRedis.CODEC).add("COUNT").add(count)
                .add("BLOCK").add(Math.max(1, block.toMillis())).add("STREAMS").addKey(Replies.bytes(key)).add(after.toString()), block);
        return Replies.entries(key, LettuceRedis.streamEntries(reply)); // empty when it timed out: nothing came
    }
}
