package codemojex.app.core.port.out;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;

import java.time.Duration;
import java.util.List;

/**
 * The submitted guesses as one scorer receives them (a consumer of a consumer group): each
 * delivered guess stays pending until it is acknowledged, here or by the commit.
 */
public interface GuessInbox {

    /** Creates the group when it is missing. */
    void ensure();

    /** Up to {@code count} guesses not delivered to anyone yet, waiting up to {@code block} for one. */
    List<StreamEntry> next(int count, Duration block);

    /**
     * Up to {@code count} guesses delivered to this scorer earlier and not acknowledged (after a
     * crash), with entry ids above {@code after}: page through with the last id of a page.
     */
    List<StreamEntry> pending(StreamId after, int count);

    /** Up to {@code count} guesses another scorer left unacknowledged for at least {@code idle}, now this one's. */
    List<StreamEntry> claimIdle(Duration idle, int count);

    /** Acknowledges a guess that needs no commit (malformed, or for an unknown game). */
    void ack(StreamId entry);

    /** How many guesses are delivered and not acknowledged, across the group. */
    long pendingCount();
}
