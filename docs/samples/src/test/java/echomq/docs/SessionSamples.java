package echomq.docs;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Session;
import echomq.domain.window.Sessions;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisBucketMarks;
import echomq.redis.RedisServerClock;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;

import io.vavr.collection.List;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The sessions samples of {@code docs/03-windows-and-series.md}, compiled; {@link SessionSamplesTest}
 * runs them on a real Redis. A file of their own, beside {@link LibrarySamples}.
 */
final class SessionSamples {

    /** What the samples "show" or push: kept, so that a run can be checked. */
    final java.util.List<Object> shown = new CopyOnWriteArrayList<>();

    void show(Object... values) {
        shown.add(java.util.List.of(values));
    }

    void push(Object session) {
        shown.add(session);
    }

    List<Session<Long>> sessions(ProjectionReader reader, StreamWindows windows, StreamKey scored, Instant now) {
        // sample:sessions
        // echomq.domain.window.{Sessions, Session}; reader: a ProjectionReader; windows, scored, now: as above
        Fold<Long> guesses = Fold.of("guesses", 0L, (n, e) -> n + 1);
        Sessions perPlayer = Sessions.of(Duration.ofMinutes(2))   // a burst ends after 2 minutes of quiet
                .perKey("player")                                 // each player's own bursts
                .longest(Duration.ofHours(6));                     // reads reach back 6 h + 2 min; a longer session is refused

        // each player's sessions that ended in the last hour (or are still going), with their guesses
        List<Session<Long>> lastHour = reader.fold(scored, perPlayer.within(Window.last(Duration.ofHours(1))), guesses);
        for (Session<Long> s : lastHour) {
            show(s.key().get(), s.from(), s.to(), s.value(), s.open());   // open: a guess within 2 minutes may still join it
        }

        // the same without a cache: one pass over the range's reach
        List<Session<Long>> plain = windows.foldSessions(scored, perPlayer, Window.closed(now.minus(Duration.ofHours(1)), now), guesses);
        // end:sessions
        show(plain.size());
        return lastHour;
    }

    ClosingBuckets.Subscription closingSessions(UnifiedJedis jedis, StreamKey scored, Fold<Long> guesses,
                                                ScheduledExecutorService scheduler, java.util.function.Consumer<Throwable> warn) {
        // sample:closing-sessions
        ClosingBuckets closing = new ClosingBuckets(new RedisStreamRange(jedis), new RedisServerClock(jedis), new RedisBucketMarks(jedis));
        ClosingBuckets.Subscription ended = closing.subscribe(scored, "sessions", Sessions.of(Duration.ofMinutes(2)).perKey("player"),
                Instant.now(), RedisStreamAppend.DEFAULT_MAX_SKEW, guesses, session -> push(session));
        ended.start(scheduler, Duration.ofSeconds(1), warn);   // each session once, when TIME - skew passes its last guess + 2 min
        // end:closing-sessions
        return ended;
    }
}
