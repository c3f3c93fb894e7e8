package echomq.domain.retention;

import echomq.domain.id.StreamId;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * What a trim will do once its readers are heard: {@link RetentionPolicy#plan}.
 *
 * @param requested what was asked
 * @param keepFrom  the id the request would keep from; none when it removes nothing
 * @param effective the trim to run, as an exact-id {@code MINID}; none when nothing may be removed
 * @param holds     the readers that held the trim back (their needs lie below {@code keepFrom}), lowest first
 */
public record TrimPlan(Retention requested, Option<StreamId> keepFrom, Option<Retention> effective, List<Hold> holds) {
    /**
     * Checks the parts.
     *
     * @param requested what was asked
     * @param keepFrom  the id the request would keep from; none when it removes nothing
     * @param effective the trim to run; none when nothing may be removed
     * @param holds     the readers that held the trim back, lowest first
     * @throws NullPointerException naming a missing part
     */
    public TrimPlan {
        Objects.requireNonNull(requested, "requested");
        Objects.requireNonNull(keepFrom, "keepFrom");
        Objects.requireNonNull(effective, "effective");
        Objects.requireNonNull(holds, "holds");
    }

    /**
     * Whether a reader kept the trim from going as far as asked.
     *
     * @return whether {@link #holds()} is not empty
     */
    public boolean heldBack() {
        return !holds.isEmpty();
    }
}
