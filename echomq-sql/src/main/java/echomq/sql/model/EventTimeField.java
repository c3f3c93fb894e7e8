package echomq.sql.model;

import java.time.Duration;
import java.util.Objects;

/**
 * A field declared as a stream's event time ({@code --time-field ts --lateness 5m}): its name and how
 * late an entry may arrive after its event time. A window by it ({@code DESCRIPTOR(ts)}) needs the
 * domain's event-time windows (#57); until they exist such a query is refused, naming this.
 *
 * @param field    the field holding each entry's own time
 * @param lateness how long after its event time an entry may still arrive
 */
public record EventTimeField(String field, Duration lateness) {
    /**
     * Checks the parts.
     *
     * @param field    not empty
     * @param lateness not negative
     * @throws IllegalArgumentException naming the bad value
     */
    public EventTimeField {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(lateness, "lateness");
        if (field.isEmpty() || field.startsWith("_") && (field.equals("_time") || field.equals("_id"))) {
            throw new IllegalArgumentException("the event-time field must name a field of the entries, not \"" + field + "\"");
        }
        if (lateness.isNegative()) {
            throw new IllegalArgumentException("the lateness " + lateness + " is negative");
        }
    }
}
