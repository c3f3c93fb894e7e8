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
 */
public record GroupPosition(String group, StreamId lastDelivered, Option<StreamId> oldestPending, long pending) {
    public GroupPosition {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(lastDelivered, "lastDelivered");
        Objects.requireNonNull(oldestPending, "oldestPending");
        if (pending < 0 || (pending > 0) != oldestPending.isDefined()) {
            throw new IllegalArgumentException("pending " + pending + " does not agree with oldest pending " + oldestPending);
        }
    }
}
