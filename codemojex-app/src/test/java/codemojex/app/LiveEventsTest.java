package codemojex.app;

import codemojex.app.cli.Simulation;
import codemojex.app.http.RateLimiter;
import com.fasterxml.jackson.databind.JsonNode;
import echomq.redis.RedisConnections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.UnifiedJedis;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The event streams over HTTP: {@code /feed/events} and {@code /games/{id}/events} push what
 * changed, {@code Last-Event-ID} is not sent again what it has, an unknown game is a 404, and
 * hundreds of watchers of one game share one live value and one follower.
 */
class LiveEventsTest {

    record Event(String id, String name, JsonNode data) {
    }

    /** An open event stream, its events in a queue as they arrive. */
    static final class Stream implements AutoCloseable {
        final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
        final CompletableFuture<HttpResponse<java.util.stream.Stream<String>>> response;
        volatile int status;
        volatile java.util.stream.Stream<String> lines;

        /** Reads the streams' bodies: a thread each, never the test's own (a response already there would run on it). */
        static final java.util.concurrent.ExecutorService READERS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "sse-reader");
            t.setDaemon(true);
            return t;
        });

        Stream(HttpClient http, AppFixture f, String path, String lastEventId) {
            // the feed's stream carries the chart's bucket events too, one a bucket as it closes: a test
            // that did not ask for them (by naming the buckets parameter) reads the other events only
            this(http, f, path, lastEventId, !path.startsWith("/feed/events") || path.contains("buckets="));
        }

        Stream(HttpClient http, AppFixture f, String path, String lastEventId, boolean keepBuckets) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(f.server.url() + path)).header("Accept", "text/event-stream");
            if (lastEventId != null) {
                b.header("Last-Event-ID", lastEventId);
            }
            response = http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofLines());
            response.thenAcceptAsync(r -> {
                status = r.statusCode();
                lines = r.body();
                String[] id = {null};
                String[] name = {null};
                r.body().forEach(line -> {
                    if (line.startsWith("id: ")) {
                        id[0] = line.substring(4);
                    } else if (line.startsWith("event: ")) {
                        name[0] = line.substring(7);
                    } else if (line.startsWith("data: ")) {
                        try {
                            if (keepBuckets || !"bucket".equals(name[0])) {
                                events.add(new Event(id[0], name[0], f.json.readTree(line.substring(6))));
                            }
                        } catch (java.io.IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                });
            }, READERS);
        }

        /** The next event that satisfies {@code p}, skipping others; fails after 20 s. */
        Event until(Predicate<Event> p) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (true) {
                Event e = events.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                assertThat(e).as("an event in time").isNotNull();
                if (p.test(e)) {
                    return e;
                }
            }
        }

        @Override
        public void close() {
            response.cancel(true);
            java.util.stream.Stream<String> body = lines;
            if (body != null) {
                body.close(); // closes the connection: the server finds the client gone at its next write
            }
        }
    }

    static String guess(AppFixture f, String game, String player, int shift) {
        JsonNode g = f.get("/games/" + game).json();
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            code.append(g.get("keyboard").get((i + shift) % 12).asText());
        }
        return f.guess(game, player, code.toString()).json().get("guessId").asText();
    }

    static String perfect(AppFixture f, String game) {
        // the secret is not readable while the game is open: the test reads it where the worker does
        try (UnifiedJedis j = RedisConnections.connect(f.uri)) {
            return j.hget("emq:{cm}:game:" + game, "secret");
        }
    }

    @ParameterizedTest
    @EnumSource(RedisClient.class)
    void theFeedAndAGamePushWhatChangedAndLastEventIdIsNotSentAgain(RedisClient client) throws Exception {
        try (AppFixture f = new AppFixture(Settings.builder().client(client).build(), RateLimiter.unlimited())) {
            HttpClient http = HttpClient.newHttpClient();
            String game = f.post("/rooms", Map.of("room", "live")).json().get("game").asText();
            try (Stream feed = new Stream(http, f, "/feed/events", null); Stream events = new Stream(http, f, "/games/" + game + "/events", null)) {
                Event first = events.until(e -> true);
                assertThat(first.name()).isEqualTo("game");
                assertThat(first.data().get("status").asText()).isEqualTo("open");
                assertThat(first.data().get("board")).isEmpty();
                feed.until(e -> e.data().get("guesses").asInt() == 0);

                guess(f, game, "ada", 0);
                Event scored = events.until(e -> e.data().get("guesses").asInt() == 1);
                assertThat(scored.data().get("board").get(0).get("player").asText()).isEqualTo("ada");
                assertThat(scored.data().get("recent").get(0).has("guessId")).as("no guess id in what everyone sees").isFalse();
                Event fed = feed.until(e -> e.data().get("guesses").asInt() == 1);

                f.guess(game, "bob", perfect(f, game));
                Event settled = events.until(e -> e.data().get("status").asText().equals("settled"));
                assertThat(settled.data().get("winner").asText()).isEqualTo("bob");
                assertThat(settled.data().get("board").get(0).get("best").asInt()).isEqualTo(600);
                Event fed2 = feed.until(e -> e.data().get("guesses").asInt() == 2);
                assertThat(fed2.id()).isNotEqualTo(fed.id());
                int perMinute = 0;
                for (JsonNode m : fed2.data().get("perMinute")) {
                    perMinute += m.get("guesses").asInt();
                }
                assertThat(perMinute).as("the chart's minutes add up to the feed's count").isEqualTo(2);

                // reconnecting with the id of the current value: the next event is the next change, not that value again
                try (Stream again = new Stream(http, f, "/feed/events", fed2.id())) {
                    String other = f.post("/rooms", Map.of("room", "live")).json().get("game").asText();
                    guess(f, other, "cy", 3);
                    Event next = again.until(e -> true);
                    assertThat(next.data().get("guesses").asInt()).isEqualTo(3);
                }
                // with an old id, the current value at once
                try (Stream old = new Stream(http, f, "/feed/events", fed.id())) {
                    assertThat(old.until(e -> true).data().get("guesses").asInt()).isEqualTo(3);
                }
            }
            Stream unknown = new Stream(http, f, "/games/GAMnone/events", null);
            assertThat(unknown.response.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(404);
            assertThat(f.get("/games/GAMnone/events").status()).isEqualTo(404);
            assertThat(f.get("/games/%3Cx%3E/events").status()).isEqualTo(400);
        }
    }

    /**
     * The page's one stream, {@code /events?game=}: feed, chart buckets, lobby and game events on
     * one connection. Each id holds the last id of every kind, so a stream opened again with it
     * ({@code Last-Event-ID}, or {@code ?last=} as the page sends it after the back-forward cache)
     * is sent no value it already has, of any kind.
     */
    @Test
    void onePageStreamCarriesEveryKindAndResumesEachFromItsId() throws Exception {
        try (AppFixture f = new AppFixture(Settings.builder().chartBucket(java.time.Duration.ofSeconds(2)).build(), RateLimiter.unlimited())) {
            HttpClient http = HttpClient.newHttpClient();
            String game = f.post("/rooms", Map.of("room", "one")).json().get("game").asText();
            String last;
            // another page watches the game on the game's own route: its live value (whose versions the ids count) lives on
            Stream watcher = new Stream(http, f, "/games/" + game + "/events", null);
            watcher.until(x -> x.name().equals("game"));
            try (Stream page = new Stream(http, f, "/events?game=" + game, null)) {
                java.util.Set<String> kinds = new java.util.HashSet<>();
                Event e = page.until(x -> kinds.add(x.name()) && kinds.containsAll(List.of("feed", "lobby", "game")));
                assertThat(e.id()).matches("feed:\\d+-\\d+\\.\\d+,game:\\d+-\\d+\\.\\d+,lobby:\\d+-\\d+\\.\\d+");
                page.until(x -> x.name().equals("bucket")); // the chart's buckets as they close, on the same stream
                guess(f, game, "ada", 0);
                boolean[] seen = new boolean[3];
                Event changed = page.until(x -> {
                    switch (x.name()) {
                        case "game" -> seen[0] |= x.data().get("guesses").asInt() == 1;
                        case "feed" -> seen[1] |= x.data().get("guesses").asInt() == 1;
                        case "lobby" -> seen[2] |= x.data().get("games").get(0).get("players").asInt() == 1;
                        default -> { }
                    }
                    return seen[0] && seen[1] && seen[2];
                });
                last = changed.id();
            }
            String other = f.post("/rooms", Map.of("room", "two")).json().get("game").asText();
            // opened again with the newest id, by header or by query: what changed since, and nothing the page has
            for (String path : List.of("/events?game=" + game, "/events?game=" + game + "&last=" + java.net.URLEncoder.encode(last, "UTF-8"))) {
                try (Stream again = new Stream(http, f, path, path.contains("last=") ? null : last)) {
                    Event lobby = again.until(x -> !x.name().equals("bucket"));
                    assertThat(lobby.name()).as("the lobby changed (a game opened): the feed and the game did not").isEqualTo("lobby");
                    // the new game is listed (after the played one: the lobby ranks games people play first)
                    assertThat(lobby.data().get("games").findValuesAsText("game")).contains(other);
                    assertThat(lobby.id()).as("the feed's and the game's ids go on").contains("feed:").contains("game:");
                }
            }
            watcher.close();
            guess(f, other, "bob", 0);
            // an old id: each kind's current value at once
            try (Stream old = new Stream(http, f, "/events?game=" + game, "feed:1-0.1,game:1-0.1,lobby:1-0.1")) {
                java.util.Set<String> kinds = new java.util.HashSet<>();
                old.until(x -> kinds.add(x.name()) && kinds.containsAll(List.of("feed", "lobby", "game")));
            }
            // no game: no game events; a game that is not there is a 404, a bad id a 400
            try (Stream lobbyOnly = new Stream(http, f, "/events", "garbage, ignored")) {
                java.util.Set<String> kinds = new java.util.HashSet<>();
                Event e = lobbyOnly.until(x -> kinds.add(x.name()) && kinds.containsAll(List.of("feed", "lobby")));
                assertThat(kinds).doesNotContain("game");
                assertThat(e.id()).doesNotContain("game:");
            }
            assertThat(f.get("/events?game=GAMnone").status()).isEqualTo(404);
            assertThat(f.get("/events?game=%3Cx%3E").status()).isEqualTo(400);
        }
    }

    /**
     * Five hundred pages on one game while {@code simulate} plays it: one live value and one follower serve
     * them all, every page gets the final board, and Redis sees about the commands of one page
     * (printed: {@code INFO commandstats} over the same play with one page, 500, and one again).
     */
    @Test
    void fiveHundredWatchersShareOneLiveValue() throws Exception {
        try (AppFixture f = new AppFixture()) {
            HttpClient http = HttpClient.newBuilder().executor(java.util.concurrent.Executors.newFixedThreadPool(8)).build();
            // one page, 500 pages, one page again: the first round also pays the first reads of everything
            int[] watchers = {1, 500, 1};
            long seed = echomq.testkit.Seeded.seed("LiveEventsTest.simulate");
            long[] commands = new long[watchers.length];
            for (int round = 0; round < watchers.length; round++) {
                String game = f.post("/rooms", Map.of("room", "crowd")).json().get("game").asText();
                int watchedBefore = f.server.live().watchedGames();
                List<Stream> pages = new ArrayList<>();
                for (int i = 0; i < watchers[round]; i++) {
                    pages.add(new Stream(http, f, "/games/" + game + "/events", null));
                }
                for (Stream p : pages) {
                    p.until(e -> e.name().equals("game")); // every page connected and has the first value
                }
                JsonNode health = f.manage("/health").json();
                assertThat(health.path("live").path("watchedGames").asInt()).as("one live value for the game").isEqualTo(watchedBefore + 1);
                assertThat(health.path("live").path("followers").path("followers").asInt())
                        .as("one follower per followed stream: guess-scored, room-opened and game-closed of the one partition").isEqualTo(3);
                assertThat(health.path("eventStreams").asInt()).isGreaterThanOrEqualTo(watchers[round]);
                long before = commandCalls(f);
                // simulate plays it (10 guesses by 5 players who join as they first guess), then a perfect guess settles it
                Simulation.Report played = new Simulation(f.server.url(), new java.io.PrintStream(java.io.OutputStream.nullOutputStream()))
                        .play(5, List.of(game), 10, 2, seed + round);
                assertThat(played.guesses()).isEqualTo(10);
                f.guess(game, "winner", perfect(f, game));
                for (Stream p : pages) {
                    Event last = p.until(e -> e.data().get("status").asText().equals("settled"));
                    assertThat(last.data().get("guesses").asInt()).isEqualTo(11);
                }
                commands[round] = commandCalls(f) - before;
                pages.forEach(Stream::close);
                // the pings find the pages gone and release the game's live value: done here, so that no ping of its own
                // (every 15 s) releases it while the next round counts
                long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
                while (f.server.live().watchedGames() > watchedBefore) {
                    assertThat(System.nanoTime()).as("the departed pages released").isLessThan(deadline);
                    f.server.pingNow();
                    AppFixture.sleep(50);
                }
            }
            System.out.printf("[live] Redis commands over the same play: %d with 1 watcher, %d with 500, %d with 1 again (%.2fx)%n",
                    commands[0], commands[1], commands[2], (double) commands[1] / commands[2]);
            // a game's live value lives while somebody watches it
            String game = f.post("/rooms", Map.of("room", "alone")).json().get("game").asText();
            int watched = f.server.live().watchedGames();
            AutoCloseable one = f.server.live().watchGame(game, u -> { });
            AutoCloseable two = f.server.live().watchGame(game, u -> { });
            assertThat(f.server.live().watchedGames()).isEqualTo(watched + 1);
            one.close();
            assertThat(f.server.live().watchedGames()).isEqualTo(watched + 1);
            two.close();
            assertThat(f.server.live().watchedGames()).isEqualTo(watched);
        }
    }

    @Test
    void twoHundredWatchedGamesShareAFewThreadsAndCostNothingWhileIdle() throws Exception {
        try (AppFixture f = new AppFixture()) {
            List<AutoCloseable> watching = new java.util.ArrayList<>();
            java.util.concurrent.atomic.AtomicInteger views = new java.util.concurrent.atomic.AtomicInteger();
            for (int i = 0; i < 200; i++) {
                String game = f.post("/rooms", Map.of("room", "watched-" + i)).json().get("game").asText();
                watching.add(f.server.live().watchGame(game, u -> views.incrementAndGet()));
            }
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
            while (views.get() < 200) {
                assertThat(System.nanoTime()).as("every watcher's first view").isLessThan(deadline);
                Thread.sleep(10);
            }
            long liveThreads = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("live-")).count();
            assertThat(liveThreads).as("threads computing or delivering live values for 200 watched games")
                    .isLessThanOrEqualTo(codemojex.app.core.service.LiveService.COMPUTING_THREADS + 4 + 2); // the pool, the dispatchers, the old feed/lobby slack
            // nothing appended: the games' values compute nothing (a value ticking every 5 s, as each
            // did, would read its game 200 times in 5.5 s); only the lobby's ticks read games (at most
            // 20 a tick, one tick in 5 s)
            long before = gameReads(f);
            Thread.sleep(5_500);
            assertThat(gameReads(f) - before).as("game hash reads while 200 watched games stay idle").isLessThanOrEqualTo(60);
            for (AutoCloseable w : watching) {
                w.close();
            }
        }
    }

    /** Calls of the command a game's view reads its game with (HGETALL), so far. */
    static long gameReads(AppFixture f) {
        try (UnifiedJedis j = RedisConnections.connect(f.uri)) {
            Matcher m = Pattern.compile("cmdstat_hgetall:calls=(\\d+)").matcher(j.info("commandstats"));
            return m.find() ? Long.parseLong(m.group(1)) : 0;
        }
    }

    static long commandCalls(AppFixture f) {
        try (UnifiedJedis j = RedisConnections.connect(f.uri)) {
            Matcher m = Pattern.compile("calls=(\\d+)").matcher(j.info("commandstats"));
            long n = 0;
            while (m.find()) {
                n += Long.parseLong(m.group(1));
            }
            return n;
        }
    }
}
