package codemojex.app.http;

import codemojex.app.core.ChartBuckets;
import codemojex.app.core.ClosingSessions;
import codemojex.app.core.LogSafe;
import codemojex.app.core.port.in.LeadLiveValuesUseCase;
import codemojex.app.core.port.out.LiveCasts;
import echomq.engine.live.LiveValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * What the lead casts (#54): while this instance leads the live values, each change of the feed and
 * of the lobby, each bucket of the chart as it closes and each play session as it closes, as the
 * event a page gets (its kind, its id, its JSON, written once), through {@link LiveCasts}; every
 * instance's {@code CastReader} pushes them to its pages. A bucket or a session is cast inside the
 * pass that closed it, so one the store refused is closed again at the next pass, not lost; a feed
 * or a lobby the store refused is cast again a second later, unless a newer one came. A feed or a lobby
 * is cast only when what a page shows changed (its event's data): the feed is computed every second, as
 * its window slides, and a value with the same items, counts and chart is no change to cast, so a quiet
 * deployment casts nothing.
 */
final class CastWriter implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME);

    /** How long a refused feed or lobby waits before it is cast again. */
    static final long RETRY_MS = 1000;

    private final LeadLiveValuesUseCase live;
    private final ChartBuckets chart;
    private final ClosingSessions closing;
    private final LiveCasts casts;
    private final Frames frames;
    private final List<AutoCloseable> leading = new ArrayList<>();
    /** A feed or a lobby the store refused, by kind, cast again at the retry unless a newer one replaced it. */
    private final Map<String, LiveCasts.Cast> refused = new ConcurrentHashMap<>();
    /** The feed and the lobby as last cast, by kind: a value whose data is the same is not cast again; kept alive by {@link #keep}. */
    private final Map<String, LiveCasts.Read> last = new ConcurrentHashMap<>();
    /** Casts of the feed and the lobby one at a time: a refused one cast again never lands after a newer one. */
    private final Object casting = new Object();
    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "live-cast-retries");
        t.setDaemon(true);
        return t;
    });

    CastWriter(LeadLiveValuesUseCase live, ChartBuckets chart, ClosingSessions closing, LiveCasts casts, Frames frames) {
        this.live = Objects.requireNonNull(live, "live");
        this.chart = Objects.requireNonNull(chart, "chart");
        this.closing = Objects.requireNonNull(closing, "closing");
        this.casts = Objects.requireNonNull(casts, "casts");
        this.frames = Objects.requireNonNull(frames, "frames");
        retries.scheduleWithFixedDelay(this::retry, RETRY_MS, RETRY_MS, TimeUnit.MILLISECONDS);
    }

    /** This instance leads: compute and cast. */
    synchronized void lead() {
        live.lead();
        leading.add(value("feed", live.feed(), u -> FeedWeb.live(u.value())));
        leading.add(value("lobby", live.lobby(), u -> LobbyWeb.of(u.value())));
        chart.start(b -> casts.cast(new LiveCasts.Cast("bucket", "", "", frames.of("bucket", b, () -> SeriesWeb.BucketWeb.feed(b))), false));
        closing.start((game, s) -> casts.cast(new LiveCasts.Cast("session", game, "",
                frames.of("session", s, () -> SessionsWeb.closed(game, closing.gap(), s))), false));
    }

    /** Another instance leads: stop computing and casting. */
    synchronized void follow() {
        leading.forEach(CastWriter::stop);
        leading.clear();
        chart.close();
        closing.close();
        live.unlead();
        refused.clear();
        last.clear();
    }

    /**
     * At each round of the lead's lease while this instance leads: the latest feed and lobby kept
     * readable for an instance that starts later ({@link LiveCasts#keep}), written only when the store
     * is about to let them go. A failure is logged, not thrown: the next round tries again.
     */
    void keep() {
        List<LiveCasts.Read> now;
        synchronized (casting) {
            now = List.copyOf(last.values());
        }
        try {
            casts.keep(now);
        } catch (RuntimeException e) {
            log.warn("could not keep the latest live casts, trying again at the next round: {}", LogSafe.escape(String.valueOf(e.getMessage())));
        }
    }

    private <A> AutoCloseable value(String kind, LiveValue<A> value, Function<LiveValue.Update<A>, Object> body) {
        return value.subscribe(u -> {
            LiveCasts.Cast c = new LiveCasts.Cast(kind, "", u.upTo() + "." + u.version(), frames.of(kind, u, () -> body.apply(u)));
            synchronized (casting) {
                refused.remove(kind); // a newer one: the refused one is not cast again
                LiveCasts.Read before = last.get(kind);
                if (before != null && before.cast().data().equals(c.data())) {
                    return; // what a page shows is what was cast last: the window slid, nothing on it changed
                }
                cast(c);
            }
        });
    }

    /** Casts {@code c}, kept as the latest of its kind; a refusal is kept to be tried again, never thrown (a listener that throws is dropped). */
    private void cast(LiveCasts.Cast c) {
        try {
            last.put(c.kind(), new LiveCasts.Read(casts.cast(c, true), c));
        } catch (RuntimeException e) {
            if (refused.put(c.kind(), c) == null) {
                log.warn("could not cast the live {}, trying again: {}", c.kind(), LogSafe.escape(String.valueOf(e.getMessage())));
            }
        }
    }

    private void retry() {
        for (LiveCasts.Cast c : List.copyOf(refused.values())) {
            synchronized (casting) {
                if (refused.remove(c.kind(), c)) {
                    cast(c);
                }
            }
        }
    }

    private static void stop(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            log.warn("could not stop a live cast: {}", LogSafe.escape(String.valueOf(e.getMessage())));
        }
    }

    @Override
    public void close() {
        follow();
        retries.shutdownNow();
    }
}
