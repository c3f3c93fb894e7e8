package codemojex.projections;

import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamKey;
import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;

/**
 * Where a game lives: each game's streams and keys are in one of {@code count} partitions, chosen
 * by a stable hash of its id, each partition with a hash tag of its own so that a Redis Cluster
 * spreads them over its masters while one game's guesses, scores, board and settlement stay in one
 * slot (one atomic commit). One partition is the plain queue {@code cm}, as before partitions
 * existed; {@code count} partitions are the queues of {@link PartitionedChannel} ({@code cm-p0-1},
 * {@code cm-p1-3}, {@code cm-p2-1} for three: each in its own third of the slots, so three masters
 * that split the slots evenly hold one partition each). Immutable; the channels are built once.
 * <pre>{@code
 * GamePartitions parts = new GamePartitions(3);
 * String queue = parts.queueOf("GAM2Vx0a9");        // e.g. "cm-p1-3", for ever for this game
 * }</pre>
 */
public final class GamePartitions {

    /**
     * The most partitions: each partition is one scorer thread per app instance, holding a pooled
     * connection in its blocking read.
     */
    public static final int MAX = 16;

    /** A single partition: every key in the {@code {cm}} hash slot. */
    public static final GamePartitions ONE = new GamePartitions(1);

    private final int count;
    private final Map<String, PartitionedChannel> channels;
    private final Vector<String> prefixes;
    /** The channel that decides a game's partition (all of a game's channels agree). */
    private final PartitionedChannel guesses;

    /** Games spread over {@code count} partitions, 1..{@value #MAX}. */
    public GamePartitions(int count) {
        if (count < 1 || count > MAX) {
            throw new IllegalArgumentException("partitions must be 1.." + MAX + ", got " + count);
        }
        this.count = count;
        this.channels = HashMap.ofEntries(Vector.of(Channels.ROOM_OPENED, Channels.GUESSES, Channels.GUESS_SCORED, Channels.GAME_SETTLED)
                .map(name -> io.vavr.Tuple.of(name, new PartitionedChannel(Channels.QUEUE, name, count))));
        this.guesses = channels.get(Channels.GUESSES).get();
        PartitionedChannel any = guesses;
        this.prefixes = Vector.range(0, count).map(p -> StreamKey.prefix(any.partitionQueue(p)));
    }

    /** How many partitions. */
    public int count() {
        return count;
    }

    /** The partition of game {@code game}. */
    public int of(String game) {
        return guesses.partitionOf(Names.requireId("game", game));
    }

    /** The queue of partition {@code p}. */
    public String queue(int p) {
        return channels.get(Channels.GUESSES).get().partitionQueue(p);
    }

    /** The queue of game {@code game}'s partition. */
    public String queueOf(String game) {
        return queue(of(game));
    }

    /** The key prefix of game {@code game}'s partition, {@code emq:{<queue>}:}. */
    public String prefixOf(String game) {
        return prefixes.get(of(game));
    }

    /** The channel {@code name} over every partition. */
    public PartitionedChannel channel(String name) {
        return channels.get(name).getOrElse(() -> new PartitionedChannel(Channels.QUEUE, name, count));
    }

    /** The stream {@code name} of partition {@code p}. */
    public StreamKey stream(int p, String name) {
        return channel(name).partition(p);
    }

    /** Every partition, in order. */
    public Vector<Integer> all() {
        return Vector.range(0, count);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GamePartitions other && other.count == count;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(count);
    }

    @Override
    public String toString() {
        return "GamePartitions[count=" + count + "]";
    }
}
