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
 * The sessions of a range in one pass over its {@link Sessions#reach}: each key's newest session is
 * open in the state; an entry a whole gap or more after it closes it (kept when it ends in the
 * range, dropped when before) and starts the next. Entries come in id order, so a key's sessions
 * come in order too and only its newest one can still change.
 *
 * @param <A> the inner fold's accumulator
 */
final class SessionFold<A> implements Fold<SessionFold.State<A>> {

    /**
     * A key's newest session, still open in the pass.
     *
     * @param first   the first entry's millisecond
     * @param last    the last entry's millisecond
     * @param entries how many entries
     * @param value   their fold
     * @param <A>     the inner fold's accumulator
     */
    record Open<A>(long first, long last, long entries, A value) {
    }

    /**
     * The sessions closed so far (those ending in the range) and each key's newest one.
     *
     * @param closed  the closed sessions that end in the range, in the order they closed
     * @param newest  each key's newest session
     * @param <A>     the inner fold's accumulator
     */
    record State<A>(List<Session<A>> closed, Map<Option<String>, Open<A>> newest) {
    }

    private final Sessions sessions;
    private final Fold<A> inner;
    private final long t0;

    SessionFold(Sessions sessions, Window.Closed range, Fold<A> inner) {
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.inner = Objects.requireNonNull(inner, "fold");
        this.t0 = range.t0().toEpochMilli();
    }

    @Override
    public String name() {
        return "sessions of " + inner.name();
    }

    @Override
    public int version() {
        return inner.version();
    }

    @Override
    public State<A> initial() {
        return new State<>(List.empty(), HashMap.empty());
    }

    @Override
    public State<A> step(State<A> state, StreamEntry entry) {
        Option<String> key;
        if (sessions.keyField().isDefined()) {
            Option<String> value = entry.field(sessions.keyField().get());
            if (value.isEmpty()) {
                return state; // an entry without the key field is in no session
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
        if (current.isDefined()) {
            closed = close(closed, key, current.get(), false);
        }
        return new State<>(closed, state.newest().put(key, new Open<>(ms, ms, 1, inner.step(inner.initial(), entry))));
    }

    /**
     * The sessions of the range, ordered by their first entry then key: every session closed in the
     * pass, and each key's newest one, final when the whole gap after it lies at or before {@code through}.
     *
     * @param state   the state after the reach's entries
     * @param through the last instant known (the range's end, or the server's clock less the skew)
     * @return the sessions
     * @throws IllegalStateException naming {@link Sessions#longest} or {@link Sessions#most} when a bound is passed
     */
    List<Session<A>> sessions(State<A> state, Instant through) {
        List<Session<A>> out = state.closed();
        for (var kv : state.newest()) {
            out = close(out, kv._1(), kv._2(), !sessions.finalBy(Instant.ofEpochMilli(kv._2().last()), through));
        }
        return Sessions.ordered(out);
    }

    private List<Session<A>> close(List<Session<A>> closed, Option<String> key, Open<A> o, boolean open) {
        if (o.last() < t0) {
            return closed; // ends before the range: not one of its sessions
        }
        sessions.requireShortEnough(key, o.first(), o.last(), t0);
        sessions.requireFewEnough(closed.size() + 1L);
        return closed.prepend(new Session<>(key, Window.closed(Instant.ofEpochMilli(o.first()), Instant.ofEpochMilli(o.last())),
                o.entries(), o.value(), open));
    }
}
