package echomq.sql.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * An instant a query names: a literal, Redis' clock ({@code CURRENT_TIMESTAMP}, {@code NOW()},
 * {@code LOCALTIMESTAMP}: the {@code TIME} of the stream's server when the query runs), or one of
 * those shifted by an interval.
 * <pre>{@code
 * new TimeConstant.Shifted(new TimeConstant.Now(), Duration.ofHours(-1)).at(now);   // now - 1 h
 * }</pre>
 */
public sealed interface TimeConstant permits TimeConstant.Fixed, TimeConstant.Now, TimeConstant.Shifted {

    /**
     * The instant, given the clock's.
     *
     * @param now Redis' clock when the query runs
     * @return the instant
     */
    Instant at(Instant now);

    /**
     * How the query wrote it, for messages and column names.
     *
     * @return e.g. {@code CURRENT_TIMESTAMP - INTERVAL 3600 SECOND}
     */
    String shown();

    /**
     * A literal instant.
     *
     * @param instant the instant
     */
    record Fixed(Instant instant) implements TimeConstant {
        /** @param instant not null */
        public Fixed {
            Objects.requireNonNull(instant, "instant");
        }

        @Override
        public Instant at(Instant now) {
            return instant;
        }

        @Override
        public String shown() {
            return "TIMESTAMP '" + instant + "'";
        }
    }

    /** Redis' clock when the query runs. */
    record Now() implements TimeConstant {
        @Override
        public Instant at(Instant now) {
            return now;
        }

        @Override
        public String shown() {
            return "CURRENT_TIMESTAMP";
        }
    }

    /**
     * An instant shifted by an interval.
     *
     * @param base  the instant shifted
     * @param shift the interval, negative for a minus
     */
    record Shifted(TimeConstant base, Duration shift) implements TimeConstant {
        /**
         * Checks the parts.
         *
         * @param base  not null
         * @param shift not null
         */
        public Shifted {
            Objects.requireNonNull(base, "base");
            Objects.requireNonNull(shift, "shift");
        }

        @Override
        public Instant at(Instant now) {
            return base.at(now).plus(shift);
        }

        @Override
        public String shown() {
            return base.shown() + (shift.isNegative() ? " - " : " + ") + "INTERVAL '" + shift.abs().toMillis() / 1000.0 + "' SECOND";
        }
    }
}
