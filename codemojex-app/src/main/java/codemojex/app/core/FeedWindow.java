package codemojex.app.core;

import java.time.Duration;
import java.util.List;

/**
 * A window of the feed, one of {@link #NAMES}: each length cuts panes of its own (a sixtieth of it),
 * folded once and kept; any length at all would let each request fold afresh, so only these are
 * served. Checked once, where it enters ({@link #parse}); a {@code FeedWindow} is valid by construction.
 *
 * @param length how far back the window reaches
 */
public record FeedWindow(Duration length) {

    /** The windows served, as {@link DurationFields} writes them. */
    public static final List<String> NAMES = List.of("5m", "15m", "1h", "6h", "24h", "7d");

    /** The windows served. */
    public static final List<Duration> LENGTHS = NAMES.stream().map(n -> DurationFields.parse("since", n)).toList();

    /** The window when none is asked for: the last hour. */
    public static final FeedWindow DEFAULT = new FeedWindow(Duration.ofHours(1));

    public FeedWindow {
        if (length == null || !LENGTHS.contains(length)) {
            throw new BadInputException("since", "since must be one of " + String.join(", ", NAMES) + ", got "
                    + (length == null ? "nothing" : DurationFields.format(length)));
        }
    }

    /**
     * The window asked for as {@code text}: one of {@link #NAMES} as {@link DurationFields} reads them
     * ({@code PT6H} is {@code 6h}); {@link #DEFAULT} when {@code text} is {@code null} (not given).
     *
     * @throws BadInputException naming {@code since}, quoting what was given
     */
    public static FeedWindow parse(String text) {
        return text == null ? DEFAULT : new FeedWindow(DurationFields.oneOf("since", text, NAMES));
    }

    /** The panes the window is folded in: a sixtieth of it, at least a second. */
    public Duration pane() {
        return Duration.ofMillis(Math.max(1000, length.toMillis() / 60));
    }

    /** As the answers write it ({@code 1h}). */
    @Override
    public String toString() {
        return DurationFields.format(length);
    }
}
