package codemojex.app;

import codemojex.app.http.Json;
import codemojex.app.http.RateLimiter;
import codemojex.app.redis.RedisGames;
import codemojex.app.worker.ScoreFaults;
import codemojex.projections.Code;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.redis.RedisConnections;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import redis.clients.jedis.UnifiedJedis;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A private Redis, the app on it and its HTTP server on a free port; HTTP helpers for the tests. */
final class AppFixture implements AutoCloseable {

    final String uri;
    private final AutoCloseable redis;
    /** A Jedis client of the app's Redis, whatever client the app runs on: the tests look at what it wrote. */
    private final UnifiedJedis direct;
    final Codemojex app;
    final Server server;
    final HttpClient http = HttpClient.newHttpClient();
    final ObjectMapper json = Json.mapper();

    AppFixture(Settings settings, RateLimiter limiter) {
        this(TestRedis.privateServer(), settings, limiter);
    }

    private AppFixture(RedisServerProcess own, Settings settings, RateLimiter limiter) {
        this(own.uri(), own::stop, settings, limiter);
    }

    /** The app on the Redis (or cluster) at {@code uri}; {@code owner} is closed with the fixture. */
    AppFixture(String uri, AutoCloseable owner, Settings settings, RateLimiter limiter) {
        this(uri, owner, settings, limiter, codemojex.app.worker.ScoreFaults.NONE, true);
    }

    /** As above, {@code faults} injected into the score workers, which are started only when {@code worker}. */
    AppFixture(String uri, AutoCloseable owner, Settings settings, RateLimiter limiter, codemojex.app.worker.ScoreFaults faults,
               boolean worker) {
        this.uri = uri;
        this.redis = owner;
        app = Codemojex.connect(uri, settings, faults);
        server = Server.start(app, worker ? ServerOptions.on("127.0.0.1", 0).withWrites(limiter) : ServerOptions.on("127.0.0.1", 0).withWrites(limiter).withoutWorker());
        direct = RedisConnections.connect(uri);
        awaitReady(server);
    }

    /** Waits (up to 30 s) for {@code server} to have the live feed the lead cast: what {@code /health} calls ready. */
    static void awaitReady(Server server) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!server.ready()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the live feed folded nothing in 30 s: the server never became ready");
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    AppFixture() {
        this(Settings.defaults(), RateLimiter.unlimited());
    }

    /**
     * Settings on {@code clock}, a clock the test moves (hours, days): the app's writes are refused
     * while its clock runs more than its bound ahead of Redis's, so a moved clock is given two days.
     */
    static Settings.Builder onClock(echomq.testkit.MovableClock clock) {
        return Settings.builder().clock(clock).maxClockAhead(Duration.ofDays(2));
    }

    record Response(int status, String body, JsonNode json) {
    }

    Response send(String method, String path, String body) {
        return send(method, path, body, Map.of());
    }

    Response send(String method, String path, String body, Map<String, String> headers) {
        return request(server.url(), method, path, body, headers);
    }

    /** {@code method path} at {@code base} (the public or the management port), its body parsed when it is JSON. */
    private Response request(String base, String method, String path, String body, Map<String, String> headers) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10));
            headers.forEach(b::header);
            if (body == null) {
                b.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
            }
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode node = null;
            try {
                node = json.readTree(r.body());
            } catch (IOException notJson) {
                // the page, static files and /metrics are not JSON
            }
            return new Response(r.statusCode(), r.body(), node);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Response get(String path) {
        return send("GET", path, null);
    }

    /** {@code GET path} on the management port: the detailed {@code /health}, {@code /metrics}. */
    Response manage(String path) {
        return request(server.managementUrl(), "GET", path, null, Map.of());
    }

    Response post(String path, Object body) {
        try {
            return send("POST", path, body instanceof String s ? s : json.writeValueAsString(body));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private final Map<String, String> tokens = new ConcurrentHashMap<>();

    /** {@code player} joins {@code game} (once per fixture): the session token. */
    String join(String game, String player) {
        return tokens.computeIfAbsent(game + "\u0000" + player, k -> {
            Response r = post("/games/" + game + "/players", Map.of("name", player));
            if (r.status() != 201) {
                throw new AssertionError("joining " + game + " as " + player + " answered " + r.status() + ": " + r.body());
            }
            return r.json().get("token").asText();
        });
    }

    /** The {@code Authorization} header of {@code player}'s session in {@code game} (joining first if need be). */
    Map<String, String> as(String game, String player) {
        return Map.of("Authorization", "Bearer " + join(game, player));
    }

    /** {@code player} (joined first if need be) guesses {@code guess} in {@code game}. */
    Response guess(String game, String player, String guess) {
        try {
            return send("POST", "/games/" + game + "/guesses", json.writeValueAsString(Map.of("guess", guess)), as(game, player));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code player} guesses {@code guess} in {@code game}: the guess id. */
    String guessId(String game, String player, String guess) {
        Response r = guess(game, player, guess);
        if (r.status() != 202) {
            throw new AssertionError("guess answered " + r.status() + ": " + r.body());
        }
        return r.json().get("guessId").asText();
    }

    /** The secret of a game, read from Redis as only the worker does. */
    Code secret(String game) {
        return new RedisGames(app.redis().calls()).find(game).get().secret();
    }

    /** Polls a guess until it is no longer pending, as someone who did not make it (the total, no breakdown). */
    JsonNode awaitScore(String game, String guessId) {
        return awaitScore(game, guessId, Map.of());
    }

    /** Polls a guess until it is no longer pending, as {@code player} (its breakdown when it is that player's). */
    JsonNode awaitScore(String game, String guessId, String player) {
        return awaitScore(game, guessId, as(game, player));
    }

    private JsonNode awaitScore(String game, String guessId, Map<String, String> headers) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            Response r = send("GET", "/games/" + game + "/guesses/" + guessId, null, headers);
            if (r.status() != 200) {
                throw new AssertionError("GET guess answered " + r.status() + ": " + r.body());
            }
            if (!"pending".equals(r.json().get("status").asText())) {
                return r.json();
            }
            sleep(20);
        }
        throw new AssertionError("guess " + guessId + " was not scored in 20 s");
    }

    /** Every entry of a channel. */
    List<StreamEntry> channel(String name) {
        return app.redis().range().rangeFrom(StreamKey.of("cm", name), StreamId.MIN, 1_000_000);
    }

    /** The fixture's own Jedis client of the app's Redis, closed with it. */
    UnifiedJedis direct() {
        return direct;
    }

    /** Waits up to 30 s for {@code condition}, checking every 20 ms; an {@link AssertionError} naming {@code what} when it never holds. */
    static void await(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            sleep(20);
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.close();
        app.close();
        direct.close();
        try {
            redis.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
