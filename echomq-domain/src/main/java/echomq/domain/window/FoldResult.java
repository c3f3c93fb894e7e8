package echomq.domain.window;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.util.Objects;

/**
 * A fold's accumulator with where it got to: the last id folded (none when the window held no
 * entry) and how many entries it folded. An open window is brought up to date by folding on from
 * {@code last.successor()}.
 *
 * @param value   the accumulator
 * @param last    the id of the last entry folded
 * @param entries the number of entries folded
 * @param <A>     the accumulator type
 */
public record FoldResult<A>(A value, Option<StreamId> last, long entries) {
    /**
     * Checks the parts.
     *
     * @param value   the accumulator
     * @param last    the id of the last entry folded; none when none was
     * @param entries the number of entries folded, {@code >= 0}
     * @throws NullPointerException naming a missing part
     * @throws IllegalArgumentException when {@code entries} is negative
     */
    public FoldResult {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(last, "last");
        if (entries < 0) {
            throw new IllegalArgumentException("entries must be >= 0, got " + entries);
        }
    }

    /**
     * Nothing folded yet: where {@link StreamWindows#resume} starts a whole window.
     *
     * @param initial the fold's initial accumulator
     * @param <A>     the accumulator
     * @return {@code initial}, no last id, 0 entries
     */
    public static <A> FoldResult<A> empty(A initial) {
        return new FoldResult<>(initial, Option.none(), 0);
    }
}
