package echomq.cli.command;

import echomq.domain.window.Buckets;
import echomq.domain.window.Window;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The range a command reads: the last {@code D} ({@code [now − D, ∞)}, now being Redis' clock, since
 * Redis mints {@code *} ids by it) or a closed {@code [t0, t1]}.
 */
public sealed interface ReadRange permits ReadRange.Last, ReadRange.Between {

    /**
     * {@code --since D}.
     *
     * @param length how far back from now
     */
    record Last(Duration length) implements ReadRange {
        /**
         * The last {@code length}.
         *
         * @param length how far back from now
         */
        public Last {
            Objects.requireNonNull(length, "length");
        }

        @Override
        public Window.Fixed window(Instant now) {
            return Window.since(start(now));
        }

        @Override
        public Window.Closed closed(Instant now) {
            return Window.closed(start(now), now);
        }

        @Override
        public long count(Buckets buckets) {
            // counted on this machine's clock: Redis' may differ, by at most a bucket at either end
            Instant now = Instant.now();
            return saturated(buckets.count(Window.closed(start(now), now)), 1);
        }

        private Instant start(Instant now) {
            Instant t0 = now.minus(length);
            return t0.isBefore(Inputs.FIRST) ? Inputs.FIRST : t0;
        }
    }

    /**
     * {@code --from T0 --to T1}.
     *
     * @param t0 the first millisecond
     * @param t1 the last, not before {@code t0}
     */
    record Between(Instant t0, Instant t1) implements ReadRange {
        /**
         * The closed range.
         *
         * @param t0 the first millisecond
         * @param t1 the last
         * @throws BadArgumentException when {@code t1} is before {@code t0}
         */
        public Between {
            Objects.requireNonNull(t0, "t0");
            Objects.requireNonNull(t1, "t1");
            if (t1.isBefore(t0)) {
                throw new BadArgumentException("--from " + t0 + " is after --to " + t1 + ": give a --to at or after --from");
            }
        }

        @Override
        public Window.Fixed window(Instant now) {
            return Window.closed(t0, t1);
        }

        @Override
        public Window.Closed closed(Instant now) {
            return Window.closed(t0, t1);
        }

        @Override
        public long count(Buckets buckets) {
            return buckets.count(Window.closed(t0, t1));
        }
    }

    /**
     * The window at {@code now}: {@code [now − D, ∞)} or {@code [t0, t1]}.
     *
     * @param now Redis' clock
     * @return the window
     */
    Window.Fixed window(Instant now);

    /**
     * The closed range at {@code now}, for a series or sessions (they need an end):
     * {@code [now − D, now]} or {@code [t0, t1]}.
     *
     * @param now Redis' clock
     * @return the range
     */
    Window.Closed closed(Instant now);

    /**
     * How many buckets the range holds, counted without cutting it (for {@code --since}, at most one
     * more than Redis' clock may give), so a too-long series is refused before Redis is reached.
     *
     * @param buckets how the range is cut
     * @return the number of buckets
     */
    long count(Buckets buckets);

    /**
     * The end, when the window has one.
     *
     * @param now Redis' clock
     * @return the end
     */
    default Option<Instant> end(Instant now) {
        return window(now).to();
    }

    private static long saturated(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }
}
