package echomq.domain.checkpoint;

import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.window.Window;

import java.time.Instant;
import java.util.Objects;

/**
 * A projection's accumulator with the entry it is folded up to: a rebuild is the newest valid
 * checkpoint plus the entries after it (the tail), so retention may remove what came before.
 * It is valid for a stream only while that stream continues the history it was taken in: the
 * entry {@code upTo} is still there with the same branded id and none of the stream's counters
 * went down since {@code seen} ({@link StreamState#canPrecede}).
 *
 * @param stream     the stream folded
 * @param projection the projection's name
 * @param version    the projection's version: a checkpoint of another version is never used
 * @param window     the window folded (named {@link Window.Fixed#bounds()} in the store); see {@link #WHOLE_LOG}
 * @param state      the accumulator, as the projection's {@link StateCodec} wrote it
 * @param upTo       the last entry folded
 * @param seen       the stream's state when it was taken (the incarnation it belongs to)
 * @param savedAt    when it was taken
 */
public record Checkpoint(StreamKey stream, String projection, int version, Window.Fixed window, String state, EntryMark upTo,
                         StreamState seen, Instant savedAt) {

    /** The window of a fold of the whole log, {@code [0-0, +)}: everything since the epoch. */
    public static final Window.Fixed WHOLE_LOG = Window.since(Instant.EPOCH);

    /**
     * Checks every part, naming the bad one.
     *
     * @param stream     the stream folded
     * @param projection the projection's name ({@link #requireName})
     * @param version    the projection's version
     * @param window     the window folded
     * @param state      the accumulator, as the projection's codec wrote it
     * @param upTo       the last entry folded
     * @param seen       the stream's state when it was taken
     * @param savedAt    when it was taken
     * @throws NullPointerException naming a missing part
     * @throws IllegalArgumentException when {@code projection} is not a valid name
     */
    public Checkpoint {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(upTo, "upTo");
        Objects.requireNonNull(seen, "seen");
        Objects.requireNonNull(savedAt, "savedAt");
        requireName(projection);
    }

    /**
     * Checks a projection name as checkpoints use it in keys: 1..200 printable ASCII, no spaces, braces or colons.
     *
     * @param projection the name
     * @return the name
     * @throws IllegalArgumentException naming it, when it is not such a name
     */
    public static String requireName(String projection) {
        if (projection == null || projection.isEmpty() || projection.length() > 200
                || !projection.chars().allMatch(c -> c > ' ' && c < 0x7f && c != '{' && c != '}' && c != ':')) {
            throw new IllegalArgumentException("projection name \"" + projection
                    + "\" must be 1..200 printable ASCII characters without spaces, braces or ':'");
        }
        return projection;
    }

    /**
     * Whether this checkpoint folds the whole log from its start (what retention must keep the tail of).
     *
     * @return whether its window is {@link #WHOLE_LOG}
     */
    public boolean wholeLog() {
        return WHOLE_LOG.equals(window);
    }
}
