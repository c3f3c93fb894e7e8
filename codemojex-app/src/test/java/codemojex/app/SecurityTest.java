package codemojex.app;

import codemojex.app.http.RateLimiter;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamRange;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** requirepass, an ACL user limited to the app's keys, TLS, masked passwords, rate limits. */
class SecurityTest {

    /** Open a game, guess, and see it scored: the app works on this Redis. */
    static void plays(Codemojex app) {
        app.worker().ensureGroup();
        String game = app.useCases().rooms().open("secure").game();
        var id = app.useCases().guesses().submit(game, TestPlayers.id("ada"), "ada", app.useCases().games().game(game).keyboard().keys().take(6).mkString());
        app.worker().pollOnce(Duration.ofSeconds(1));
        assertThat(app.useCases().games().guess(game, id.toString()).status()).isEqualTo("scored");
        assertThat(app.useCases().rebuilds().rebuildBoard(game).equal()).isTrue();
    }

    @Test
    void anAclUserLimitedToTheAppsKeysIsEnoughAndNothingMore() {
        String admin = "admin-" + UUID.randomUUID();
        String secret = "app-" + UUID.randomUUID();
        try (RedisServerProcess redis = TestRedis.privateServer("--requirepass", admin)) {
            try (UnifiedJedis root = RedisConnections.connect("redis://:" + admin + "@127.0.0.1:" + redis.port())) {
                root.sendCommand(Protocol.Command.ACL, "SETUSER", "cmapp", "on", ">" + secret, "resetkeys", "~emq:{cm}:*",
                        "resetchannels", "-@all", "+@read", "+@write", "+@stream", "+@hash", "+@sortedset", "+@scripting",
                        "+@connection", "+time", "-@dangerous"); // TIME: the appenders read the server's clock (ClockGuard)
            }
            String uri = "redis://cmapp:" + secret + "@127.0.0.1:" + redis.port();
            try (Codemojex app = Codemojex.connect(uri, Settings.defaults())) {
                plays(app);
                assertThatThrownBy(() -> app.redis().range().rangeFrom(StreamKey.of("other", "x"), StreamId.MIN, 1))
                        .isInstanceOf(StreamStoreException.AccessDenied.class)
                        .satisfies(e -> assertThat(full(e)).doesNotContain(secret));
                try (UnifiedJedis asTheApp = RedisConnections.connect(uri)) {
                    assertThatThrownBy(asTheApp::flushAll).hasMessageContaining("NOPERM");
                }
            }
            // the app reads the games' partition count as it starts: a wrong password fails there, typed
            assertThatThrownBy(() -> Codemojex.connect("redis://cmapp:nope@127.0.0.1:" + redis.port(), Settings.defaults()))
                    .isInstanceOf(StreamStoreException.AccessDenied.class);
        }
    }

    @Test
    void passwordsNeverReachTheLogsOrTheErrors() {
        String secret = "pw-" + UUID.randomUUID();
        PrintStream err = System.err;
        ByteArrayOutputStream logs = new ByteArrayOutputStream();
        try (RedisServerProcess redis = TestRedis.privateServer("--requirepass", secret)) {
            System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
            String uri = "redis://:" + secret + "@127.0.0.1:" + redis.port();
            try (Codemojex app = Codemojex.connect(uri, Settings.defaults());
                 Server server = Server.start(app, ServerOptions.on("127.0.0.1", 0))) {
                assertThat(app.maskedUri()).doesNotContain(secret).contains("***");
                redis.stop();
                assertThatThrownBy(() -> app.useCases().rooms().open("x")).satisfies(e -> assertThat(full(e)).doesNotContain(secret));
                AppFixture.sleep(300);
            }
            assertThatThrownBy(() -> Codemojex.connect("redis://:" + secret + "@127.0.0.1:1/x", Settings.defaults()))
                    .satisfies(e -> assertThat(full(e)).doesNotContain(secret));
        } finally {
            System.setErr(err);
        }
        String text = logs.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("***").doesNotContain(secret);
    }

