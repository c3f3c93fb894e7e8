package codemojex.projections;

import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamKey;
import io.vavr.collection.Vector;

/**
 * Where a game lives: each game's streams and keys are in one of {@code count} partitions, chosen
 * by a stable hash of its id, each partition with a hash tag of its own so that a Redis Cluster
 * spreads them over its masters while one game's guesses, scores, board and settlement stay in one
 * slot (one atomic commit). One partition is the plain queue {@code cm}, as before partitions
 * existed; {@code count} partitions are the queues of {@link PartitionedChannel} ({@code cm-p0-1},
 * {@code cm-p1-3}, {@code cm-p2-1} for three: each in its own third of the slots, so three masters
 * that split the slots evenly hold one partition each).
 * <pre>{@code
 * GamePartitions parts = new GamePartitions(3);
 * String queue = parts.queueOf("GAM2Vx0a9");        // e.g. "cm-p1-3", for ever for this game
 * }</pre>
 *
 * @param count 1..{@value #MAX}
 */
public record GamePartitions(int count) {

    /**
     * The most partitions: each partition is one scorer thread per app instance, holding a pooled
     * connection in its blocking read.
     */
    public static final int MAX = 16;

    /** A single partition: every key in the {@code {cm}} hash slot. */
    public static final GamePartitions ONE = new GamePartitions(1);

    public GamePartitions {
        if (count < 1 || count > MAX) {
            throw new IllegalArgumentException("partitions must be 1.." + MAX + ", got " + count);
        }
    }

    /** The partition of game {@code game}. */
    public int of(String game) {
        return channel(Channels.GUESSES).partitionOf(Names.requireId("game", game));
    }

    /** The queue of partition {@code p}. */
    public String queue(int p) {
        return channel(Channels.GUESSES).partitionQueue(p);
    }

    /** The queue of game {@code game}'s partition. */
    public String queueOf(String game) {
        return queue(of(game));
    }

    /** The channel {@code name} over every partition. */
    public PartitionedChannel channel(String name) {
        return new PartitionedChannel(Channels.QUEUE, name, count);
    }

    /** The stream {@code name} of partition {@code p}. */
    public StreamKey stream(int p, String name) {
        return channel(name).partition(p);
    }

    /** Every partition, in order. */
    public Vector<Integer> all() {
        return Vector.range(0, count);
    }
}
