package echomq.engine.rollup;

import echomq.domain.eventtime.LeftOut;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.util.Objects;

/**
 * What a rollup run did: the buckets it wrote, the appends Redis refused because the target's top
 * was already at or above them (another writer, or an earlier send whose reply was lost, wrote
 * there), the bucket of the target's top it resumed after (every bucket up to it was already there),
 * and the last bucket it wrote. By event time, also the entries its reads left out (counted by the
 * read whose buckets' span holds their id: a rerun that reads a stretch again counts it again) and,
 * with a stream of left-out entries, how many it copied there and how many were there already.
 * <pre>{@code
 * RollupReport r = rollup.once();
 * r.written();        // 0 on a second run
 * r.resumedAfter();   // Some(the last bucket the first run wrote)
 * r.leftOut();        // LeftOut[late=3, early=0, untimed=1]: by event time, met by the run's reads
 * }</pre>
 *
 * @param written      buckets appended
 * @param alreadyThere appends answered "not above the top": nothing written for them
 * @param resumedAfter the bucket of the target's top when the run began, none for a target with no entry
 * @param lastWritten  the last bucket appended, none when none was
 * @param leftOut      by event time, the entries the run's reads left out; none by the ids' time
 * @param lateCopied   entries left out copied to the stream of left-out entries
 * @param lateThere    entries left out whose copy was there already (Redis refused it, the stream's top being at or above it)
 */
public record RollupReport(long written, long alreadyThere, Option<Window.Closed> resumedAfter, Option<Window.Closed> lastWritten,
                           LeftOut leftOut, long lateCopied, long lateThere) {

    /** Nothing done. */
    public static final RollupReport NONE = new RollupReport(0, 0, Option.none(), Option.none());

    /**
     * Checks the parts.
     *
     * @param written      at least zero
     * @param alreadyThere at least zero
     * @param resumedAfter not null
     * @param lastWritten  not null
     * @param leftOut      not null
     * @param lateCopied   at least zero
     * @param lateThere    at least zero
     * @throws IllegalArgumentException for a negative count
     */
    public RollupReport {
        Objects.requireNonNull(resumedAfter, "resumedAfter");
        Objects.requireNonNull(lastWritten, "lastWritten");
        Objects.requireNonNull(leftOut, "leftOut");
        if (written < 0 || alreadyThere < 0 || lateCopied < 0 || lateThere < 0) {
            throw new IllegalArgumentException("negative counts " + written + ", " + alreadyThere + ", " + lateCopied + ", " + lateThere);
        }
    }

    /**
     * A run by the ids' time, which leaves nothing out.
     *
     * @param written      at least zero
     * @param alreadyThere at least zero
     * @param resumedAfter not null
     * @param lastWritten  not null
     * @throws IllegalArgumentException for a negative count
     */
    public RollupReport(long written, long alreadyThere, Option<Window.Closed> resumedAfter, Option<Window.Closed> lastWritten) {
        this(written, alreadyThere, resumedAfter, lastWritten, LeftOut.NONE, 0, 0);
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
                resumedAfter.orElse(later.resumedAfter), later.lastWritten.orElse(lastWritten), leftOut.plus(later.leftOut),
                lateCopied + later.lateCopied, lateThere + later.lateThere);
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
                + lastWritten.map(b -> ", last [" + b.t0() + ", " + b.t1() + "]").getOrElse("")
                + (leftOut.total() == 0 && lateCopied == 0 && lateThere == 0 ? ""
                : ", left out " + leftOut.late() + " late, " + leftOut.early() + " early, " + leftOut.untimed() + " untimed"
                + (lateCopied + lateThere == 0 ? "" : " (" + lateCopied + " copied, " + lateThere + " copied before)"));
    }
}
