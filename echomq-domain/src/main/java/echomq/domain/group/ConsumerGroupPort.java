package echomq.domain.group;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One consumer of a consumer group on one stream: entries are delivered to one consumer of the
 * group each, stay pending until acknowledged, and can be taken over by another consumer when
 * their consumer goes silent ({@code XREADGROUP}, {@code XAUTOCLAIM}, {@code XACK} on Redis).
 * <pre>{@code
 * ConsumerGroupPort g = new RedisConsumerGroup(jedis, ConsumerGroup.of(StreamKey.of("cm", "guesses"), "scorers").consumer("worker-1"));
 * g.ensure();
 * for (StreamEntry e : g.read(100, Duration.ofSeconds(1))) { handle(e); g.ack(e.id()); }
 * }</pre>
 * Every method throws {@link echomq.domain.stream.StreamStoreException} when the store fails, and
 * {@link IllegalArgumentException} (before anything reaches the store) for a count below 1.
 */
public interface ConsumerGroupPort {

    /**
     * Who reads: this consumer, of its group, of its stream.
     *
     * @return the consumer
     */
    Consumer consumer();

    /** Creates the group at the start of the stream (and the stream) unless it exists. */
    void ensure();

    /**
     * Up to {@code count} entries never delivered to the group, now delivered to this consumer;
     * waits up to {@code block} for the first when there are none ({@link Duration#ZERO}: does not wait).
     * They stay pending until {@link #ack acknowledged}.
     *
     * @param count at most this many, at least 1
     * @param block how long to wait for the first, {@code >= 0}
     * @return the entries in stream order; empty when none came
     */
    List<StreamEntry> read(int count, Duration block);

    /**
     * This consumer's pending entries (delivered, not acknowledged) with ids above {@code after},
     * the first {@code count}: a page of its pending list. Entries deleted since their delivery are
     * left out. This is how a restarted consumer finds what it was given and did not finish.
     *
     * @param after the last id of the previous page ({@link StreamId#MIN} for the first page)
     * @param count at most this many, at least 1
     * @return the pending entries in id order
     */
    List<StreamEntry> pending(StreamId after, int count);

    /**
     * Takes over every entry any consumer of the group has left pending for at least
     * {@code minIdle}, asking {@code count} at a time: how the work of a consumer that died is
     * picked up.
     *
     * @param minIdle how long an entry must have been pending without its consumer touching it
     * @param count   entries asked per round trip, at least 1
     * @return the entries taken, now pending for this consumer
     */
    List<StreamEntry> autoClaim(Duration minIdle, int count);

    /**
     * Acknowledges {@code id}: it leaves the pending list.
     *
     * @param id the entry, delivered to this group
     * @return how many entries were acknowledged: 1, or 0 when it was not pending
     */
    long ack(StreamId id);

    /**
     * How many of the group's entries are delivered and not acknowledged, over all its consumers.
     *
     * @return the size of the group's pending list
     */
    long pendingCount();

    /**
     * Refuses a missing or negative block, naming it: the check adapters run before the store.
     *
     * @param block the block
     * @return {@code block}
     * @throws NullPointerException when it is missing
     * @throws IllegalArgumentException when it is negative
     */
    static Duration requireBlock(Duration block) {
        if (Objects.requireNonNull(block, "block").isNegative()) {
            throw new IllegalArgumentException("block must be >= 0, got " + block);
        }
        return block;
    }

    /**
     * Refuses a count below 1, naming it: the check adapters run before the store.
     *
     * @param count the count
     * @return {@code count}
     * @throws IllegalArgumentException when it is below 1
     */
    static int requireCount(int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("count must be > 0, got " + count);
        }
        return count;
    }
}
