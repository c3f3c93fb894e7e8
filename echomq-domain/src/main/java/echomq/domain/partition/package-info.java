/**
 * Partitioning: Redis Cluster hash slots and channels written to several streams so that they
 * spread over the cluster's masters.
 *
 * <p>{@link echomq.domain.partition.HashSlot} is the cluster's CRC16 slot of a key;
 * a {@link echomq.domain.partition.PartitionedChannel} names its partitions' stream keys (queues with
 * hash tags chosen to fall in distinct slot ranges) and picks a record's partition from its key, so
 * the records of one key stay in order in one stream. Windows of a partitioned channel are read by
 * {@link echomq.domain.window.PartitionedWindows}.
 * <pre>{@code
 * PartitionedChannel scored = new PartitionedChannel("cm", "guess-scored", 3);
 * StreamKey key = scored.partition(scored.partitionOf("game-42"));
 * }</pre>
 */
package echomq.domain.partition;
