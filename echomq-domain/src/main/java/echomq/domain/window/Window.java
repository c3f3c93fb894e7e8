package echomq.domain.window;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * A time window over a stream: what a fold reads. Each kind is a value:
 * <ul>
 *   <li>{@link Closed} {@code [t0, t1]} reads the ids {@code floor(t0) .. ceiling(t1)}, that is
 *       {@code <t0 ms>-0 .. <t1 ms>-4194303} (4194303 is the largest 22-bit snowflake tail, so every
 *       id minted in {@code t1}'s millisecond is in);</li>
 *   <li>{@link Since} {@code [t0, ∞)} reads {@code floor(t0) .. +}, that is {@code <t0 ms>-0 .. +};</li>
 *   <li>{@link Sliding} "the last {@code length}" is {@code [now - length, ∞)} at the instant it
 *       is read, cut into panes of {@code pane} for a reader that keeps sealed panes.</li>
 * </ul>
 * The first two are {@link Fixed}: their bounds do not move. A sliding window becomes a fixed one
 * at an instant ({@link #at}); a reader asks its clock for that instant.
 * <pre>{@code
 * Window.Closed w = Window.closed(t0, t1);
 * w.lower();   // <t0 ms>-0
 * w.upper();   // Some(<t1 ms>-4194303)
 * Window.Sliding hour = Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1));
 * hour.at(now);  // Window.since(now - 1h)
 * }</pre>
 */
public sealed interface Window permits Window.Fixed, Window.Sliding {

    /**
     * The closed window {@code [t0, t1]}; a one-millisecond window {@code t0 == t1} is valid.
     *
     * @param t0 the first instant
     * @param t1 the last instant, not before {@code t0}
     * @return the window
     * @throws IllegalArgumentException when {@code t1} is before {@code t0} or either is outside the id range
     */
    static Closed closed(Instant t0, Instant t1) {
        return new Closed(t0, t1);
    }

    /**
     * The half-open window {@code [t0, ∞)}.
     *
     * @param t0 the first instant
     * @return the window
     * @throws IllegalArgumentException when {@code t0} is outside the id range
     */
    static Since since(Instant t0) {
        return new Since(t0);
    }

    /**
     * The last {@code length}, in one pane of the whole length until {@link Sliding#inPanesOf} says otherwise.
     * <pre>{@code Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1))}</pre>
     *
     * @param length how far back the window reaches, at least 1 ms
     * @return the sliding window
     * @throws IllegalArgumentException when {@code length} is not positive
     */
    static Sliding last(Duration length) {
        return new Sliding(length, length);
    }

    /**
     * The fixed window whose {@link Fixed#bounds()} are {@code bounds}: the inverse of {@code bounds()},
     * for windows kept by name (a checkpoint's).
     *
     * @param bounds {@code <t0 ms>-0..<t1 ms>-4194303} or {@code <t0 ms>-0..+}
     * @return the window
     * @throws IllegalArgumentException when {@code bounds} is not the bounds of a closed or half-open window
     */
    static Fixed ofBounds(String bounds) {
        java.util.Objects.requireNonNull(bounds, "bounds");
        int dots = bounds.indexOf("..");
        if (dots < 0) {
            throw new IllegalArgumentException("window bounds \"" + bounds + "\" must be <lower>..<upper>");
        }
        StreamId lower = StreamId.parse(bounds.substring(0, dots));
        String up = bounds.substring(dots + 2);
        Fixed w = up.equals("+") ? since(lower.instant()) : closed(lower.instant(), StreamId.parse(up).instant());
        if (!w.bounds().equals(bounds)) {
            throw new IllegalArgumentException("window bounds \"" + bounds + "\" are not those of a time window (expected "
                    + w.bounds() + ")");
        }
        return w;
    }

    /**
     * This window as it stands at {@code now}: a fixed window is itself, a sliding one
     * {@code [now - length, ∞)}.
     *
     * @param now the instant of the read
     * @return the fixed window read at {@code now}
     */
    Fixed at(Instant now);

    /**
     * This window as a closed range at {@code now}, for what needs an end (a series): a closed
     * window is itself, a sliding one {@code [now - length, now]}, a half-open one has none.
     *
     * @param now the instant of the read
     * @return the closed range, none for a half-open window
     */
    Option<Closed> closedAt(Instant now);

    /**
     * Whether this window has a last instant at every read: {@link #closedAt} answers one.
     *
     * @return false for a half-open window only
     */
    boolean hasEnd();

    /**
     * Whether this window moves with the reader's clock: a reader keeps its state in panes rather
     * than under fixed bounds.
     *
     * @return true for a sliding window
     */
    boolean slides();

    /**
     * The one place a caller tells the kinds apart (Java 17 has no exhaustive pattern {@code switch}):
     * every kind answers through exactly one of the two functions, and a new kind of window that
     * is neither fails to compile here, not at some {@code instanceof} elsewhere.
     * <pre>{@code
     * window.match(fixed -> cache.fold(key, fixed, fold), sliding -> panes.fold(key, sliding, now, fold));
     * }</pre>
     *
     * @param fixed   what to do with a fixed window
     * @param sliding what to do with a sliding one
     * @param <R>     the answer
     * @return the answer of the function of this window's kind
     */
    <R> R match(Function<? super Fixed, ? extends R> fixed, Function<? super Sliding, ? extends R> sliding);

    /** A window whose bounds do not move: {@link Closed} or {@link Since}. */
    sealed interface Fixed extends Window permits Closed, Since {

        /**
         * The first instant of the window.
         *
         * @return {@code t0}
         */
        Instant from();

        /**
         * The last instant of the window.
         *
         * @return {@code t1}, none when open
         */
        Option<Instant> to();

        /**
         * The lowest id in the window.
         *
         * @return {@code floor(from)}
         */
        StreamId lower();

        /**
         * The highest id in the window.
         *
         * @return {@code ceiling(to)}; none when open
         */
        Option<StreamId> upper();

        /**
         * The window's id range as text, {@code <lower>..<upper>} ({@code +} when open): how a
         * checkpoint names the window it folded.
         *
         * @return for example {@code 1700000000000-0..1700000000999-4194303}
         */
        default String bounds() {
            return lower() + ".." + upper().map(StreamId::toString).getOrElse("+");
        }

        /**
         * Whether the id lies in {@code lower() .. upper()}, the range the window reads. For every id an
         * EchoMQ minter makes (tail at most {@link StreamId#MAX_SNOWFLAKE_TAIL}) that is exactly
         * {@code from <= id.instant() <= to}.
         *
         * @param id the id
         * @return whether a read of this window returns an entry with that id
         */
        default boolean contains(StreamId id) {
            return id.compareTo(lower()) >= 0 && upper().map(u -> id.compareTo(u) <= 0).getOrElse(true);
        }

        @Override
        default Fixed at(Instant now) {
            return this;
        }

        @Override
        default boolean slides() {
            return false;
        }

        @Override
        default <R> R match(Function<? super Fixed, ? extends R> fixed, Function<? super Sliding, ? extends R> sliding) {
            return fixed.apply(this);
        }
    }

    /**
     * A closed window {@code [t0, t1]}.
     *
     * @param t0 the first instant
     * @param t1 the last instant
     */
    record Closed(Instant t0, Instant t1) implements Fixed {
        /**
         * Checks the bounds: {@code t0 <= t1}, both within the id range.
         *
         * @param t0 the first instant
         * @param t1 the last instant, not before {@code t0}
         * @throws NullPointerException naming a missing bound
         * @throws IllegalArgumentException when {@code t1} is before {@code t0} or either maps to no stream id
         */
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

        @Override
        public boolean hasEnd() {
            return true;
        }

        @Override
        public Option<Closed> closedAt(Instant now) {
            return Option.some(this);
        }
    }

    /**
     * A half-open window {@code [t0, ∞)}.
     *
     * @param t0 the first instant
     */
    record Since(Instant t0) implements Fixed {
        /**
         * Checks the bound: within the id range.
         *
         * @param t0 the first instant
         * @throws NullPointerException when {@code t0} is missing
         * @throws IllegalArgumentException when {@code t0} maps to no stream id (before 1970, say)
         */
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

        @Override
        public boolean hasEnd() {
            return false;
        }

        @Override
        public Option<Closed> closedAt(Instant now) {
            return Option.none(); // no end: a series over it would have no last bucket
        }
    }

    /**
     * The last {@code length}: {@code [now - length, ∞)} at each read. A reader that keeps state
     * folds it in panes of {@code pane} (sealed panes once each); the answer is the same whatever
     * the pane.
     *
     * @param length how far back the window reaches, at least 1 ms
     * @param pane   the pane length, 1 ms .. {@code length}
     */
    record Sliding(Duration length, Duration pane) implements Window {
        /**
         * Checks the durations, naming the bad one.
         *
         * @param length how far back the window reaches, more than zero
         * @param pane   the pane length, 1 ms .. {@code length}
         * @throws IllegalArgumentException when {@code length} is not positive or {@code pane} is out of range
         */
        public Sliding {
            if (length == null || length.isNegative() || length.isZero()) {
                throw new IllegalArgumentException("window length must be > 0, got " + length);
            }
            if (pane == null || pane.toMillis() < 1 || pane.compareTo(length) > 0) {
                throw new IllegalArgumentException("pane must be 1 ms .. the window length, got " + pane);
            }
        }

        /**
         * The same window in panes of {@code pane}.
         *
         * @param pane the pane length, 1 ms .. the window's length
         * @return the window with that pane
         * @throws IllegalArgumentException when the pane is shorter than 1 ms or longer than the window
         */
        public Sliding inPanesOf(Duration pane) {
            return new Sliding(length, pane);
        }

        @Override
        public Since at(Instant now) {
            return new Since(now.minus(length));
        }

        @Override
        public boolean hasEnd() {
            return true;
        }

        @Override
        public Option<Closed> closedAt(Instant now) {
            return Option.some(new Closed(now.minus(length), now));
        }

        @Override
        public boolean slides() {
            return true;
        }

        @Override
        public <R> R match(Function<? super Fixed, ? extends R> fixed, Function<? super Sliding, ? extends R> sliding) {
            return sliding.apply(this);
        }
    }
}
