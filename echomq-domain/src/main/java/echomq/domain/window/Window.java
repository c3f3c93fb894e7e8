package echomq.domain.window;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/**
 * A time window over a stream, as an id range: closed {@code [t0, t1]} reads
 * {@code floor(t0) .. ceiling(t1)}, half-open {@code [t0, ∞)} reads {@code floor(t0) .. +}.
 * <pre>{@code
 * Window w = Window.closed(t0, t1);
 * w.lower();   // <t0 ms>-0
 * w.upper();   // Some(<t1 ms>-4194303)
 * }</pre>
 */
public sealed interface Window permits Window.Closed, Window.Since {

    /** {@code [t0, t1]}; a one-millisecond window {@code t0 == t1} is valid. */
    static Window closed(Instant t0, Instant t1) {
        return new Closed(t0, t1);
    }

    /** {@code [t0, ∞)}. */
    static Window since(Instant t0) {
        return new Since(t0);
    }

    /** The first instant of the window. */
    Instant from();

    /** The last instant of the window, none when open. */
    Option<Instant> to();

    /** The lowest id in the window, {@code floor(from)}. */
    StreamId lower();

    /** The highest id in the window, {@code ceiling(to)}; none when open. */
    Option<StreamId> upper();

    /**
     * Whether the id lies in {@code lower() .. upper()}, the range the window reads. For every id an
     * EchoMQ minter makes (tail at most {@link StreamId#MAX_SNOWFLAKE_TAIL}) that is exactly
     * {@code from <= id.instant() <= to}.
     */
    default boolean contains(StreamId id) {
        return id.compareTo(lower()) >= 0 && upper().map(u -> id.compareTo(u) <= 0).getOrElse(true);
    }

    /** A closed window {@code [t0, t1]}. */
    record Closed(Instant t0, Instant t1) implements Window {
        public Closed {
            Objects.requireNonNull(t0, "t0");
            Objects.requireNonNull(t1, "t1");
            if (t1.isBefore(t0)) {
                throw new IllegalArgumentException("window end " + t1 + " is before its start " + t0);
            }
            StreamId.epochMilli(t0);
            StreamId.epochMilli(t1);
        }

        @Override
        public Instant from() {
            return t0;
        }

        @Override
        public Option<Instant> to() {
            return Option.some(t1);
        }

        @Override
        public StreamId lower() {
            return StreamId.floor(t0);
        }

        @Override
        public Option<StreamId> upper() {
            return Option.some(StreamId.ceiling(t1));
        }
    }

    /** A half-open window {@code [t0, ∞)}. */
    record Since(Instant t0) implements Window {
        public Since {
            Objects.requireNonNull(t0, "t0");
            StreamId.epochMilli(t0);
        }

        @Override
        public Instant from() {
            return t0;
        }

        @Override
        public Option<Instant> to() {
            return Option.none();
        }

        @Override
        public StreamId lower() {
            return StreamId.floor(t0);
        }

        @Override
        public Option<StreamId> upper() {
            return Option.none();
        }
    }
}
