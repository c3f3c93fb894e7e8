package codemojex.app;

import codemojex.app.http.RateLimiter;
import codemojex.app.worker.ScoreFaults;
import codemojex.app.worker.ScoreWorker;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent.GuessScored;
import com.fasterxml.jackson.databind.JsonNode;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis that is up and refuses writes, out of memory ({@code maxmemory} under {@code noeviction})
 * or unable to persist (a failed background save: {@code MISCONF}), under the running app: every
 * write route is a 503 with {@code Retry-After}, reads are served, {@code /health} says why, the
 * score worker's batch commit is refused whole (nothing half-written, the guesses left pending), and
 * once Redis accepts writes again play resumes by itself, each guess scored exactly once.
 */
class WriteRefusalAppTest {

    /** The two ways a Redis refuses writes. */
    enum Fault {
        OUT_OF_MEMORY("out of memory", "OOM") {
            @Override
            void inject(RedisServerProcess r) {
                r.fillMemory();
            }

            @Override
            void clear(RedisServerProcess r) {
                r.freeMemory();
            }
        },
        PERSISTENCE_FAILURE("cannot persist to disk", "MISCONF") {
            @Override
            void inject(RedisServerProcess r) {
                r.failPersistence();
            }

            @Override
            void clear(RedisServerProcess r) {
                r.restorePersistence();
            }
        };

        final String reason;
        final String code;

        Fault(String reason, String code) {
            this.reason = reason;
            this.code = code;
        }

        abstract void inject(RedisServerProcess r);

        abstract void clear(RedisServerProcess r);
    }

