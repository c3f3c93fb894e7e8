package echomq.sketches;

import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.stream.StreamEntry;

/** Reading a sketch's field out of an entry, failing with the entry and the field named. */
final class Fields {

    private Fields() {
    }

    /** The field's text, or an {@link UnreadableEntryException} naming the entry and the field. */
    static String text(StreamEntry entry, String field) {
        return entry.field(field).getOrElseThrow(
                () -> new UnreadableEntryException(entry.id(), "entry " + entry.id() + " has no field \"" + field + "\""));
    }

    /** The field as a number by {@link FieldNumber}'s rule, or null when it is missing or not one: a text-spelled fold's step skips it. */
    static java.math.BigDecimal numberOrNull(StreamEntry entry, String field) {
        return FieldNumber.orNull(entry.field(field).getOrNull());
    }

    /** The field as a whole number in {@code [0, highest]}, or an {@link UnreadableEntryException} naming it. */
    static long wholeNumber(StreamEntry entry, String field, long highest) {
        String raw = text(entry, field);
        long value;
        try {
            value = Long.parseLong(raw.trim());
        } catch (NumberFormatException notANumber) {
            throw new UnreadableEntryException(entry.id(),
                    "field \"" + field + "\" of entry " + entry.id() + " is not a whole number: \"" + raw + "\"");
        }
        if (value < 0 || value > highest) {
            throw new UnreadableEntryException(entry.id(), "field \"" + field + "\" of entry " + entry.id() + " is "
                    + value + ", outside [0, " + highest + "]");
        }
        return value;
    }
}
