package echomq.sql.plan;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * One end of the id range a query reads, from one of its time predicates: a function of Redis' clock
 * (a predicate may name {@code CURRENT_TIMESTAMP}), in epoch milliseconds, inclusive.
 *
 * @param shown the predicate, for messages
 * @param ms    the bound at Redis' clock; none when the predicate bounds nothing
 */
public record RowBound(String shown, Function<Instant, Option<Long>> ms) {
    /**
     * Checks the parts.
     *
     * @param shown the predicate
     * @param ms    the bound
     */
    public RowBound {
        Objects.requireNonNull(shown, "shown");
        Objects.requireNonNull(ms, "ms");
    }
}
