package echomq.domain.closing;

import echomq.domain.id.StreamId;
import echomq.domain.window.Sessions;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Which sessions are final and not yet handed out: the pure decision of a closing subscription to
 * sessions. A session is final once the store's clock, less the writers' skew, has passed its last
 * entry by the whole gap: no entry can join it any more, and no later record is needed to say so.
 * Sessions are handed out in the order they become final, of their last entry, so "after the last
 * one handed out" is one instant, as for tumbling buckets: the subscription's mark is the range of
 * last entries it has handed out every session of.
 */
public final class DueSessions {

    /** The least a pass reaches: a subscription far behind catches up at least this much a pass. */
    public static final Duration LEAST_REACH = Duration.ofMinutes(1);

    private DueSessions() {
    }

    /**
     * The range of last entries whose sessions are final now and were not handed out: every session
     * of {@code sessions} whose last entry lies in it is final, and none after it is yet. A pass
     * reads the sessions of {@code read(range)} and hands out the closed ones, which are exactly those.
     * A pass reaches at most {@code max(longest + gap, LEAST_REACH)} past where it starts, so its
     * read stays as short as one read of the longest session.
     *
     * @param sessions  the gap and the bounds
     * @param from      the earliest last entry of a session handed out, when nothing was yet
     * @param last      the mark: the range of last entries handed out before, none at first
     * @param serverNow the store's clock
     * @param skew      how far a writer's clock may lag the store's, at least zero
     * @return the range of last entries now due, none when no millisecond is newly final
     * @throws IllegalArgumentException for a negative skew or a {@code from} without a stream id
     */
    public static Option<Window.Closed> due(Sessions sessions, Instant from, Option<Window.Closed> last, Instant serverNow,
                                            Duration skew) {
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(last, "last");
        Objects.requireNonNull(serverNow, "serverNow");
        requireSubscribable(from, skew);
        long start = Math.max(StreamId.epochMilli(from), last.map(w -> w.t1().toEpochMilli() + 1).getOrElse(0L));
        long gap = sessions.gap().toMillis();
        // the latest millisecond no writer can still mint in: serverNow - skew - 1 ms; a session whose
        // gap after its last entry ends there or before is final
        long known = serverNow.minus(skew).toEpochMilli() - 1;
        long reach = Math.max(sessions.longest().toMillis() + gap, LEAST_REACH.toMillis());
        long horizon = Math.min(known - gap + 1, start > Long.MAX_VALUE - reach ? Long.MAX_VALUE : start + reach);
        if (horizon < start) {
            return Option.none();
        }
        return Option.some(Window.closed(Instant.ofEpochMilli(start), Instant.ofEpochMilli(horizon)));
    }

    /**
     * The range a pass reads for the sessions ending in {@code due}: up to the end of the gap after
     * {@code due}'s end, so that a session is closed in the read exactly when it ends in {@code due}.
     *
     * @param sessions the gap
     * @param due      the range of last entries due
     * @return {@code [due.t0, due.t1 + gap - 1 ms]}
     */
    public static Window.Closed read(Sessions sessions, Window.Closed due) {
        return Window.closed(due.t0(), due.t1().plusMillis(sessions.gap().toMillis() - 1));
    }

    /**
     * Checks a closing subscription to sessions before anything is read.
     *
     * @param from where its first session may end
     * @param skew how far a writer's clock may lag the store's
     * @throws IllegalArgumentException for a negative skew or a {@code from} without a stream id
     */
    public static void requireSubscribable(Instant from, Duration skew) {
        StreamId.epochMilli(Objects.requireNonNull(from, "from"));
        Objects.requireNonNull(skew, "skew");
        if (skew.isNegative()) {
            throw new IllegalArgumentException("skew " + skew + " is negative");
        }
    }
}
