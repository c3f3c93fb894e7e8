package echomq.domain.partition;

import echomq.domain.stream.StreamKey;

import io.vavr.collection.Vector;

import java.nio.charset.StandardCharsets;

/**
 * A channel too hot for one shard, written to {@code partitions} streams with distinct hash tags:
 * partition {@code p} of channel {@code (queue, name)} is the stream {@code (queue-p<p>, name)} (a
 * single partition is the plain stream), key {@code emq:{queue-p<p>}:stream:name}, or
 * {@code queue-p<p>-<k>} with the smallest {@code k} that puts the partition's slot in the
 * {@code p}-th of {@code partitions} equal ranges of the 16,384 slots. So the partitions spread over
 * a cluster whose masters split the slots evenly ({@code redis-cli --cluster create} does): three
 * partitions on three masters, one each. A record goes to the partition chosen by a stable hash
 * (CRC16) of its declared key, so all records of one key stay in order in one stream with one writer.
 * <pre>{@code
 * PartitionedChannel scored = new PartitionedChannel("cm", "guess-scored", 3);
 * int p = scored.partitionOf(gameId);          // the same game, the same partition, always
 * }</pre>
 *
 * @param queue      the queue
 * @param name       the stream name of every partition
 * @param partitions 1..64
 */
public record PartitionedChannel(String queue, String name, int partitions) {

    /** The most partitions a channel may have. */
    public static final int MAX_PARTITIONS = 64;

    /**
     * Checks the parts: a valid queue and stream name, 1..{@value #MAX_PARTITIONS} partitions, and
     * every partition's queue still a valid queue.
     *
     * @param queue      the queue
     * @param name       the stream name of every partition
     * @param partitions 1..{@value #MAX_PARTITIONS}
     * @throws IllegalArgumentException naming the bad part
     */
    public PartitionedChannel {
        StreamKey.requireQueue(queue);
        StreamKey.requireName(name);
        if (partitions < 1 || partitions > MAX_PARTITIONS) {
            throw new IllegalArgumentException("partitions must be 1.." + MAX_PARTITIONS + ", got " + partitions);
        }
        for (int p = 0; p < partitions; p++) {
            StreamKey.requireQueue(queueOf(queue, p, partitions)); // every partition queue still fits
        }
    }

    /**
     * The queue of partition {@code p} of {@code n}: found by a short search each time (about
     * {@code n} CRC16s of a few bytes), so the model keeps no cache.
     */
    private static String queueOf(String queue, int p, int n) {
        return n == 1 ? queue : spread(queue, p, n);
    }

    /** {@code queue-p<p>}, or {@code queue-p<p>-<k>} for the smallest k, whose slot is in the p-th of n equal slot ranges. */
    private static String spread(String queue, int p, int n) {
        int from = p * HashSlot.SLOTS / n;
        int to = (p + 1) * HashSlot.SLOTS / n;
        for (int k = 0; k < 1_000_000; k++) {
            String candidate = queue + "-p" + p + (k == 0 ? "" : "-" + k);
            int slot = HashSlot.of(candidate);
            if (slot >= from && slot < to) {
                return candidate;
            }
        }
        throw new IllegalStateException("no hash tag of partition " + p + " of " + n + " of queue " + queue + " in slots " + from + ".." + (to - 1));
    }

    /**
     * The queue of partition {@code p}: {@code queue} itself for a single partition, else
     * {@code queue-p<p>} or {@code queue-p<p>-<k>}.
     *
     * @param p the partition, {@code 0..partitions-1}
     * @return the partition's queue
     * @throws IllegalArgumentException when {@code p} is not a partition
     */
    public String partitionQueue(int p) {
        if (p < 0 || p >= partitions) {
            throw new IllegalArgumentException("partition must be 0.." + (partitions - 1) + ", got " + p);
        }
        return queueOf(queue, p, partitions);
    }

    /**
     * The stream key of partition {@code p}.
     *
     * @param p the partition, {@code 0..partitions-1}
     * @return {@code emq:{<partition queue>}:stream:<name>}
     * @throws IllegalArgumentException when {@code p} is not a partition
     */
    public StreamKey partition(int p) {
        return StreamKey.of(partitionQueue(p), name);
    }

    /**
     * Every partition's key, in partition order.
     *
     * @return {@code partition(0) .. partition(partitions - 1)}
     */
    public Vector<StreamKey> keys() {
        return Vector.range(0, partitions).map(this::partition);
    }

    /**
     * The partition of records with {@code partitionKey}: CRC16 of its UTF-8 bytes mod the partition
     * count. Stable across processes and versions, so all records of one key go to one stream.
     *
     * @param partitionKey the record's declared key (a game id, say)
     * @return the partition, {@code 0..partitions-1}
     * @throws IllegalArgumentException when the key is null or empty
     */
    public int partitionOf(String partitionKey) {
        if (partitionKey == null || partitionKey.isEmpty()) {
            throw new IllegalArgumentException("partition key must not be empty");
        }
        if (partitions == 1) {
            return 0; // no hash to take: the app's score worker asks for every key of every guess
        }
        byte[] b = partitionKey.getBytes(StandardCharsets.UTF_8);
        return HashSlot.crc16(b, 0, b.length) % partitions;
    }
}
