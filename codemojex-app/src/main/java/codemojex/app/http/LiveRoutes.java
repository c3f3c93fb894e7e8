package codemojex.app.http;

import codemojex.app.core.ChartBuckets;
import codemojex.app.core.LogSafe;
import codemojex.app.core.Live;
import codemojex.app.core.Play;
import codemojex.app.core.Reports;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.engine.live.LiveValue;
import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * What pages watch, pushed as server-sent events: the feed ({@code /feed/events}), the lobby
 * ({@code /lobby/events}) and a game ({@code /games/{game}/events}), each event's data a web model
 * in JSON.
 */
final class LiveRoutes {

    private static final Logger log = LoggerFactory.getLogger(HttpApi.class); // the web adapter logs as one

    private final Play play;
    private final Live live;
    private final ChartBuckets chart;
    private final Traffic traffic;
    private final ObjectMapper json;

    /**
     * Over the live values and the chart's closing buckets; the open streams are kept in
     * {@code traffic}, the events written with {@code json}.
     */
    LiveRoutes(Play play, Live live, ChartBuckets chart, Traffic traffic, ObjectMapper json) {
        this.play = Objects.requireNonNull(play, "play");
        this.live = Objects.requireNonNull(live, "live");
        this.chart = Objects.requireNonNull(chart, "chart");
        this.traffic = Objects.requireNonNull(traffic, "traffic");
        this.json = Objects.requireNonNull(json, "json");
    }

    /** Checks the game before its event stream starts, so that an unknown one is a plain 404 (a bad id a 400). */
    void requireGame(Context ctx) {
        play.game(ctx.pathParam("game"));
    }

    /**
     * {@code /feed/events}: the last hour's feed ({@code feed} events); with {@code ?buckets=true}
     * also each bucket of the chart once, with its final value, as it closes ({@code bucket} events,
     * a {@link SeriesWeb.BucketWeb}, no id: a page that reconnects reads {@code /feed/series} again).
     */
    void feed(SseClient client) {
        String buckets = client.ctx().queryParam("buckets");
        boolean withBuckets = "true".equals(buckets) || "1".equals(buckets);
        AutoCloseable closing = !withBuckets ? () -> { } : chart.subscribe(b -> {
            if (client.terminated()) {
                throw new IllegalStateException("the client left"); // drops this listener
            }
            String data;
            try {
                data = json.writeValueAsString(SeriesWeb.BucketWeb.feed(b));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            synchronized (client) {
                client.sendEvent("bucket", data);
            }
        });
        this.<Live.FeedView>stream(client, "feed", live.feed()::subscribe, u -> FeedWeb.live(u.value()), closing);
    }

    /** {@code /lobby/events}: the open games people play first, then the newest. */
    void lobby(SseClient client) {
        this.<List<Reports.LobbyGame>>stream(client, "lobby", live.lobby()::subscribe, u -> LobbyWeb.of(u.value()), () -> { });
    }

    /** {@code /games/{game}/events}: the game, its board and newest scored guesses. */
    void game(SseClient client) {
        String game = client.ctx().pathParam("game");
        this.<Live.GameView>stream(client, "game", listener -> live.watchGame(game, listener), u -> LiveGameWeb.of(u.value()), () -> { });
    }

    /** A comment to every connected client: keeps proxies from closing idle streams and finds the clients that left. */
    void ping() {
        for (SseClient c : traffic.streams) {
            if (c.terminated()) {
                traffic.streams.remove(c);
            } else {
                c.sendComment("ping");
            }
        }
    }

    /**
     * Sends {@code event}s to {@code client} from the live value it subscribes to, each with the id
     * {@code <upTo>.<version>}: a client that reconnects with the id of the value still current
     * ({@code Last-Event-ID}) is not sent it again. {@code also} is closed with the stream.
     */
    private <A> void stream(SseClient client, String event, Function<LiveValue.Listener<A>, AutoCloseable> subscribe,
                            Function<LiveValue.Update<A>, Object> body, AutoCloseable also) {
        client.keepAlive();
        traffic.streams.add(client);
        String lastSeen = client.ctx().header("Last-Event-ID");
        AtomicBoolean first = new AtomicBoolean(true);
        AutoCloseable subscription = subscribe.apply(u -> {
            if (client.terminated()) {
                throw new IllegalStateException("the client left"); // drops this listener
            }
            String id = u.upTo() + "." + u.version();
            if (first.getAndSet(false) && id.equals(lastSeen)) {
                return; // it has this one
            }
            String data;
            try {
                data = json.writeValueAsString(body.apply(u));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            synchronized (client) { // the feed's stream also carries the chart's buckets, sent from another thread
                client.sendEvent(event, data, id);
            }
        });
        client.onClose(() -> {
            traffic.streams.remove(client);
            try {
                subscription.close();
                also.close();
            } catch (Exception e) {
                log.warn("could not stop a stream: {}", LogSafe.escape(e.getMessage()));
            }
        });
    }
}
