/**
 * Partitions with one owner: a {@link echomq.domain.lease.Lease} per partition of a channel, kept by
 * the store with a fencing epoch that increments on every change of owner, the port that keeps
 * them with the members' heartbeats ({@link echomq.domain.lease.PartitionLeasePort}), and the pure
 * rebalancing decision ({@link echomq.domain.lease.Rebalance}): which partitions each live member
 * owns, balanced within one, moving no more partitions than a join or a leave needs.
 * <pre>{@code
 * Map<String, SortedSet<Integer>> target = Rebalance.assign(6, Set.of("a", "b"), Map.of(0, "a", 1, "a"));
 * Rebalance.Plan plan = Rebalance.plan("b", target, Set.of());   // what b acquires and releases now
 * }</pre>
 * A writer holding a lease passes its epoch to its writes; a write whose epoch is not the stored one
 * is refused ({@link echomq.domain.lease.LeaseFencedException}), so a stale owner writes nothing.
 */
package echomq.domain.lease;
