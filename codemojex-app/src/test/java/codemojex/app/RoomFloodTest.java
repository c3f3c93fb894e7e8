package codemojex.app;

import codemojex.app.http.RateLimiter;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue #27, "Room creation is not throttled": a thousand {@code POST /rooms} from one address in
 * two seconds all answered 201. Rooms are opened at a rate of their own per client address.
 */
class RoomFloodTest {

    @Test
    void aFloodOfRoomsFromOneAddressIs429WithRetryAfterWhileAnotherAddressStillOpensARoom() throws Exception {
        try (RedisServerProcess redis = TestRedis.privateServer();
             Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults());
             // serve's defaults: 20 guesses and 50 reads a second, 10 rooms a minute per address
             Server server = Server.start(app, ServerOptions.on("127.0.0.1", 0).withRates(20, 50, 10, app.clock()).withoutWorker())) {
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest open = HttpRequest.newBuilder(URI.create(server.url() + "/rooms"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build();
            List<HttpResponse<String>> answers = new ArrayList<>();
            long deadline = System.nanoTime() + 2_000_000_000L;
            for (int i = 0; i < 1000 && System.nanoTime() < deadline; i++) {
                answers.add(http.send(open, HttpResponse.BodyHandlers.ofString()));
            }
            long opened = answers.stream().filter(r -> r.statusCode() == 201).count();
            // a burst of 5, and at 10 a minute at most one more refilled in the two seconds
            assertThat(opened).as("rooms opened by the flood").isBetween(5L, 6L);
            assertThat(answers.subList(0, 5)).allSatisfy(r -> assertThat(r.statusCode()).isEqualTo(201));
            List<HttpResponse<String>> refused = answers.stream().filter(r -> r.statusCode() != 201).toList();
            assertThat(refused).hasSizeGreaterThan(answers.size() / 2).allSatisfy(r -> {
                assertThat(r.statusCode()).isEqualTo(429);
                assertThat(r.body()).contains("too many rooms");
                long retry = Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow());
                assertThat(retry).isBetween(1L, 6L);
            });
            assertThat(app.useCases().lobby().lobby(1000)).as("the refused rooms were never opened").hasSize((int) opened);
            // rooms have a rate of their own: the flooding address can still read, and another address open a room
            assertThat(http.send(HttpRequest.newBuilder(URI.create(server.url() + "/feed")).build(), HttpResponse.BodyHandlers.ofString())
                    .statusCode()).isEqualTo(200);
            assertThat(postRoomFrom("127.0.0.2", server.port())).startsWith("HTTP/1.1 201");
        }
    }

    @Test
    void theRoomLimiterRefillsAtItsRateInBurstsOfHalfAMinutes() {
        java.time.Instant t0 = java.time.Instant.parse("2026-12-04T12:00:00Z");
        java.util.concurrent.atomic.AtomicLong ms = new java.util.concurrent.atomic.AtomicLong(t0.toEpochMilli());
        java.time.Clock clock = new java.time.Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public java.time.Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public java.time.Instant instant() {
                return java.time.Instant.ofEpochMilli(ms.get());
            }
        };
        RateLimiter rooms = ServerOptions.rooms(10, clock);
        for (int i = 0; i < 5; i++) {
            rooms.acquire("a");
        }
        RateLimiter.Limited limited = org.assertj.core.api.Assertions.catchThrowableOfType(() -> rooms.acquire("a"), RateLimiter.Limited.class);
        assertThat(limited.retryAfterSeconds()).isEqualTo(6);
        rooms.acquire("b");
        ms.addAndGet(6_000);
        rooms.acquire("a"); // one room every six seconds
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> rooms.acquire("a"))).isInstanceOf(RateLimiter.Limited.class);
        RateLimiter one = ServerOptions.rooms(1, clock);
        one.acquire("c");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> one.acquire("c"))).isInstanceOf(RateLimiter.Limited.class);
    }

    /** The lobby lists the games people play: empty rooms opened after a played game, however many, do not push it out. */
    @Test
    void aPlayedGameStaysInTheLobbyAfterAFloodOfEmptyRooms() throws Exception {
        try (AppFixture f = new AppFixture()) {
            String played = f.post("/rooms", java.util.Map.of()).json().get("game").asText();
            codemojex.projections.Keyboard keys = f.app.useCases().games().game(played).keyboard();
            String guess = keys.keys().take(6).map(e -> e.text()).mkString();
            if (guess.equals(f.secret(played).emojis().map(e -> e.text()).mkString())) {
                guess = keys.keys().drop(1).take(6).map(e -> e.text()).mkString(); // not the secret: the game stays open
            }
            String guessId = f.guessId(played, "ada", guess);
            assertThat(f.awaitScore(played, guessId).get("status").asText()).isNotEqualTo("rejected");
            for (int i = 0; i < 3 * codemojex.app.core.service.LiveService.LOBBY_SIZE; i++) {
                assertThat(f.post("/rooms", java.util.Map.of("room", "flood")).status()).isEqualTo(201);
            }
            List<codemojex.app.core.port.in.LobbyQuery.LobbyGame> lobby = f.app.useCases().lobby().lobby(codemojex.app.core.service.LiveService.LOBBY_SIZE);
            assertThat(lobby).hasSize(codemojex.app.core.service.LiveService.LOBBY_SIZE);
            assertThat(lobby.get(0).game()).as("the played game leads the lobby").isEqualTo(played);
            assertThat(lobby.get(0).players()).isEqualTo(1);
            assertThat(lobby.subList(1, lobby.size())).allSatisfy(g -> assertThat(g.room()).isEqualTo("flood"));
            // and so does what /lobby/events pushes
            try (LiveEventsTest.Stream events = new LiveEventsTest.Stream(HttpClient.newHttpClient(), f, "/lobby/events", null)) {
                LiveEventsTest.Event listed = events.until(e -> e.data().get("games").size() == codemojex.app.core.service.LiveService.LOBBY_SIZE);
                assertThat(listed.data().get("games").get(0).get("game").asText()).isEqualTo(played);
            }
        }
    }

    /** {@code POST /rooms} sent by hand from {@code source} (the JDK's client cannot choose its address): the status line. */
    static String postRoomFrom(String source, int port) throws Exception {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(source, 0));
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("POST /rooms HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                    + "Connection: close\r\n\r\n{}").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
