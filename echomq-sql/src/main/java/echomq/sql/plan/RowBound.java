package echomq.sql.plan;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * One end of the range a query reads, from one of its time predicates: a function of Redis' clock
 * (a predicate may name {@code CURRENT_TIMESTAMP}), in epoch milliseconds, inclusive; a time of the
 * ids ({@code _time}, {@code _id}, the windows by {@code _time}) or of the events (the declared
 * event-time column, the windows by it). A read by ids widens a bound on event time by the rule
 * ({@link echomq.domain.eventtime.EventTime#lowestId}, {@link echomq.domain.eventtime.EventTime#highestId}).
 *
 * @param shown       the predicate, for messages
 * @param onEventTime whether it bounds the events' time rather than the ids'
 * @param ms          the bound at Redis' clock; none when the predicate bounds nothing
 */
public record RowBound(String shown, boolean onEventTime, Function<Instant, Option<Long>> ms) {
    /**
     * Checks the parts.
     *
     * @param shown       the predicate
     * @param onEventTime whether it bounds event time
     * @param ms          the bound
     */
    public RowBound {
        Objects.requireNonNull(shown, "shown");
        Objects.requireNonNull(ms, "ms");
    }
}
