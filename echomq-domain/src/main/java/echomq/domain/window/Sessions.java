package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Session windows: a range cut by its data, not by the clock. A session is a burst of entries
 * (of one key, a field's value, when {@link #perKey} says so) in which no two consecutive entries are
 * {@code gap} or more apart; an entry {@code gap} or more after the previous one starts the next
 * session. The sessions of a range {@code [t0, t1]} are those whose last entry lies in it.
 *
 * <p>A session's bounds depend on entries before {@code t0}, so a read reaches back: it reads
 * {@link #reach} = {@code [t0 - longest - gap, t1]}, which holds every session no longer than
 * {@link #longest} whole, with the gap of quiet before it. The answer is therefore the same from any
 * earlier start; a session longer than {@code longest} is refused, never cut, and so is a read that
 * finds more than {@link #most} sessions. Both bounds are named in the refusal.
 * <pre>{@code
 * Sessions perPlayer = Sessions.of(Duration.ofMinutes(2)).perKey("player").longest(Duration.ofHours(6));
 * List<Session<Long>> s = windows.foldSessions(key, perPlayer, Window.closed(t0, t1), count);
 * }</pre>
 *
 * @param gap      the least quiet between two sessions, at least 1 ms, whole milliseconds
 * @param keyField the field whose value keys the sessions, none for one sequence of sessions
 * @param longest  the longest session a read accepts, at least 0, whole milliseconds
 * @param most     the most sessions a read answers, 1 .. {@link #MAX_SESSIONS}
 */
public record Sessions(Duration gap, Option<String> keyField, Duration longest, int most) {

    /** The longest session {@link #of} accepts until {@link #longest(Duration)} says otherwise. */
    public static final Duration DEFAULT_LONGEST = Duration.ofHours(24);

    /** The most sessions one read may answer: as many as a series may have buckets. */
    public static final int MAX_SESSIONS = Buckets.MAX_BUCKETS;

    /** The most sessions {@link #of} answers until {@link #most(int)} says otherwise. */
    public static final int DEFAULT_MOST = 10_000;

    /**
     * Checks the gap, the key field and the bounds, naming the bad value.
     *
     * @param gap      at least 1 ms, whole milliseconds
     * @param keyField a non-empty field name, or none
     * @param longest  at least 0, whole milliseconds
     * @param most     1 .. {@link #MAX_SESSIONS}
     * @throws IllegalArgumentException naming the bad value
     */
    public Sessions {
        BucketSteps.millis("session gap", gap);
        Objects.requireNonNull(keyField, "keyField");
        if (keyField.exists(String::isEmpty)) {
            throw new IllegalArgumentException("a session key field is a field name, not \"\"");
        }
        Objects.requireNonNull(longest, "longest");
        if (longest.isNegative() || longest.getNano() % 1_000_000 != 0
                || longest.compareTo(Duration.ofMillis(Long.MAX_VALUE / 2)) > 0) {
            throw new IllegalArgumentException("longest session " + longest + " is not a whole number of milliseconds >= 0 within the id range");
        }
        if (gap.compareTo(Duration.ofMillis(Long.MAX_VALUE / 2)) > 0) {
            throw new IllegalArgumentException("session gap " + gap + " is longer than the stream id range");
        }
        if (most < 1 || most > MAX_SESSIONS) {
            throw new IllegalArgumentException("most sessions per read " + most + " is not 1.." + MAX_SESSIONS);
        }
    }

    /**
     * Sessions separated by at least {@code gap} of quiet, not keyed, at most {@link #DEFAULT_LONGEST}
     * long and {@link #DEFAULT_MOST} per read.
     *
     * @param gap the least quiet between two sessions, at least 1 ms
     * @return the sessions
     * @throws IllegalArgumentException when {@code gap} is not a positive whole number of milliseconds
     */
    public static Sessions of(Duration gap) {
        return new Sessions(gap, Option.none(), DEFAULT_LONGEST, DEFAULT_MOST);
    }

    /**
     * The same sessions, one sequence per value of {@code field} (a player, a user); an entry
     * without the field belongs to no session.
     *
     * @param field the key field
     * @return the keyed sessions
     * @throws IllegalArgumentException when {@code field} is empty
     */
    public Sessions perKey(String field) {
        return new Sessions(gap, Option.some(Objects.requireNonNull(field, "field")), longest, most);
    }

    /**
     * The same sessions, accepting sessions up to {@code longest}: how far back a read reaches.
     *
     * @param longest the longest session, whole milliseconds
     * @return the sessions
     * @throws IllegalArgumentException when {@code longest} is negative or finer than milliseconds
     */
    public Sessions longest(Duration longest) {
        return new Sessions(gap, keyField, longest, most);
    }

    /**
     * The same sessions, answering at most {@code most} per read.
     *
     * @param most 1 .. {@link #MAX_SESSIONS}
     * @return the sessions
     * @throws IllegalArgumentException when {@code most} is out of range
     */
    public Sessions most(int most) {
        return new Sessions(gap, keyField, longest, most);
    }

    /**
     * What a read of the sessions of {@code range} reads: {@code [t0 - longest - gap, t1]}, from the
     * epoch at the earliest. Any start before it gives the same sessions.
     *
     * @param range the range whose sessions are asked for
     * @return the range to read
     */
    public Window.Closed reach(Window.Closed range) {
        Objects.requireNonNull(range, "range");
        long back = longest.toMillis() + gap.toMillis();
        long t0 = StreamId.epochMilli(range.t0());
        long start = Math.max(0, t0 - back); // both halves are below Long.MAX_VALUE / 2: no overflow
        return Window.closed(Instant.ofEpochMilli(start), range.t1());
    }

    /**
     * Whether a session whose last entry is at {@code last} is final once everything up to
     * {@code through} is known: the whole gap after it, {@code last + 1 .. last + gap - 1}, lies at or
     * before {@code through}, so no entry can join it any more.
     * {@code Sessions.of(Duration.ofSeconds(1)).finalBy(t, t.plusMillis(999))} is true.
     *
     * @param last    the session's last entry
     * @param through the last instant known: a range's end, or the server's clock less the skew, less 1 ms
     * @return whether the session is closed
     */
    public boolean finalBy(Instant last, Instant through) {
        return last.toEpochMilli() + gap.toMillis() - 1 <= through.toEpochMilli();
    }

    /**
     * The one-pass fold of the sessions of {@code range}: fold the entries of {@link #reach} with it,
     * then {@link SessionFold#sessions} answers. It refuses a bound as soon as it is passed.
     *
     * @param range the range whose sessions are asked for
     * @param fold  the fold of each session
     * @param <A>   the fold's accumulator
     * @return the fold
     */
    public <A> SessionFold<A> fold(Window.Closed range, Fold<A> fold) {
        return new SessionFold<>(this, StreamId.epochMilli(Objects.requireNonNull(range, "range").t0()), true, fold);
    }

    /**
     * A fold a reader keeps across reads of ranges that start at or after {@code keepFrom}: it keeps
     * every session that ends from there on (at most {@link #MAX_SESSIONS}), and checks the bounds
     * of a range's sessions only when {@link SessionFold#sessions} answers them, so it refuses what a
     * fresh read of the same range refuses and nothing else. Fold it from
     * {@code reach(Window.closed(keepFrom, ...))} on.
     *
     * @param keepFrom the earliest start of a range it will answer
     * @param fold     the fold of each session
     * @param <A>      the fold's accumulator
     * @return the fold
     */
    public <A> SessionFold<A> foldFrom(Instant keepFrom, Fold<A> fold) {
        return new SessionFold<>(this, StreamId.epochMilli(Objects.requireNonNull(keepFrom, "keepFrom")), false, fold);
    }

    /**
     * This cutting of {@code range} into sessions: the window a caching reader answers sessions for.
     * {@code Sessions.of(Duration.ofMinutes(2)).perKey("player").within(Window.last(Duration.ofHours(1)))}
     *
     * @param range a closed or sliding range
     * @return the sessioned window
     * @throws IllegalArgumentException for a half-open range
     */
    public Sessioned within(Window range) {
        return new Sessioned(range, this);
    }

    /** Refuses a session longer than {@link #longest}, naming the bound and the session ({@link SessionsBoundException}). */
    void requireShortEnough(Session<?> s) {
        if (s.to().toEpochMilli() - s.from().toEpochMilli() > longest.toMillis()) {
            String found = "a session" + s.key().map(k -> " of " + keyField.get() + "=" + k).getOrElse("")
                    + " from " + s.from() + " (or before) to " + s.to();
            throw new SessionsBoundException(SessionsBoundException.Bound.LONGEST, found, found + " is longer than the longest session "
                    + longest + " (Sessions.longest): a read reaches back only that far, so it cannot see where such a session starts");
        }
    }

    /** Refuses a read of more than {@code bound} sessions, naming the bound. */
    void requireFewEnough(long found, int bound) {
        if (found > bound) {
            throw new SessionsBoundException(SessionsBoundException.Bound.MOST, "more than " + bound + " sessions",
                    "a read found more than the most sessions per read " + bound + " (Sessions.most, at most " + MAX_SESSIONS
                            + "): read a shorter range");
        }
    }

    /**
     * The sessions in one list, as a fold over the entries answers them: ordered by their first
     * entry, then by key.
     */
    static <A> List<Session<A>> ordered(List<Session<A>> sessions) {
        return sessions.sorted(java.util.Comparator.<Session<A>>comparingLong(s -> s.from().toEpochMilli())
                .thenComparing(s -> s.key().getOrElse("")));
    }
}
