package echomq.domain.retention;

import echomq.domain.stream.StreamKey;

import java.util.Objects;

/**
 * What a trim did.
 *
 * @param stream  the stream
 * @param plan    what was asked, what ran and who held it back
 * @param removed how many entries were removed
 */
public record TrimReport(StreamKey stream, TrimPlan plan, long removed) {
    /**
     * Checks the parts.
     *
     * @param stream  the stream
     * @param plan    what was asked, what ran and who held it back
     * @param removed how many entries were removed
     * @throws NullPointerException naming a missing part
     */
    public TrimReport {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(plan, "plan");
    }
}
