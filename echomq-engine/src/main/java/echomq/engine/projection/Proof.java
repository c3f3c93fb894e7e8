package echomq.engine.projection;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamState;
import echomq.domain.window.Window;

import io.vavr.control.Option;

/**
 * The pure rules by which a fold made at one state of a stream still holds at a later one of the
 * same history ({@link Lineages} proves the history). Each is decided here once; the parts of the
 * reader only ask.
 */
final class Proof {

    private Proof() {
    }

    /**
     * Whether a fold of {@code window} made at {@code foldedAt} in {@code lineage} still holds for
     * what this read saw, but for entries appended since: the same history of the stream, and no
     * delete or trim inside the window.
     */
    static boolean holds(StreamState foldedAt, long lineage, Seen seen, Window.Fixed window) {
        return lineage == seen.lineage() && !deletedInside(foldedAt, seen.state().get(), window);
    }

    /** Whether no entry can have entered {@code window} since {@code foldedAt}: nothing appended, or only above the window. */
    static boolean nothingNew(StreamState foldedAt, StreamState now, Window.Fixed window) {
        StreamId seenTop = foldedAt.lastGenerated();
        return now.lastGenerated().equals(seenTop) || window.upper().exists(u -> u.compareTo(seenTop) <= 0);
    }

    /** Whether a fold that ended at {@code last} lies within the state it was checked against (so the next read can prove it). */
    static boolean withinState(Option<StreamId> last, StreamState now) {
        return last.forAll(l -> l.compareTo(now.lastGenerated()) <= 0);
    }

    /** Whether no entry can enter {@code window} any more: the stream's last generated id is at or past its end. */
    static boolean sealed(Window.Fixed window, StreamState now) {
        return window.upper().exists(u -> u.compareTo(now.lastGenerated()) <= 0);
    }

    /**
     * Whether something was deleted (XDEL or a trim) since {@code then} that may lie in the window.
     * With Redis 7.0's fields, the count of deleted entries ({@code entries-added - length}) says
     * whether anything was deleted at all; if so, it stayed out of the window only when every XDEL
     * was below it ({@code max-deleted-entry-id}, which XDEL sets and XTRIM does not) and every trim
     * too (a trim removes the ids below the new first entry). Without those fields nothing proves
     * the absence of a delete but an unchanged stream, so any change counts as one (a full fold:
     * slower, never wrong).
     */
    static boolean deletedInside(StreamState then, StreamState now, Window.Fixed window) {
        if (then.entriesAdded().isDefined() && now.entriesAdded().isDefined() && now.maxDeletedEntryId().isDefined()) {
            long deletedThen = then.entriesAdded().get() - then.length();
            long deletedNow = now.entriesAdded().get() - now.length();
            if (deletedNow == deletedThen) {
                return false;
            }
            boolean xdelsBelow = now.maxDeletedEntryId().get().compareTo(window.lower()) < 0;
            boolean trimsBelow = now.first().exists(first -> first.compareTo(window.lower()) <= 0);
            return !(xdelsBelow && trimsBelow);
        }
        return !now.equals(then);
    }
}
