package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Session;
import echomq.domain.window.SessionFold;
import echomq.domain.window.Sessioned;
import echomq.domain.window.Sessions;
import echomq.domain.window.Window;

import io.vavr.collection.List;

import java.time.Instant;
import java.util.Objects;

/**
 * Sessions from what the reader keeps: the one-pass {@link SessionFold} over a range's reach, kept in
 * the {@link FoldCache} and folded on with what is appended. Its state holds each key's newest
 * session open and the closed ones done, so a read after appends folds only the new entries and
 * never reads a closed session again.
 *
 * <p>A closed range's reach is a fixed window, kept as any other. A sliding range's start moves at
 * every read, so its fold is kept from an anchor: the range's start rounded down to a multiple of
 * its length ({@link Sessions#foldFrom}), read from that anchor's reach to now and folded on while
 * the anchor stays; once the range's start passes the next multiple the fold starts again from
 * there. A read of the last hour every second thus folds the hour (and the reach) afresh once an
 * hour and only the appended entries in between.
 */
final class SessionFolds {

    private final FoldCache cache;

    /** @param cache where the passes are kept */
    SessionFolds(FoldCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /** The sessions of {@code window} over {@code range} (the window at the read's instant) as {@code seen} proves it. */
    <A> List<Session<A>> fold(StreamKey key, Sessioned window, Window.Closed range, Fold<A> fold, Seen seen) {
        Sessions sessions = window.sessions();
        if (!window.range().slides()) {
            SessionFold<A> pass = sessions.fold(range, fold);
            return pass.sessions(cache.fold(key, sessions.reach(range), pass, seen), range);
        }
        long t0 = range.t0().toEpochMilli();
        long length = Math.max(1, range.t1().toEpochMilli() - t0);
        Instant anchor = Instant.ofEpochMilli(t0 - Math.floorMod(t0, length));
        SessionFold<A> pass = sessions.foldFrom(anchor, fold);
        Window.Closed reach = sessions.reach(Window.closed(anchor, range.t1()));
        return pass.sessions(cache.foldGrowing(key, reach, pass, seen), range);
    }
}
