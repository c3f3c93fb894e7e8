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
    /**
     * Checks the parts.
     *
     * @param reader    who holds the stream
     * @param needsFrom the lowest entry id it still needs
     * @param why       in words, for the report
     * @throws NullPointerException naming a missing part
     */
    public Hold {
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(needsFrom, "needsFrom");
        Objects.requireNonNull(why, "why");
    }

    /**
     * A consumer group needs its pending entries and everything it has not delivered yet.
     * <pre>{@code
     * Hold.of(new GroupPosition("scorers", StreamId.of(9, 0), Option.some(StreamId.of(4, 0)), 2)).needsFrom();   // 4-0
     * Hold.of(new GroupPosition("scorers", StreamId.of(9, 0), Option.none(), 0)).needsFrom();                   // 9-1
     * }</pre>
     *
     * @param g where the group stands
     * @return the hold {@code group <name>} from its oldest pending entry, or from the successor of
     *         its last delivered id when nothing older is pending
     */
    public static Hold of(GroupPosition g) {
        StreamId undelivered = g.lastDelivered().isMax() ? g.lastDelivered() : g.lastDelivered().successor();
        StreamId from = g.oldestPending().filter(p -> p.compareTo(undelivered) < 0).getOrElse(undelivered);
        String why = g.pending() > 0
                ? g.pending() + " delivered and not acknowledged, the oldest " + g.oldestPending().get()
                : "nothing pending, delivered up to " + g.lastDelivered();
        return new Hold("group " + g.group(), from, why);
    }

    /**
     * A whole-log projection needs the entry its checkpoint is folded up to (to prove the checkpoint
     * still holds) and the tail after it.
     *
     * @param c the projection's checkpoint, one that holds for the stream
     * @return the hold {@code projection <name>} from {@code c.upTo().id()}
     */
    public static Hold of(Checkpoint c) {
        return new Hold("projection " + c.projection(), c.upTo().id(), "checkpoint folded up to " + c.upTo().id());
    }

    /**
     * A whole-log projection with no checkpoint yet needs the whole log.
     *
     * @param projection the projection's name
     * @return the hold {@code projection <name>} from {@code 0-0}, which keeps every entry
     */
    public static Hold noCheckpoint(String projection) {
        return new Hold("projection " + projection, StreamId.MIN, "no checkpoint yet: it needs the whole log");
    }
}
