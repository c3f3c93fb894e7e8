package echomq.domain.retention;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.id.StreamId;

import java.util.Objects;

/**
 * A reader that still needs a stream from some entry on: retention keeps that entry and all after it.
 *
 * @param reader    who: {@code group <name>} or {@code projection <name>}
 * @param needsFrom the lowest entry id it still needs
 * @param why       in words, for the report
 */
public record Hold(String reader, StreamId needsFrom, String why) {
    public Hold {
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(needsFrom, "needsFrom");
        Objects.requireNonNull(why, "why");
    }

    /** A consumer group needs its pending entries and everything it has not delivered yet. */
    public static Hold of(GroupPosition g) {
        StreamId undelivered = g.lastDelivered().isMax() ? g.lastDelivered() : g.lastDelivered().successor();
        StreamId from = g.oldestPending().filter(p -> p.compareTo(undelivered) < 0).getOrElse(undelivered);
        String why = g.pending() > 0
                ? g.pending() + " delivered and not acknowledged, the oldest " + g.oldestPending().get()
                : "nothing pending, delivered up to " + g.lastDelivered();
        return new Hold("group " + g.group(), from, why);
    }

    /** A whole-log projection needs the entry its checkpoint is folded up to (to prove it) and the tail after it. */
    public static Hold of(Checkpoint c) {
        return new Hold("projection " + c.projection(), c.upTo().id(), "checkpoint folded up to " + c.upTo().id());
    }

    /** A whole-log projection with no checkpoint yet needs the whole log. */
    public static Hold noCheckpoint(String projection) {
        return new Hold("projection " + projection, StreamId.MIN, "no checkpoint yet: it needs the whole log");
    }
}
