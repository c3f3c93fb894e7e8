package echomq.domain.checkpoint;

import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;

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
 * @param window     the window folded, as {@code <lower>..<upper>} ({@code +} for none); see {@link #WHOLE_LOG}
 * @param state      the accumulator, as the projection's {@link StateCodec} wrote it
 * @param upTo       the last entry folded
 * @param seen       the stream's state when it was taken (the incarnation it belongs to)
 * @param savedAt    when it was taken
 */
public record Checkpoint(StreamKey stream, String projection, int version, String window, String state, EntryMark upTo,
                         StreamState seen, Instant savedAt) {

    /** The window of a fold of the whole log, {@code [0-0, +)}. */
    public static final String WHOLE_LOG = "0-0..+";

    public Checkpoint {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(upTo, "upTo");
        Objects.requireNonNull(seen, "seen");
        Objects.requireNonNull(savedAt, "savedAt");
        requireName(projection);
        if (window.isEmpty() || window.length() > 200 || window.chars().anyMatch(c -> c <= ' ' || c == '{' || c == '}')) {
            throw new IllegalArgumentException("checkpoint window \"" + window + "\" must be 1..200 printable characters without braces");
        }
    }

    /** Checks a projection name as checkpoints use it in keys: 1..200 printable ASCII, no spaces, braces or colons. */
    public static String requireName(String projection) {
        if (projection == null || projection.isEmpty() || projection.length() > 200
                || !projection.chars().allMatch(c -> c > ' ' && c < 0x7f && c != '{' && c != '}' && c != ':')) {
            throw new IllegalArgumentException("projection name \"" + projection
                    + "\" must be 1..200 printable ASCII characters without spaces, braces or ':'");
        }
        return projection;
    }

    /** Whether this checkpoint folds the whole log from its start (what retention must keep the tail of). */
    public boolean wholeLog() {
        return WHOLE_LOG.equals(window);
    }
}
