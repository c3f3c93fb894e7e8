package codemojex.app;

import codemojex.app.http.RateLimiter;
import codemojex.app.worker.ScoreFaults;
import codemojex.projections.Channels;
import echomq.domain.stream.Durability;
import echomq.domain.stream.StreamKey;
import echomq.testkit.ReplicatedRedis;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;

import static codemojex.app.IdempotencyKeyTest.Raw;
import static codemojex.app.IdempotencyKeyTest.bearer;
import static codemojex.app.IdempotencyKeyTest.post;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The app with {@code --durability replicated} (#54) on a master whose one replica reaches it
 * through a {@link echomq.testkit.FaultyProxy}: a guess, a room, a join are answered only once the
 * replica holds them; while the replication link is held, each is a 503 (with {@code Retry-After}
 * and the API's JSON error) though it landed on the master, and its retry with the same
 * {@code Idempotency-Key} is answered the first answer once the replica is back: the guess in the
 * log once, neither lost nor made twice; the worker's commits wait too, and every guess is scored
 * once when the link is back.
 */
class DurableWritesAppTest {

    private static final Duration WAIT = Duration.ofMillis(300);

    private static long xlen(ReplicatedRedis pair, boolean replica, StreamKey key) {
        String n = (replica ? pair.replica() : pair.master()).command("XLEN", key.toString());
        return Long.parseLong(n);
    }

    private static boolean onReplica(ReplicatedRedis pair, StreamKey key, String id) {
        return pair.replica().command("XRANGE", key.toString(), "-", "+").contains(id);
    }

    @ParameterizedTest
    @EnumSource(RedisClient.class)
    void aWriteIsAnsweredOnceItsReplicaHoldsItAndARetryWithItsKeyNeitherLosesNorDoublesIt(RedisClient client) throws Exception {
        try (ReplicatedRedis pair = ReplicatedRedis.start();
             AppFixture f = new AppFixture(pair.master().uri(), () -> { }, Settings.builder().client(client)
                     .durability(Durability.replicated(1, WAIT)).build(), RateLimiter.unlimited(), codemojex.app.worker.ScoreFaults.NONE, true)) {
            Raw opened = post(f, "/rooms", "room-1", "{\"room\":\"kept\"}");
            assertThat(opened.status()).isEqualTo(201);
            String game = opened.json().get("game").asText();
            StreamKey guesses = StreamKey.of(f.app.partitions().queueOf(game), Channels.GUESSES);
            StreamKey scored = StreamKey.of(f.app.partitions().queueOf(game), Channels.GUESS_SCORED);
            assertThat(onReplica(pair, StreamKey.of(f.app.partitions().queueOf(game), Channels.ROOM_OPENED), game))
                    .as("the room is on the replica once answered").isTrue();
            Raw joined = post(f, "/games/" + game + "/players", "join-1", "{\"name\":\"ann\"}");
            assertThat(joined.status()).isEqualTo(201);
            String token = joined.json().get("token").asText();
            String body = "{\"guess\":\"" + IdempotencyKeyTest.guess(f, game) + "\"}";
            Raw first = post(f, "127.0.0.1", "/games/" + game + "/guesses", "guess-1", body, bearer(token));
            assertThat(first.status()).isEqualTo(202);
            assertThat(onReplica(pair, guesses, first.json().get("guessId").asText())).as("a 202 is on the replica").isTrue();

            pair.holdLink(Duration.ofSeconds(3));
            long before = xlen(pair, false, guesses);
            Raw held = post(f, "127.0.0.1", "/games/" + game + "/guesses", "guess-2", body, bearer(token));
            Raw unkeyed = post(f, "127.0.0.1", "/games/" + game + "/guesses", null, body, bearer(token));
            Raw join = post(f, "/games/" + game + "/players", "join-2", "{\"name\":\"bea\"}");
            for (Raw r : new Raw[]{held, unkeyed, join}) {
                assertThat(r.status()).as(r.body()).isEqualTo(503);
                assertThat(r.header("Retry-After")).isEqualTo("1");
                assertThat(r.header("Location")).as("no Location for what may not be kept").isNull();
                assertThat(r.json().get("error").asText()).contains("replicas did not acknowledge", "same Idempotency-Key");
                assertThat(r.json().has("token")).isFalse();
            }
            assertThat(xlen(pair, false, guesses)).as("both guesses landed on the master").isEqualTo(before + 2);

            pair.awaitInSync();
            // a client retries a 503 after its Retry-After; on a loaded machine the replica may again be later than the 300 ms wait
            Raw retry = post(f, "127.0.0.1", "/games/" + game + "/guesses", "guess-2", body, bearer(token));
            for (int i = 0; i < 10 && retry.status() == 503; i++) {
                Thread.sleep(200);
                pair.awaitInSync();
                retry = post(f, "127.0.0.1", "/games/" + game + "/guesses", "guess-2", body, bearer(token));
            }
            assertThat(retry.status()).as(retry.body()).isEqualTo(202);
            assertThat(retry.header("Idempotent-Replayed")).as("the answer kept when it landed").isEqualTo("true");
            String id = retry.json().get("guessId").asText();
            assertThat(retry.header("Location")).isEqualTo("/games/" + game + "/guesses/" + id);
            assertThat(xlen(pair, false, guesses)).as("the retry wrote no guess").isEqualTo(before + 2);
            assertThat(pair.master().command("XRANGE", guesses.toString(), "-", "+").split(id, -1)).as("the guess in the log once").hasSize(2);
            assertThat(onReplica(pair, guesses, id)).isTrue();

            Raw rejoin = post(f, "/games/" + game + "/players", "join-2", "{\"name\":\"bea\"}");
            for (int i = 0; i < 10 && rejoin.status() == 503; i++) {
                Thread.sleep(200);
                pair.awaitInSync();
                rejoin = post(f, "/games/" + game + "/players", "join-2", "{\"name\":\"bea\"}");
            }
            assertThat(rejoin.status()).as(rejoin.body()).isEqualTo(201);
            assertThat(rejoin.header("Idempotent-Replayed")).isEqualTo("true");
            Raw bea = post(f, "127.0.0.1", "/games/" + game + "/guesses", null, body, bearer(rejoin.json().get("token").asText()));
            assertThat(bea.status()).as("the kept join's token opens its session").isEqualTo(202);

            // the worker's commits waited for the replica too: every guess is scored once, and on the replica
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (xlen(pair, false, scored) < xlen(pair, false, guesses) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(xlen(pair, false, scored)).as("guesses scored").isEqualTo(xlen(pair, false, guesses));
            pair.awaitInSync();
            assertThat(xlen(pair, true, scored)).isEqualTo(xlen(pair, false, scored));
            assertThat(pair.master().command("XPENDING", guesses.toString(), "scorers")).as("nothing left pending").startsWith("0");
        }
    }
}
