package echomq.domain.eventtime;

import echomq.domain.stream.StreamEntry;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How many entries a read by event time met and left out, by reason: the answer counts them, so
 * that nothing is dropped in silence. An entry is counted by the read whose id range (not widened)
 * holds its id: adjacent reads never count one twice.
 * <pre>{@code
 * LeftOut.NONE.plus(LeftOut.Reason.LATE);   // LeftOut[late=1, early=0, untimed=0]
 * }</pre>
 *
 * @param late    entries written more than the lateness after their event time
 * @param early   entries whose event time is further ahead of their id than the lead
 * @param untimed entries without the field, or with no time of the format in it
 */
public record LeftOut(long late, long early, long untimed) {

    /** Nothing left out. */
    public static final LeftOut NONE = new LeftOut(0, 0, 0);

    /** Why an entry belongs to no window by event time. */
    public enum Reason {
        /** {@code e < m - L}. */
        LATE,
        /** {@code e > m + E}. */
        EARLY,
        /** No event time. */
        UNTIMED;

        /**
         * How answers and copies spell it.
         *
         * @return {@code late}, {@code early} or {@code untimed}
         */
        public String spelling() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * Checks the counts.
     *
     * @param late    at least 0
     * @param early   at least 0
     * @param untimed at least 0
     * @throws IllegalArgumentException naming a negative count
     */
    public LeftOut {
        if (late < 0 || early < 0 || untimed < 0) {
            throw new IllegalArgumentException("left-out counts must be >= 0, got late " + late + ", early " + early + ", untimed " + untimed);
        }
    }

    /**
     * One more, for {@code reason}.
     *
     * @param reason why
     * @return the counts with it
     */
    public LeftOut plus(Reason reason) {
        return switch (Objects.requireNonNull(reason, "reason")) {
            case LATE -> new LeftOut(late + 1, early, untimed);
            case EARLY -> new LeftOut(late, early + 1, untimed);
            case UNTIMED -> new LeftOut(late, early, untimed + 1);
        };
    }

    /**
     * Both counts together.
     *
     * @param other more counts
     * @return the sums
     */
    public LeftOut plus(LeftOut other) {
        return new LeftOut(late + other.late, early + other.early, untimed + other.untimed);
    }

    /**
     * All left out.
     *
     * @return {@code late + early + untimed}
     */
    public long total() {
        return late + early + untimed;
    }

    /**
     * What a read by event time does with an entry it leaves out: counts it ({@link Tally}), writes
     * it to a stream of its own (a rollup's {@code --late-into}), or both.
     */
    @FunctionalInterface
    public interface Sink {
        /**
         * Hears one entry left out, in id order, once per read that meets it in its own range.
         *
         * @param entry  the entry, under its own id
         * @param reason why
         */
        void leftOut(StreamEntry entry, Reason reason);
    }

    /**
     * A {@link Sink} that counts, safe to share between threads (each count one atomic add).
     * <pre>{@code
     * LeftOut.Tally missed = new LeftOut.Tally();
     * new StreamWindows(ts.over(range, missed)).foldWindow(key, lastHour, count);
     * missed.counts();
     * }</pre>
     */
    public static final class Tally implements Sink {

        private final AtomicLongArray counts = new AtomicLongArray(Reason.values().length);

        /** Nothing counted yet. */
        public Tally() {
        }

        @Override
        public void leftOut(StreamEntry entry, Reason reason) {
            counts.incrementAndGet(reason.ordinal());
        }

        /**
         * What was counted so far.
         *
         * @return the counts
         */
        public LeftOut counts() {
            return new LeftOut(counts.get(Reason.LATE.ordinal()), counts.get(Reason.EARLY.ordinal()), counts.get(Reason.UNTIMED.ordinal()));
        }
    }
}
