package echomq.sql.model;

/**
 * A window's bounds in epoch milliseconds, as Flink's window columns give them: {@code window_start}
 * is {@code start}, {@code window_end} is {@code end} (exclusive), {@code window_time} is
 * {@code end - 1}.
 * <pre>{@code
 * new Bounds(60_000, 120_000).time();   // 119999: window_time
 * }</pre>
 *
 * @param start the first millisecond
 * @param end   the millisecond after the last
 */
public record Bounds(long start, long end) {

    /** The bounds of no window: what a row predicate is tested with (it reads none). */
    public static final Bounds NONE = new Bounds(0, 1);

    /**
     * Checks that the window is not empty.
     *
     * @param start the first millisecond
     * @param end   after the last, above {@code start}
     * @throws IllegalArgumentException when {@code end <= start}
     */
    public Bounds {
        if (end <= start) {
            throw new IllegalArgumentException("a window ends after it starts: [" + start + ", " + end + ")");
        }
    }

    /**
     * {@code window_time}: the window's last millisecond.
     *
     * @return {@code end - 1}
     */
    public long time() {
        return end - 1;
    }
}
