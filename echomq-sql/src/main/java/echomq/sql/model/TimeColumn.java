package echomq.sql.model;

import java.util.Objects;

/**
 * The column a window's {@code DESCRIPTOR} names: the time its rows are windowed by. Either
 * {@code _time}, the entry id's millisecond (the time Redis received an {@code XADD … *}), or a field
 * declared as the stream's event time ({@code --time-field ts --lateness 5m}).
 * <pre>{@code
 * TimeColumn.of("_time", at, Option.none());          // IdTime
 * TimeColumn.of("ts", at, Option.some(declared));     // EventTime: refused until the domain windows by event time
 * }</pre>
 */
public sealed interface TimeColumn permits TimeColumn.IdTime, TimeColumn.EventTime {

    /**
     * Where it stands.
     *
     * @return the position
     */
    Position at();

    /**
     * The column's name.
     *
     * @return {@code _time}, or the event-time field
     */
    String name();

    /**
     * {@code _time}: the entry id's millisecond.
     *
     * @param at where it stands
     */
    record IdTime(Position at) implements TimeColumn {
        @Override
        public String name() {
            return "_time";
        }
    }

    /**
     * A field declared as the stream's event time.
     *
     * @param declared the declaration
     * @param at       where it stands
     */
    record EventTime(EventTimeField declared, Position at) implements TimeColumn {
        /**
         * Checks the parts.
         *
         * @param declared the declaration
         * @param at       the position
         */
        public EventTime {
            Objects.requireNonNull(declared, "declared");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String name() {
            return declared.field();
        }
    }

    /**
     * The time column {@code DESCRIPTOR(name)} names.
     *
     * @param name      the column written
     * @param at        where it stands
     * @param eventTime the field declared as event time, if any
     * @return {@code _time}, or the declared event time
     * @throws SqlRefusedException when the name is neither
     */
    static TimeColumn of(String name, Position at, io.vavr.control.Option<EventTimeField> eventTime) {
        if (name.equals("_time")) {
            return new IdTime(at);
        }
        if (eventTime.exists(e -> e.field().equals(name))) {
            return new EventTime(eventTime.get(), at);
        }
        throw new SqlRefusedException("DESCRIPTOR(" + name + ")", at, "names no time column: a window is by _time (the entry id's millisecond)"
                + eventTime.map(e -> " or by " + e.field() + " (the declared event time)").getOrElse(
                        ", or by a field declared as event time (--time-field " + name + " --lateness 5m)"));
    }
}
