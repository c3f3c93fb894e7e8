package echomq.domain.lease;

import java.time.Instant;
import java.util.Objects;

/**
 * The lease of one partition: who owns it, under which fencing epoch, until when (the store's clock).
 * The epoch increments on every change of owner, never on a renewal, so a write carrying an older
 * epoch comes from a stale owner.
 *
 * @param partition the partition, {@code >= 0}
 * @param owner     the member holding it (a valid member name)
 * @param epoch     the fencing epoch, {@code >= 1}
 * @param expiresAt when it lapses unless renewed, by the store's clock
 */
public record Lease(int partition, String owner, long epoch, Instant expiresAt) {

    /**
     * Checks the parts.
     *
     * @param partition the partition, {@code >= 0}
     * @param owner     the member holding it
     * @param epoch     the fencing epoch, {@code >= 1}
     * @param expiresAt when it lapses
     * @throws IllegalArgumentException naming the bad part
     */
    public Lease {
        if (partition < 0) {
            throw new IllegalArgumentException("partition must be >= 0, got " + partition);
        }
        PartitionLeasePort.requireMember(owner);
        if (epoch < 1) {
            throw new IllegalArgumentException("epoch must be >= 1, got " + epoch);
        }
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