    @Test
    void tlsWhenTheServerOffersIt() throws Exception {
        echomq.testkit.TestCertificates certs = echomq.testkit.TestCertificates.create();
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(certs.ca())) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        try (RedisServerProcess redis = RedisServerProcess.startTls(certs.serverCertificate(), certs.serverKey(), certs.ca())) {
            String uri = "rediss://127.0.0.1:" + redis.port();
            try (UnifiedJedis tls = RedisConnections.connect(uri, Duration.ofSeconds(2), Duration.ofSeconds(5), ctx.getSocketFactory())) {
                assertThat(tls.ping()).isEqualTo("PONG");
                assertThat(new RedisStreamRange(tls).rangeFrom(StreamKey.of("cm", "x"), StreamId.MIN, 1)).isEmpty();
            }
            // plain text to a TLS port is refused as unavailable, never answered
            try (UnifiedJedis plain = RedisConnections.connect("redis://127.0.0.1:" + redis.port(), Duration.ofMillis(500),
                    Duration.ofMillis(500))) {
                assertThatThrownBy(() -> new RedisStreamRange(plain).rangeFrom(StreamKey.of("cm", "x"), StreamId.MIN, 1))
                        .isInstanceOf(StreamStoreException.class);
            }
        }
    }

    @Test
    void guessesAreRateLimitedPerClient() {
        Clock fixed = Clock.fixed(Instant.parse("2026-12-02T12:00:00Z"), ZoneOffset.UTC);
        try (AppFixture f = new AppFixture(Settings.defaults(), new RateLimiter(1, 3, fixed))) {
            String game = f.post("/rooms", Map.of()).json().get("game").asText();
            String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
            List<Integer> statuses = new java.util.ArrayList<>();
            f.join(game, "spam"); // joining is a write too: it takes one of the burst of 3
            for (int i = 0; i < 5; i++) {
                statuses.add(f.guess(game, "spam", guess).status());
            }
            assertThat(statuses).containsExactly(202, 202, 429, 429, 429);
            AppFixture.Response limited = f.guess(game, "spam", guess);
            assertThat(limited.json().get("error").asText()).contains("too many joins and guesses");
            // the other endpoints are not limited
            assertThat(f.get("/games/" + game + "/board").status()).isEqualTo(200);
        }
        RateLimiter limiter = new RateLimiter(2, 2, Clock.offset(fixed, Duration.ZERO));
        limiter.acquire("a");
        limiter.acquire("a");
        assertThatThrownBy(() -> limiter.acquire("a")).isInstanceOf(RateLimiter.Limited.class);
        limiter.acquire("b");
    }

    /** Reads are limited per client too, and the feed serves only its fixed windows, naming them when refused. */
    @Test
    void readsAreRateLimitedPerClientAndTheFeedHasFixedWindows() throws Exception {
        Clock fixed = Clock.fixed(Instant.parse("2026-12-02T12:00:00Z"), ZoneOffset.UTC);
        try (RedisServerProcess redis = TestRedis.privateServer();
             Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults());
             Server server = Server.start(app, ServerOptions.on("127.0.0.1", 0).withReads(new RateLimiter("reads", 1, 4, fixed)))) {
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            List<Integer> statuses = new java.util.ArrayList<>();
            for (String since : List.of("5m", "7d", "2h", "1h", "24h")) {
                statuses.add(http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + "/feed?since=" + since)).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode());
            }
            // 4 in a burst: two windows served, one refused by name, one served; the fifth read is over the rate
            assertThat(statuses).containsExactly(200, 200, 400, 200, 429);
            var refused = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + "/health")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).as("the health check is not a read that is limited").isEqualTo(200);
            var limited = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + "/feed?since=1h")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(limited.body()).contains("too many reads");
            assertThat(limited.headers().firstValue("Retry-After")).isPresent();
            // every read route, the series and the page's event stream too (a series of 100,000 buckets is 8 MB of work)
            for (String path : List.of("/feed/series", "/rooms/openings/series?bucket=1mo", "/events", "/lobby/events", "/rooms/openings",
                    "/results", "/games/GAM0000000000/board")) {
                var r = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + path))
                        .header("Accept", "text/event-stream").build(), java.net.http.HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(path).isEqualTo(429);
            }
            var page = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url() + "/app.js")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).as("the page's own files are not API reads").isEqualTo(200);
        }
    }

    static String full(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c).append('\n');
        }
        return b.toString();
    }
}
