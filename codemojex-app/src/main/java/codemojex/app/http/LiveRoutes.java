package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.CastReader;
import codemojex.app.core.LogSafe;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.in.WatchGameUseCase;
import echomq.engine.live.LiveValue;
import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * What pages watch, pushed as server-sent events: all of it on one stream ({@code /events}, the
 * page's), or each on its own: the feed ({@code /feed/events}), the lobby ({@code /lobby/events})
 * and a game ({@code /games/{game}/events}); each event's data a web model in JSON. The feed, the
 * lobby, the chart's buckets and the play sessions are the lead's casts as read back here
 * ({@link CastReader}, the same events on every instance); a game is its live value here.
 */
final class LiveRoutes {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME); // the web adapter logs as one

    private final GameQuery games;
    private final WatchGameUseCase watching;
    private final CastReader casts;
    private final Traffic traffic;
    private final Frames frames;

    /**
     * Over the watched games' live values and the lead's casts; the open streams are kept in
     * {@code traffic}, the events written once by {@code frames}.
     */
    LiveRoutes(GameQuery games, WatchGameUseCase watching, CastReader casts, Traffic traffic, Frames frames) {
        this.games = Objects.requireNonNull(games, "games");
        this.watching = Objects.requireNonNull(watching, "watching");
        this.casts = Objects.requireNonNull(casts, "casts");
        this.traffic = Objects.requireNonNull(traffic, "traffic");
        this.frames = Objects.requireNonNull(frames, "frames");
    }

    /** Checks the game before its event stream starts, so that an unknown one is a plain 404 (a bad id a 400). */
    void requireGame(Context ctx) {
        games.game(ctx.pathParam("game"));
    }

    /** Checks {@code ?buckets=} of {@code /feed/events} before the stream starts: true, false, 1 or 0, or none. */
    void requireBuckets(Context ctx) {
        withBuckets(ctx.queryParam("buckets"));
    }

    /** Whether {@code ?buckets=} asks for the buckets: none, true or 1 yes, false or 0 no, anything else a 400. */
    static boolean withBuckets(String b) {
        if (b == null || b.equals("true") || b.equals("1")) {
            return true;
        }
        if (b.equals("false") || b.equals("0")) {
            return false;
        }
        throw new BadInputException("buckets", "buckets must be true or false, got \"" + LogSafe.escape(b) + "\"");
    }

    /** Checks {@code ?game=}, when {@code /events} is given one, as {@link #requireGame} does. */
    void requireGameIfAny(Context ctx) {
        String game = ctx.queryParam("game");
        if (game != null && !game.isEmpty()) {
            games.game(game);
        }
    }

    /**
     * {@code /events}: everything one page watches on one connection (a browser allows six per
     * host over HTTP/1.1): {@code feed}, the chart's {@code bucket}s, {@code lobby} and, with
     * {@code ?game=<id>}, {@code game} events, each as its own route sends it. Each event's id
     * holds the last id sent of every kind ({@link EventIds}), so the one {@code Last-Event-ID} a
     * reconnecting browser sends (or {@code ?last=}, for a page that opens the stream again
     * itself) resumes every kind: a value the client already has is not sent again.
     */
    void events(SseClient client) {
        String game = client.ctx().queryParam("game");
        String last = client.ctx().header("Last-Event-ID");
        if (last == null) {
            last = client.ctx().queryParam("last");
        }
        Map<String, String> seen = EventIds.parse(last);
        seen.keySet().retainAll(game != null && !game.isEmpty() ? List.of("feed", "lobby", "game") : List.of("feed", "lobby"));
        Outlet out = new Outlet(client, true, seen, this);
        out.cast("bucket", Option.none());
        out.cast("feed", Option.none());
        out.cast("lobby", Option.none());
        if (game != null && !game.isEmpty()) {
            out.<WatchGameUseCase.GameView>carry("game", listener -> watching.watchGame(game, listener), u -> LiveGameWeb.of(u.value()));
            out.cast("session", Option.some(game));
        }
    }

    /**
     * {@code /feed/events}: the last hour's feed ({@code feed} events) and each bucket of the chart
     * once, with its final value, as it closes ({@code bucket} events, a {@link SeriesWeb.BucketWeb},
     * no id: a page that reconnects reads {@code /feed/series} again); {@code ?buckets=false} leaves
     * the buckets out.
     */
    void feed(SseClient client) {
        boolean withBuckets = withBuckets(client.ctx().queryParam("buckets")); // checked before the stream started
        Outlet out = Outlet.single(client, "feed", this);
        if (withBuckets) {
            out.cast("bucket", Option.none());
        }
        out.cast("feed", Option.none());
    }

    /** {@code /lobby/events}: the open games people play first, then the newest. */
    void lobby(SseClient client) {
        Outlet.single(client, "lobby", this).cast("lobby", Option.none());
    }

    /**
     * {@code /games/{game}/events}: the game, its board and newest scored guesses; once settled, its winner and secret;
     * and each play session of it once it closes ({@code session} events, no id: a page that reconnects reads
     * {@code /games/{game}/sessions} again).
     */
    void game(SseClient client) {
        String game = client.ctx().pathParam("game");
        Outlet out = Outlet.single(client, "game", this);
        out.cast("session", Option.some(game));
        out.<WatchGameUseCase.GameView>carry("game", listener -> watching.watchGame(game, listener), u -> LiveGameWeb.of(u.value()));
    }

    /**
     * A comment to every connected client: keeps proxies from closing idle streams and finds the
     * clients that left, which are released; one client's failure stops no other's ping
     * ({@link Traffic#ping()}).
     */
    void ping() {
        traffic.ping();
    }

    /**
     * One client's event stream and what feeds it: each kind from the live value it subscribes
     * to, each update with the id {@code <upTo>.<version>}; a client that reconnects with the id
     * of the value still current is not sent it again. A stream of one kind sends that id as it
     * is (the API's routes); the page's stream ({@code composite}) sends the ids of every kind sent
     * so far, {@link EventIds#format}. Everything it holds is closed with the stream.
     */
    private static final class Outlet implements EventStream {
        private final SseClient client;
        private final boolean composite;
        private final Map<String, String> seen;
        private final Map<String, String> sent = new TreeMap<>();
        private final List<AutoCloseable> closing = new ArrayList<>();
        private boolean closed;
        private final LiveRoutes routes;

        Outlet(SseClient client, boolean composite, Map<String, String> seen, LiveRoutes routes) {
            this.client = client;
            this.composite = composite;
            this.seen = seen;
            this.routes = routes;
            sent.putAll(seen); // the client's own ids, until each kind sends a newer one
            client.keepAlive();
            routes.traffic.streams.add(this);
            client.onClose(this::stopAll);
        }

        /** Stops everything feeding the stream, once; the stream is no longer counted as open. */
        private void stopAll() {
            routes.traffic.streams.remove(this);
            List<AutoCloseable> all;
            synchronized (closing) {
                closed = true;
                all = new ArrayList<>(closing);
                closing.clear();
            }
            all.forEach(Outlet::stop);
        }

        @Override
        public boolean terminated() {
            synchronized (closing) {
                if (closed) {
                    return true;
                }
            }
            return client.terminated();
        }

        @Override
        public void ping() {
            synchronized (client) { // never between the lines of an event another thread writes
                client.sendComment("ping");
            }
        }

        @Override
        public void release() {
            try {
                client.close(); // ends the request (its close callback is stopAll)
            } finally {
                stopAll(); // also when the client was closed already, or its close failed
            }
        }

        private static void stop(AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                log.warn("could not stop a stream: {}", LogSafe.escape(e.getMessage()));
            }
        }

        /** A stream of one {@code kind}, resumed from the plain {@code Last-Event-ID} it presents. */
        static Outlet single(SseClient client, String kind, LiveRoutes routes) {
            String last = client.ctx().header("Last-Event-ID");
            return new Outlet(client, false, last == null ? Map.of() : Map.of(kind, last), routes);
        }

        /** Closes {@code c} with the stream; at once if the client already left (a game's watcher would outlive it). */
        void add(AutoCloseable c) {
            synchronized (closing) {
                if (!closed) {
                    closing.add(c);
                    return;
                }
            }
            stop(c);
        }

        <A> void carry(String kind, Function<LiveValue.Listener<A>, AutoCloseable> subscribe, Function<LiveValue.Update<A>, Object> body) {
            AtomicBoolean first = new AtomicBoolean(true);
            add(subscribe.apply(u -> {
                String id = u.upTo() + "." + u.version();
                if (first.getAndSet(false) && id.equals(seen.get(kind))) {
                    return; // it has this one
                }
                send(kind, routes.frames.of(kind, u, () -> body.apply(u)), id);
            }));
        }

        /**
         * The lead's casts of {@code kind} (of {@code game} only, when given) into this stream, as they are read
         * back: each with its id, if it has one, as {@link #carry} sends a value (the client's own is not sent again).
         */
        void cast(String kind, Option<String> game) {
            AtomicBoolean first = new AtomicBoolean(true);
            add(routes.casts.listen(kind, game, c -> {
                String id = c.id().isEmpty() ? null : c.id();
                if (first.getAndSet(false) && id != null && id.equals(seen.get(kind))) {
                    return; // it has this one
                }
                send(kind, c.data(), id);
            }));
        }

        /** Sends one event; {@code id} null sends none, and the client keeps the last it had. */
        void send(String kind, String data, String id) {
            if (client.terminated()) {
                throw new IllegalStateException("the client left"); // drops the listener that sent it
            }
            synchronized (client) { // several kinds, sent from several threads, and the pings
                routes.traffic.framesSent.incrementAndGet();
                if (id == null) {
                    client.sendEvent(kind, data);
                } else {
                    sent.put(kind, id);
                    client.sendEvent(kind, data, composite ? EventIds.format(sent) : id);
                }
            }
        }
    }
}
