package echomq.sketches;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

/**
 * The fields of a rollup entry, or of a checkpoint, that an {@link Aggregate} reads its accumulator
 * back from ({@link Aggregate#read}): each read names the field and where it came from when it is
 * missing or malformed.
 * <pre>{@code
 * fields.number("sum_amount");        // 36.5
 * fields.text("p99_amount_state");    // r2;…
 * }</pre>
 */
public final class StateFields {

    private final Map<String, String> fields;
    private final String where;

    /**
     * The fields of one entry.
     *
     * @param fields the entry's fields by name
     * @param where  what they are, for messages ({@code rollup entry 60000-0}, {@code a checkpoint})
     */
    public StateFields(Map<String, String> fields, String where) {
        this.fields = Objects.requireNonNull(fields, "fields");
        this.where = Objects.requireNonNull(where, "where");
    }

    /**
     * All the fields, for a fold that looks for one of several ({@code p50_F_state} or {@code p99_F_state}).
     *
     * @return the fields by name
     */
    public Map<String, String> all() {
        return java.util.Collections.unmodifiableMap(fields);
    }

    /**
     * What the fields are, for a message.
     *
     * @return e.g. {@code rollup entry 60000-0}
     */
    public String where() {
        return where;
    }

    /**
     * A field's text.
     *
     * @param name the field
     * @return its text
     * @throws IllegalArgumentException when there is no such field: a rollup combines only the folds its source rolled up
     */
    public String text(String name) {
        String v = fields.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no field \"" + name + "\" in " + where + ": a rollup combines only the folds its source rolled up");
        }
        return v;
    }

    /**
     * A field as a number by {@link FieldNumber}'s rule.
     *
     * @param name the field
     * @return its number
     * @throws IllegalArgumentException when it is missing or not a number
     */
    public BigDecimal number(String name) {
        return number(name, text(name));
    }

    /**
     * A part of a field as a number ({@code sum} of {@code avg_F_state}'s {@code sum/n}).
     *
     * @param name the field, for the message
     * @param text the part
     * @return its number
     * @throws IllegalArgumentException naming the field when {@code text} is not a number
     */
    public BigDecimal number(String name, String text) {
        BigDecimal d = FieldNumber.orNull(text);
        if (d == null) {
            throw new IllegalArgumentException("field \"" + name + "\" of " + where + " is not a number: \"" + text + "\"");
        }
        return d;
    }

    /**
     * A part of a field as an exact decimal written plainly, of any number of digits: a sum, which
     * may outgrow the bounds of a number ({@code var_F_state}'s sum of squares).
     *
     * @param name the field, for the message
     * @param text the part: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?}, at most 1,000 characters
     * @return its value
     * @throws IllegalArgumentException naming the field when {@code text} is not such a decimal
     */
    public BigDecimal exact(String name, String text) {
        if (text.length() > 1_000 || !text.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?")) {
            throw new IllegalArgumentException("field \"" + name + "\" of " + where + " is not an exact decimal: \"" + text + "\"");
        }
        return new BigDecimal(text);
    }

    /**
     * A field, or a part of one, as a count: a whole number, zero or more.
     *
     * @param name the field, for the message
     * @param text the text
     * @return the count
     * @throws IllegalArgumentException naming the field when {@code text} is not a count
     */
    public long count(String name, String text) {
        try {
            long n = Long.parseLong(text);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException notACount) {
            // named below
        }
        throw new IllegalArgumentException("field \"" + name + "\" of " + where + " is not a count: \"" + text + "\"");
    }

    /**
     * A field as a count.
     *
     * @param name the field
     * @return the count
     * @throws IllegalArgumentException when it is missing or not a count
     */
    public long count(String name) {
        return count(name, text(name));
    }

    /**
     * A field that holds {@code parts} parts separated by {@code '/'} ({@code avg_F_state}'s {@code sum/n}).
     *
     * @param name  the field
     * @param parts how many parts it holds
     * @return the parts
     * @throws IllegalArgumentException when it is missing or has another number of parts
     */
    public String[] parts(String name, int parts) {
        String v = text(name);
        String[] p = v.split("/", -1);
        if (p.length != parts) {
            throw new IllegalArgumentException("field \"" + name + "\" of " + where + " is not " + parts + " parts separated by '/': \"" + v + "\"");
        }
        return p;
    }
}
