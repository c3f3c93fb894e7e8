/**
 * Runs partition ownership: {@link echomq.engine.lease.PartitionOwnership} beats for its member,
 * applies the pure {@link echomq.domain.lease.Rebalance} to the members alive and the leases held,
 * releases, renews and acquires through a {@link echomq.domain.lease.PartitionLeasePort}, and tells
 * its listener which partitions it gained (with their fencing epochs) and lost.
 */
package echomq.engine.lease;
