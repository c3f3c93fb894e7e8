package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamEntry;

import io.vavr.collection.HashMap;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/**
 * The sessions of a range in one pass over the entries from its {@link Sessions#reach} on: each
 * key's newest session is open in the state; an entry a whole gap or more after it closes it (kept
 * when it ends at or after {@code keepFrom}, dropped when before) and starts the next. Entries come
 * in id order, so a key's sessions close in order too and only its newest one can still change:
 * a reader that keeps this state folds on with what is appended and reads nothing again.
 * <pre>{@code
 * SessionFold<Long> pass = sessions.fold(range, count);
 * List<Session<Long>> s = pass.sessions(windows.foldWindow(key, sessions.reach(range), pass), range);
 * }</pre>
 *
 * @param <A> the inner fold's accumulator
 */
public final class SessionFold<A> implements Fold<SessionFold.State<A>> {

    /**
     * A key's newest session, still open in the pass.
     *
     * @param first   the first entry's millisecond
     * @param last    the last entry's millisecond
     * @param entries how many entries
     * @param value   their fold
     * @param <A>     the inner fold's accumulator
     */
    public record Open<A>(long first, long last, long entries, A value) {
    }

    /**
     * The sessions closed so far (those ending at or after {@code keepFrom}) and each key's newest one.
     *
     * @param closed the closed sessions kept, newest first
     * @param newest each key's newest session
     * @param <A>    the inner fold's accumulator
     */
    public record State<A>(List<Session<A>> closed, Map<Option<String>, Open<A>> newest) {
    }

    private final Sessions sessions;
    private final Fold<A> inner;
    private final long keepFrom;
    private final boolean strict;

    SessionFold(Sessions sessions, long keepFrom, boolean strict, Fold<A> inner) {
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.inner = Objects.requireNonNull(inner, "fold");
        this.keepFrom = keepFrom;
        this.strict = strict;
    }

    /**
     * Names the sessions' every parameter and where the pass keeps sessions from, so that a reader
     * keeping folds by name never serves one pass's state for another.
     *
     * @return for example {@code sessions of count [gap PT2M, by player, longest PT24H, most 10000] from 1700000000000}
     */
    @Override
    public String name() {
        return "sessions of " + inner.name() + " [gap " + sessions.gap() + sessions.keyField().map(k -> ", by " + k).getOrElse("")
                + ", longest " + sessions.longest() + ", most " + sessions.most() + "] from " + keepFrom + (strict ? "" : " kept");
    }

    /**
     * The inner fold's version.
     *
     * @return the version
     */
    @Override
    public int version() {
        return inner.version();
    }

    /**
     * No session yet.
     *
     * @return the empty state
     */
    @Override
    public State<A> initial() {
        return new State<>(List.empty(), HashMap.empty());
    }

    /**
     * Adds the entry to its key's newest session, or closes that one and starts the next when the
     * entry comes a whole gap or more after it; an entry without the key field is in no session.
     *
     * @param state the state
     * @param entry the next entry, in id order
     * @return the new state
     * @throws SessionsBoundException naming the bound, when a kept session is longer than
     *         {@link Sessions#longest} or more sessions are kept than {@link Sessions#most} allows
     */
    @Override
    public State<A> step(State<A> state, StreamEntry entry) {
        Option<String> key;
        if (sessions.keyField().isDefined()) {
            Option<String> value = entry.field(sessions.keyField().get());
            if (value.isEmpty()) {
                return state;
            }
            key = value;
        } else {
            key = Option.none();
        }
        long ms = entry.id().ms();
        Option<Open<A>> current = state.newest().get(key);
        List<Session<A>> closed = state.closed();
        if (current.isDefined() && ms - current.get().last() < sessions.gap().toMillis()) {
            Open<A> o = current.get();
            return new State<>(closed, state.newest().put(key,
                    new Open<>(o.first(), ms, o.entries() + 1, inner.step(o.value(), entry))));
        }
        if (current.isDefined() && current.get().last() >= keepFrom) {
            Session<A> done = session(key, current.get(), false);
            if (strict) {
                sessions.requireShortEnough(done);
            }
            sessions.requireFewEnough(closed.size() + 1L, strict ? sessions.most() : Sessions.MAX_SESSIONS);
            closed = closed.prepend(done);
        }
        return new State<>(closed, state.newest().put(key, new Open<>(ms, ms, 1, inner.step(inner.initial(), entry))));
    }

    /**
     * The sessions of {@code range}: those whose last entry lies in it, ordered by their first
     * entry then key; a key's newest one is open unless the whole gap after it lies in the range.
     *
     * @param state the state after the entries from the reach of {@code range} (or of an earlier
     *              start) up to its end
     * @param range the range, starting at or after this pass's {@code keepFrom}
     * @return the sessions
     * @throws SessionsBoundException naming {@link Sessions#longest} or {@link Sessions#most} when a bound is passed
     */
    public List<Session<A>> sessions(State<A> state, Window.Closed range) {
        long t0 = range.t0().toEpochMilli();
        if (t0 < keepFrom) {
            throw new IllegalArgumentException("range " + range + " starts before " + Instant.ofEpochMilli(keepFrom)
                    + ", where this pass keeps sessions from");
        }
        long t1 = range.t1().toEpochMilli();
        List<Session<A>> out = state.closed();
        for (var kv : state.newest()) {
            out = out.prepend(session(kv._1(), kv._2(), !sessions.finalBy(Instant.ofEpochMilli(kv._2().last()), range.t1())));
        }
        out = out.filter(s -> s.to().toEpochMilli() >= t0 && s.to().toEpochMilli() <= t1);
        out.forEach(sessions::requireShortEnough);
        sessions.requireFewEnough(out.size(), sessions.most());
        return Sessions.ordered(out);
    }

    private Session<A> session(Option<String> key, Open<A> o, boolean open) {
        return new Session<>(key, Window.closed(Instant.ofEpochMilli(o.first()), Instant.ofEpochMilli(o.last())),
                o.entries(), o.value(), open);
    }
}
