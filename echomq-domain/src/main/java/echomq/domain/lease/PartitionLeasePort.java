package echomq.domain.lease;

import echomq.domain.partition.PartitionedChannel;
import io.vavr.control.Option;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The leases of a partitioned channel's partitions, and the heartbeats by which its members know
 * each other. A partition's lease is kept in that partition's hash slot (a script writing to the
 * partition can read its epoch), the members in the channel's queue's slot; expiry is judged by the
 * store's clock, so the members' clocks need not agree.
 * <pre>{@code
 * List<String> live = leases.heartbeat(channel, "worker-1", Duration.ofSeconds(10));
 * if (leases.acquire(channel, 2, "worker-1", Duration.ofSeconds(10)) instanceof LeaseOutcome.Granted g) {
 *     long epoch = g.lease().epoch();     // carried by every write to partition 2
 * }
 * }</pre>
 * Every method throws {@link echomq.domain.stream.StreamStoreException} when the store fails, and
 * {@link IllegalArgumentException} (before anything reaches the store) for a partition the channel
 * does not have, a bad member name or a period below one millisecond.
 */
public interface PartitionLeasePort {

    /**
     * Acquires partition {@code p}'s lease for {@code owner}, or renews it when {@code owner} holds
     * it: granted when nobody holds it, when its holder's lease lapsed, or when {@code owner} holds
     * it. The epoch increments on every change of owner (a release followed by an acquire is one),
     * never on a renewal.
     *
     * @param channel the channel
     * @param p       the partition
     * @param owner   the member asking
     * @param ttl     how long the lease lasts from now unless renewed
     * @return granted (the caller's lease), or held by another (its lease; nothing changed)
     */
    LeaseOutcome acquire(PartitionedChannel channel, int p, String owner, Duration ttl);

    /**
     * Lets go of partition {@code p} when {@code owner} holds it, so that another member may take it
     * at once; the epoch is kept (the next acquire increments it).
     *
     * @param channel the channel
     * @param p       the partition
     * @param owner   the member letting go
     * @return whether {@code owner} held it
     */
    boolean release(PartitionedChannel channel, int p, String owner);

    /**
     * Partition {@code p}'s lease as stored, held or lapsed; none when nobody holds it (never
     * leased, or released).
     *
     * @param channel the channel
     * @param p       the partition
     * @return the lease
     */
    Option<Lease> read(PartitionedChannel channel, int p);

    /**
     * Partition {@code p}'s stored epoch: the last owner's, held, lapsed or released; 0 when it was
     * never leased. This is the value a fenced write is checked against.
     *
     * @param channel the channel
     * @param p       the partition
     * @return the epoch, {@code >= 0}
     */
    long epoch(PartitionedChannel channel, int p);

    /**
     * Says {@code member} is alive for {@code ttl} more, drops the members whose heartbeat lapsed,
     * and answers the live ones.
     *
     * @param channel the channel
     * @param member  the member
     * @param ttl     how long it counts as alive unless it beats again
     * @return the live members, {@code member} among them, in name order
     */
    List<String> heartbeat(PartitionedChannel channel, String member, Duration ttl);

    /**
     * Removes {@code member} from the live members at once (a clean leave).
     *
     * @param channel the channel
     * @param member  the member
     */
    void leave(PartitionedChannel channel, String member);

    /**
     * Refuses a bad member name, naming it: non-empty, at most 200 UTF-8 bytes, no whitespace or
     * control characters.
     *
     * @param member the name
     * @return {@code member}
     * @throws IllegalArgumentException when it is not a valid name
     */
    static String requireMember(String member) {
        Objects.requireNonNull(member, "member");
        if (member.isEmpty() || member.getBytes(StandardCharsets.UTF_8).length > 200
                || member.codePoints().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c))) {
            throw new IllegalArgumentException("member name '" + member + "' must be 1..200 bytes without whitespace or control characters");
        }
        return member;
    }

    /**
     * Refuses a partition the channel does not have, naming it.
     *
     * @param channel the channel
     * @param p       the partition
     * @return {@code p}
     * @throws IllegalArgumentException when {@code p} is not {@code 0..partitions-1}
     */
    static int requirePartition(PartitionedChannel channel, int p) {
        Objects.requireNonNull(channel, "channel");
        if (p < 0 || p >= channel.partitions()) {
            throw new IllegalArgumentException("partition must be 0.." + (channel.partitions() - 1) + ", got " + p);
        }
        return p;
    }

    /**
     * Refuses a period below one millisecond (the store's unit), naming it.
     *
     * @param ttl the period
     * @return {@code ttl}
     * @throws IllegalArgumentException when it is below one millisecond
     */
    static Duration requireTtl(Duration ttl) {
        if (Objects.requireNonNull(ttl, "ttl").toMillis() < 1) {
            throw new IllegalArgumentException("ttl must be at least 1 ms, got " + ttl);
        }
        return ttl;
    }
}
