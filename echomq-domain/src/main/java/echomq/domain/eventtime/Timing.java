package echomq.domain.eventtime;

import io.vavr.control.Option;

/**
 * Where an entry stands by the rule of its stream's {@link EventTime}: on time (it belongs to the
 * windows of its event time), or left out for a {@link LeftOut.Reason}: late, early, or untimed.
 * <pre>{@code
 * ts.timing(entry);   // OnTime[millis=…], Late[millis=…], Early[millis=…] or Untimed[]
 * }</pre>
 */
public sealed interface Timing permits Timing.OnTime, Timing.Late, Timing.Early, Timing.Untimed {

    /**
     * Why the entry is left out.
     *
     * @return none for an entry on time
     */
    Option<LeftOut.Reason> leftOut();

    /**
     * The event time at which the entry belongs.
     *
     * @return its event time in epoch milliseconds when on time; none when left out
     */
    Option<Long> belongsAt();

    /**
     * In time: {@code m - L <= e <= m + E}.
     *
     * @param millis the event time, epoch milliseconds
     */
    record OnTime(long millis) implements Timing {
        @Override
        public Option<Long> belongsAt() {
            return Option.some(millis);
        }

        @Override
        public Option<LeftOut.Reason> leftOut() {
            return Option.none();
        }
    }

    /**
     * Written more than the lateness after its event time: {@code e < m - L}.
     *
     * @param millis the event time, epoch milliseconds
     */
    record Late(long millis) implements Timing {
        @Override
        public Option<Long> belongsAt() {
            return Option.none();
        }

        @Override
        public Option<LeftOut.Reason> leftOut() {
            return Option.some(LeftOut.Reason.LATE);
        }
    }

    /**
     * Stamped further ahead of the store's clock than the lead: {@code e > m + E}.
     *
     * @param millis the event time, epoch milliseconds
     */
    record Early(long millis) implements Timing {
        @Override
        public Option<Long> belongsAt() {
            return Option.none();
        }

        @Override
        public Option<LeftOut.Reason> leftOut() {
            return Option.some(LeftOut.Reason.EARLY);
        }
    }

    /** Without the field, or with no time of the stream's format in it. */
    record Untimed() implements Timing {
        @Override
        public Option<Long> belongsAt() {
            return Option.none();
        }

        @Override
        public Option<LeftOut.Reason> leftOut() {
            return Option.some(LeftOut.Reason.UNTIMED);
        }
    }
}
