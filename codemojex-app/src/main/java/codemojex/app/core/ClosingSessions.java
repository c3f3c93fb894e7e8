package codemojex.app.core;

import codemojex.app.core.port.in.SessionsQuery;
import codemojex.app.core.service.SessionsService;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent;
import codemojex.projections.GamePartitions;
import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.Session;
import echomq.domain.window.Sessions;
import echomq.engine.live.ClosingBuckets;
import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Play sessions as they close (#49): one {@link ClosingBuckets} subscription on every partition's
 * {@code guess-scored}, sessions of {@code gap} per player id, each handed out once the store's clock
 * less the writers' skew passes its last guess by the gap, with no later guess needed (an idle
 * stream closes them too). A session's fold keeps each game's part apart, and each part is handed to
 * the sink with its game, closed, as {@code GET /games/{id}/sessions} shows it. A player who guesses in
 * two games less than the gap apart makes one burst here, so a part is handed out when the whole
 * burst closes: later than the game's own session, never sooner. It runs on the instance that leads
 * the live values (#54), which casts each part for every instance's pages; the subscription is the
 * deployment's (one name), so a new lead hands out no session the one before marked, from the later
 * of that mark and the moment it leads.
 */
public final class ClosingSessions implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ClosingSessions.class);

    /**
     * The longest burst the subscription accepts: each pass reads this far back, and a longer burst
     * is refused by the library (logged at every pass until it is past).
     */
    public static final Duration LONGEST = Duration.ofHours(2);

    /** One game's part of a burst: its first and last guess's millisecond and its guesses. */
    public record Part(long first, long last, SessionsService.Played played) {
    }

    /** What a burst folds: game -> its part. */
    static final Fold<Map<String, Part>> BY_GAME = Fold.of("play-by-game", 1, HashMap.empty(), ClosingSessions::step);

    private final ClosingBuckets closing;
    private final GamePartitions partitions;
    private final Duration gap;
    private final String name;
    private final Duration skew;
    private final Clock clock;
    private ClosingBuckets.Subscription subscription;

    /**
     * Over the closing buckets of the store, the partitions, the gap ({@code 1s..1h}), the
     * subscription's name (one for the deployment: its mark is kept under it), the writers' skew and the
     * clock the subscription starts by.
     */
    public ClosingSessions(ClosingBuckets closing, GamePartitions partitions, Duration gap, String name, Duration skew, Clock clock) {
        this.closing = Objects.requireNonNull(closing, "closing");
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.gap = DurationFields.requireWithin("session-gap", gap, SessionsQuery.MIN_GAP,
                SessionsQuery.MAX_GAP);
        this.name = Objects.requireNonNull(name, "name");
        this.skew = Objects.requireNonNull(skew, "skew");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The gap that ends a session. */
    public Duration gap() {
        return gap;
    }

    /**
     * Starts the passes (every second) on a thread of its own: each closed session's part is given to
     * {@code sink} with its game, in the pass; a sink that throws has its session again at the next pass
     * (its parts handed out before then again too: at least once). The first sessions are those that end
     * from now when the deployment never handed one out. A second start does nothing.
     */
    public synchronized void start(BiConsumer<String, PlaySession> sink) {
        if (subscription != null) {
            return;
        }
        Objects.requireNonNull(sink, "sink");
        Sessions perPlayer = Sessions.of(gap).perKey(GameEvent.PLAYER_ID).longest(LONGEST);
        subscription = closing.subscribe(partitions.channel(Channels.GUESS_SCORED), name, perPlayer, clock.instant(), skew, BY_GAME,
                        s -> handOut(s, sink))
                .start("closing-sessions", Duration.ofSeconds(1), e -> log.warn("could not close the play sessions: {}", e.getMessage()));
    }

    /** Whether the passes run. */
    public synchronized boolean running() {
        return subscription != null;
    }

    private static void handOut(Session<Map<String, Part>> s, BiConsumer<String, PlaySession> sink) {
        for (var part : s.value()) {
            sink.accept(part._1(), new PlaySession(s.key().get(), part._2().played().player(), Instant.ofEpochMilli(part._2().first()),
                    Instant.ofEpochMilli(part._2().last()), part._2().played().guesses(), part._2().played().best(), false));
        }
    }

    private static Map<String, Part> step(Map<String, Part> parts, StreamEntry e) {
        String game = e.field("game").getOrElse("");
        long ms = e.id().ms();
        Part p = parts.get(game).getOrElse(new Part(ms, ms, SessionsService.Played.NONE));
        return parts.put(game, new Part(p.first(), ms, p.played().step(e)));
    }

    /** Stops the passes (the sessions handed out so far stay marked in the store); it may be started again. */
    @Override
    public synchronized void close() {
        if (subscription != null) {
            subscription.close(); // and its thread
        }
        subscription = null;
    }
}