    static Stream<Arguments> cases() {
        return Stream.of(Fault.values()).flatMap(f -> Stream.of(RedisClient.values()).map(c -> Arguments.of(f, c)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void writesAre503WithRetryAfterReadsAreServedAndPlayResumesByItself(Fault fault, RedisClient client) throws Exception {
        RedisServerProcess redis = TestRedis.privateServer();
        AtomicBoolean armed = new AtomicBoolean();
        AtomicBoolean injected = new AtomicBoolean();
        // once armed, the store starts refusing as the worker is about to commit the guesses it was delivered
        ScoreFaults faults = (step, guess) -> {
            if (step == ScoreFaults.Step.BEFORE_COMMIT && armed.get() && injected.compareAndSet(false, true)) {
                fault.inject(redis);
            }
        };
        Settings settings = Settings.builder().client(client).build();
        try (AppFixture f = new AppFixture(redis.uri(), redis::stop, settings, RateLimiter.unlimited(), faults, false)) {
            AppFixture.Response opened = f.post("/rooms", Map.of("room", "refused"));
            assertThat(opened.status()).isEqualTo(201);
            String game = opened.json().get("game").asText();
            Code secret = f.secret(game);
            // one guess scored before (so that the feed has sealed panes to fold, and to checkpoint)
            Code rotated = new Code(secret.emojis().tail().append(secret.get(0)));
            f.app.worker().start();
            String first = f.guessId(game, "ada", rotated.toString());
            assertThat(f.awaitScore(game, first).get("status").asText()).isEqualTo("scored");
            f.app.worker().stop();
            // then four more by two players, none of them the secret (its rotations), scored by nobody yet
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                rotated = new Code(rotated.emojis().tail().append(rotated.get(0)));
                ids.add(f.guessId(game, i % 2 == 0 ? "ada" : "bob", rotated.toString()));
            }
            armed.set(true);
            f.app.worker().start();
            AppFixture.await("the worker's commit refused", () -> injected.get() && rejectedScripts(redis) > 0);

            // nothing of the batch was written: no scored guess, no result, no best raised; all still pending
            assertThat(f.channel(Channels.GUESS_SCORED)).hasSize(1);
            String board = f.get("/games/" + game + "/board").json().get("board").toString();
            for (String id : ids) {
                assertThat(f.get("/games/" + game + "/guesses/" + id).json().get("status").asText()).isEqualTo("pending");
            }
            assertThat(f.app.worker().pending()).isEqualTo(ids.size());
            assertThat(f.app.useCases().rebuilds().rebuildBoard(game).equal()).isTrue();

            // every write route: 503, Retry-After, nothing written
            String guessesBefore = String.valueOf(f.channel(Channels.GUESSES).size());
            for (HttpResponse<String> refused : List.of(
                    post(f, "/rooms", "{\"room\":\"another\"}", Map.of()),
                    post(f, "/games/" + game + "/players", "{\"name\":\"cy\"}", Map.of()),
                    post(f, "/games/" + game + "/guesses", "{\"guess\":\"" + rotated + "\"}", f.as(game, "ada")))) {
                assertThat(refused.statusCode()).as(refused.uri().toString()).isEqualTo(503);
                assertThat(refused.headers().firstValue("Retry-After")).as(refused.uri().toString()).contains("5");
                assertThat(refused.body()).contains("refuses writes").contains(fault.reason).doesNotContain("Exception");
            }
            assertThat(String.valueOf(f.channel(Channels.GUESSES).size())).isEqualTo(guessesBefore);

            // reads are served, those that fold sealed panes (whose checkpoints cannot be kept now) too
            for (String read : List.of("/games/" + game, "/games/" + game + "/board", "/feed", "/feed?since=5m", "/feed?since=7d",
                    "/feed/series", "/rooms/openings", "/rooms/openings/series", "/results",
                    "/games/" + game + "/guesses/" + ids.get(0))) {
                assertThat(f.get(read).status()).as(read).isEqualTo(200);
            }
            assertThat(f.get("/games/" + game + "/board").json().get("board").toString()).isEqualTo(board);
            JsonNode health = f.manage("/health").json();
            assertThat(health.get("status").asText()).isEqualTo("degraded");
            assertThat(health.get("redis").asText()).isEqualTo("up");
            assertThat(health.get("writes").asText()).startsWith("redis refuses writes: " + fault.reason).contains(fault.code);

            fault.clear(redis);

            // play resumes by itself: every guess scored exactly once, the board the log's
            for (String id : ids) {
                assertThat(f.awaitScore(game, id).get("status").asText()).isEqualTo("scored");
            }
            Map<String, Long> perGuess = f.channel(Channels.GUESS_SCORED).stream().map(GuessScored::decode)
                    .collect(Collectors.groupingBy(GuessScored::guessId, Collectors.counting()));
            ids.add(first);
            assertThat(perGuess.keySet()).containsExactlyInAnyOrderElementsOf(ids);
            assertThat(perGuess.values()).allMatch(n -> n == 1);
            assertThat(f.app.worker().pending()).isZero();
            assertThat(f.app.useCases().rebuilds().rebuildBoard(game).equal()).isTrue();
            AppFixture.await("/health says writes are accepted", () -> "accepted".equals(f.manage("/health").json().get("writes").asText()));
            assertThat(f.manage("/health").json().get("status").asText()).isEqualTo("ok");
            assertThat(post(f, "/rooms", "{\"room\":\"another\"}", Map.of()).statusCode()).isEqualTo(201);
            String after = f.guessId(game, "cy", new Code(rotated.emojis().tail().append(rotated.get(0))).toString());
            assertThat(f.awaitScore(game, after).get("status").asText()).isEqualTo("scored");
        }
    }

    /** Scripts the server refused as they came in ({@code EVAL}, {@code EVALSHA}: their {@code rejected_calls}). */
    private static long rejectedScripts(RedisServerProcess redis) {
        long n = 0;
        for (String line : redis.command("INFO", "commandstats").split("\r?\n")) {
            if (line.startsWith("cmdstat_eval:") || line.startsWith("cmdstat_evalsha:")) {
                for (String part : line.substring(line.indexOf(':') + 1).split(",")) {
                    if (part.startsWith("rejected_calls=")) {
                        n += Long.parseLong(part.substring("rejected_calls=".length()));
                    }
                }
            }
        }
        return n;
    }

    private static HttpResponse<String> post(AppFixture f, String path, String body, Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(f.server.url() + path)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        return f.http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
