package echomq.engine.rollup;

import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.util.Objects;

/**
 * What a rollup run did: the buckets it wrote, the appends Redis refused because the target's top
 * was already at or above them (another writer, or an earlier send whose reply was lost, wrote
 * there), the bucket of the target's top it resumed after (every bucket up to it was already there),
 * and the last bucket it wrote.
 * <pre>{@code
 * RollupReport r = rollup.once();
 * r.written();        // 0 on a second run
 * r.resumedAfter();   // Some(the last bucket the first run wrote)
 * }</pre>
 *
 * @param written      buckets appended
 * @param alreadyThere appends answered "not above the top": nothing written for them
 * @param resumedAfter the bucket of the target's top when the run began, none for a target with no entry
 * @param lastWritten  the last bucket appended, none when none was
 */
public record RollupReport(long written, long alreadyThere, Option<Window.Closed> resumedAfter, Option<Window.Closed> lastWritten) {

    /** Nothing done. */
    public static final RollupReport NONE = new RollupReport(0, 0, Option.none(), Option.none());

    /**
     * Checks the parts.
     *
     * @param written      at least zero
     * @param alreadyThere at least zero
     * @param resumedAfter not null
     * @param lastWritten  not null
     * @throws IllegalArgumentException for a negative count
     */
    public RollupReport {
        Objects.requireNonNull(resumedAfter, "resumedAfter");
        Objects.requireNonNull(lastWritten, "lastWritten");
        if (written < 0 || alreadyThere < 0) {
            throw new IllegalArgumentException("negative counts " + written + ", " + alreadyThere);
        }
    }

    /**
     * This run followed by {@code later}: counts added, the first run's resume point, the latest bucket written.
     *
     * @param later the run after this one
     * @return both together
     */
    public RollupReport then(RollupReport later) {
        Objects.requireNonNull(later, "later");
        return new RollupReport(written + later.written, alreadyThere + later.alreadyThere,
                resumedAfter.orElse(later.resumedAfter), later.lastWritten.orElse(lastWritten));
    }

    /**
     * One line for a log or a command line.
     *
     * @return e.g. {@code written 12 buckets, 0 already there, last [2026-12-07T10:00:00Z, 2026-12-07T10:00:59.999Z]}
     */
    @Override
    public String toString() {
        return "written " + written + " bucket" + (written == 1 ? "" : "s") + ", " + alreadyThere + " already there"
                + resumedAfter.map(b -> ", resumed after [" + b.t0() + ", " + b.t1() + "]").getOrElse("")
                + lastWritten.map(b -> ", last [" + b.t0() + ", " + b.t1() + "]").getOrElse("");
    }
}
