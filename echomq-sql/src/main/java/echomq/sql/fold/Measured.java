package echomq.sql.fold;

import echomq.domain.stream.StreamEntry;
import echomq.sketches.AggregateState;

/**
 * What {@link Measures#fold()} keeps of a group: how many rows it folded, the library's folds
 * ({@code echomq-sketches}' {@link AggregateState}, when the query asks any) and the parts this module
 * folds itself. An immutable value: a step returns a new one.
 */
public final class Measured {

    private final long rows;
    private final AggregateState library;
    private final Part[] parts;

    Measured(long rows, AggregateState library, Part[] parts) {
        this.rows = rows;
        this.library = library;
        this.parts = parts;
    }

    /**
     * How many rows were folded: a group of none is no row of the answer.
     *
     * @return the number
     */
    public long rows() {
        return rows;
    }

    AggregateState library() {
        return library;
    }

    Part part(int i) {
        return parts[i];
    }

    Measured step(Measures of, StreamEntry e) {
        Part[] next = parts.length == 0 ? parts : new Part[parts.length];
        for (int i = 0; i < parts.length; i++) {
            next[i] = parts[i].step(e);
        }
        return new Measured(rows + 1, library == null ? null : of.library().get().fold().step(library, e), next);
    }

    Measured combine(Measures of, Measured later) {
        Part[] next = parts.length == 0 ? parts : new Part[parts.length];
        for (int i = 0; i < parts.length; i++) {
            next[i] = parts[i].combine(later.parts[i]);
        }
        return new Measured(rows + later.rows, library == null ? null : of.library().get().fold().combine(library, later.library), next);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Measured m && m.rows == rows && java.util.Objects.equals(m.library, library)
                && java.util.Arrays.equals(m.parts, parts);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(rows) + java.util.Arrays.hashCode(parts);
    }

    @Override
    public String toString() {
        return "Measured[rows=" + rows + ", library=" + library + ", parts=" + java.util.Arrays.toString(parts) + "]";
    }
}
