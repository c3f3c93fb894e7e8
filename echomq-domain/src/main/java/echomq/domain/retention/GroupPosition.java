package echomq.domain.retention;

import echomq.domain.id.StreamId;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * Where a consumer group stands on a stream: what it has delivered and what it has not
 * acknowledged yet. Retention must keep both its pending entries and those not delivered yet.
 *
 * @param group         the group
 * @param lastDelivered the last id delivered to any of its consumers ({@code 0-0} when none)
 * @param oldestPending the oldest entry delivered and not acknowledged, if any
 * @param pending       how many entries are delivered and not acknowledged
 * @param lag           how many entries are not delivered yet; -1 when the server cannot say (after
 *                      deletions inside the stream, or a server before Redis 7)
 */
public record GroupPosition(String group, StreamId lastDelivered, Option<StreamId> oldestPending, long pending, long lag) {

    /**
     * A position whose lag is not known ({@code lag} -1).
     *
     * @param group         the group
     * @param lastDelivered the last id delivered to any of its consumers
     * @param oldestPending the oldest entry delivered and not acknowledged, if any
     * @param pending       how many entries are delivered and not acknowledged
     * @throws IllegalArgumentException when {@code pending} and {@code oldestPending} disagree
     */
    public GroupPosition(String group, StreamId lastDelivered, Option<StreamId> oldestPending, long pending) {
        this(group, lastDelivered, oldestPending, pending, -1);
    }

    /**
     * Checks the parts: {@code pending > 0} exactly when there is an oldest pending entry.
     *
     * @param group         the group
     * @param lastDelivered the last id delivered to any of its consumers
     * @param oldestPending the oldest entry delivered and not acknowledged, if any
     * @param pending       how many entries are delivered and not acknowledged, {@code >= 0}
     * @param lag           how many entries are not delivered yet, or -1 when unknown
     * @throws NullPointerException naming a missing part
     * @throws IllegalArgumentException when {@code lag} is below -1 or {@code pending} and
     *                                  {@code oldestPending} disagree
     */
    public GroupPosition {
        if (lag < -1) {
            throw new IllegalArgumentException("lag must be >= 0, or -1 when unknown; got " + lag);
        }
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(lastDelivered, "lastDelivered");
        Objects.requireNonNull(oldestPending, "oldestPending");
        if (pending < 0 || (pending > 0) != oldestPending.isDefined()) {
            throw new IllegalArgumentException("pending " + pending + " does not agree with oldest pending " + oldestPending);
        }
    }
}
