package echomq.sql.model;

import io.vavr.control.Option;

import java.util.Objects;

/**
 * One key of an {@code ORDER BY}: a column named (by its name or alias, or an aggregate as written) or
 * its place in the {@code SELECT} list, ascending or descending; NULL sorts first ascending and last
 * descending unless {@code NULLS FIRST|LAST} says otherwise.
 * <pre>{@code
 * new OrderKey("n", 0, true, Option.none(), at);   // ORDER BY n DESC
 * new OrderKey("", 2, false, Option.none(), at);   // ORDER BY 2
 * }</pre>
 *
 * @param name       the column as written, empty when by place
 * @param ordinal    the place from 1, 0 when by name
 * @param descending DESC
 * @param nullsFirst NULLS FIRST (true) or NULLS LAST (false), if written
 * @param at         where it stands
 */
public record OrderKey(String name, int ordinal, boolean descending, Option<Boolean> nullsFirst, Position at) {
    /**
     * Checks the parts.
     *
     * @param name       the column, or empty
     * @param ordinal    0, or the place from 1
     * @param descending DESC
     * @param nullsFirst the NULLS clause, if any
     * @param at         the position
     */
    public OrderKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nullsFirst, "nullsFirst");
        Objects.requireNonNull(at, "at");
        if (ordinal < 0 || ordinal == 0 && name.isEmpty()) {
            throw new IllegalArgumentException("an ORDER BY key names a column or its place from 1");
        }
    }

    /**
     * Whether NULL comes first.
     *
     * @return as written, else first ascending and last descending
     */
    public boolean nullFirst() {
        return nullsFirst.getOrElse(!descending);
    }

    /**
     * How it reads.
     *
     * @return e.g. {@code n DESC}
     */
    public String shown() {
        return (ordinal > 0 ? Integer.toString(ordinal) : name) + (descending ? " DESC" : "");
    }
}
