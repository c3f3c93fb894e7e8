package codemojex.app.core.port.in;

import codemojex.app.core.BadInputException;
import codemojex.app.core.Instants;
import codemojex.app.core.SeriesQuery;
import echomq.domain.fold.Tally;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** Games opened per room: over a range, and per calendar bucket. */
public interface OpeningsQuery {

    /** How far back a range given without {@code from} starts: a day. */
    Duration SPAN = Duration.ofDays(1);

    /**
     * The range asked for, parsed once where it enters: its bounds as shown in the answer, and
     * whether it is closed or left open at its end.
     */
    sealed interface Span {
        /** The first instant counted. */
        Instant from();

        /** The last instant counted; for a span open at its end, the instant it was read. */
        Instant to();

        /** The window the span is folded over. */
        Window window();

        /** {@code [from, to]}, both given. */
        record Closed(Instant from, Instant to) implements Span {
            public Closed {
                Objects.requireNonNull(from, "from");
                Objects.requireNonNull(to, "to");
                if (from.isAfter(to)) {
                    throw new BadInputException("to", "to " + to + " is before from " + from + ": give a to at or after from");
                }
            }

            @Override
            public Window window() {
                return Window.closed(from, to);
            }
        }

        /** {@code [from, ∞)}: repeated reads extend one cached fold; {@code to} is when it was read. */
        record Since(Instant from, Instant to) implements Span {
            public Since {
                Objects.requireNonNull(from, "from");
                Objects.requireNonNull(to, "to");
            }

            @Override
            public Window window() {
                return Window.since(from);
            }
        }

        /** The last {@link #SPAN}, sliding in hourly panes; {@code from} and {@code to} as read. */
        record Last(Instant from, Instant to) implements Span {
            public Last {
                Objects.requireNonNull(from, "from");
                Objects.requireNonNull(to, "to");
            }

            /** The last day is folded in panes of an hour, so a repeated read folds only what is new. */
            @Override
            public Window window() {
                return Window.last(SPAN).inPanesOf(Duration.ofHours(1));
            }
        }

        /**
         * The span asked for by two optional texts (absent: {@code null}), read at {@code now}.
         *
         * @throws codemojex.app.core.BadInputException naming the field at fault
         */
        static Span of(String from, String to, Instant now) {
            Instants.Range r = Instants.range(from, to, now, SPAN);
            if (to != null) {
                return new Closed(r.from(), r.to());
            }
            return from != null ? new Since(r.from(), r.to()) : new Last(r.from(), r.to());
        }
    }

    /** Games opened per room in {@code span} (room -> count), with the entries skipped as unreadable. */
    Tally<Map<String, Integer>> openings(Span span);

    /** Games opened per calendar bucket of {@code query} (room -> count), every bucket present. */
    Series<Tally<Map<String, Integer>>> openingsSeries(SeriesQuery.Openings query);

    /**
     * When a window starting at {@code start} reaches past what retention kept of {@code room-opened}
     * ({@code serve --keep}, {@code trim}), the instant from which it holds everything; none when it was kept whole.
     */
    Option<Instant> keptFrom(Instant start);
}
