package codemojex.app;

import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotencyKey;
import codemojex.app.core.port.in.IdempotentRequests;
import codemojex.app.http.RateLimiter;
import codemojex.app.worker.ScoreFaults;
import codemojex.projections.Channels;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Idempotency-Key} on the three writes (#48), on a real Redis through HTTP: a retry with the
 * same key and body is answered the first answer again (status, body, {@code Location}, cookie) with
 * {@code Idempotent-Replayed: true} and writes nothing (Redis' own count of changes); another body is
 * a 422, a bad key a 400 that reaches no Redis, a key whose first request runs a 409; records expire
 * (24 h), scopes are the session's and the client address's; N at once with one key write once.
 */
class IdempotencyKeyTest {

    static final ObjectMapper JSON = new ObjectMapper();

    /** An answer as the wire carried it: status, headers (lower-case names), body. */
    record Raw(int status, Map<String, List<String>> headers, String body) {
        String header(String name) {
            List<String> v = headers.get(name.toLowerCase(Locale.ROOT));
            return v == null ? null : v.get(0);
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException(body, e);
            }
        }
    }

    /** A fixture on a Redis that never saves, so that its count of changes since the last save counts every write. */
    static AppFixture fixture(RedisClient client) {
        RedisServerProcess redis = TestRedis.privateServer("--save", "");
        return new AppFixture(redis.uri(), redis::stop, Settings.builder().client(client).build(), RateLimiter.unlimited(),
                codemojex.app.worker.ScoreFaults.NONE, false); // no worker: nothing writes behind the requests' back
    }

    /** {@code method path} sent as raw bytes from {@code from} (a loopback address), {@code headers} as given, byte for byte. */
    static Raw send(AppFixture f, String from, String method, String path, Map<String, byte[]> headers, String body) {
        URI u = URI.create(f.server.url());
        try (Socket s = new Socket(u.getHost(), u.getPort(), InetAddress.getByName(from), 0)) {
            s.setSoTimeout(10_000);
            byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream req = new ByteArrayOutputStream();
            req.write((method + " " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: "
                    + b.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (Map.Entry<String, byte[]> h : headers.entrySet()) {
                req.write((h.getKey() + ": ").getBytes(StandardCharsets.US_ASCII));
                req.write(h.getValue());
                req.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            req.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            req.write(b);
            OutputStream out = s.getOutputStream();
            out.write(req.toByteArray());
            out.flush();
            return read(s.getInputStream());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Raw read(InputStream in) throws IOException {
        String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        int end = all.indexOf("\r\n\r\n");
        String[] lines = all.substring(0, end).split("\r\n");
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).trim());
        }
        String body = all.substring(end + 4);
        if ("chunked".equalsIgnoreCase(String.valueOf(headers.getOrDefault("transfer-encoding", List.of("")).get(0)))) {
            StringBuilder b = new StringBuilder();
            int at = 0;
            while (true) {
                int eol = body.indexOf("\r\n", at);
                int n = Integer.parseInt(body.substring(at, eol).trim(), 16);
                if (n == 0) {
                    break;
                }
                b.append(body, eol + 2, eol + 2 + n); // the API's bodies are ASCII JSON
                at = eol + 2 + n + 2;
            }
            body = b.toString();
        }
        return new Raw(Integer.parseInt(lines[0].split(" ")[1]), headers, body);
    }

    static Raw post(AppFixture f, String path, String key, String body) {
        return post(f, "127.0.0.1", path, key, body, Map.of());
    }

    static Raw post(AppFixture f, String from, String path, String key, String body, Map<String, String> more) {
        Map<String, byte[]> h = new LinkedHashMap<>();
        if (key != null) {
            h.put(IdempotencyKey.HEADER, key.getBytes(StandardCharsets.UTF_8));
        }
        more.forEach((k, v) -> h.put(k, v.getBytes(StandardCharsets.UTF_8)));
        return send(f, from, "POST", path, h, body);
    }

    static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token);
    }

    /**
     * Redis' count of changes since its last save (it never saves here): every write moves it, less the
     * live casts the server writes in the background (#54: the lead casts the feed and the lobby when a
     * page's view of them changes, which an earlier request's scored guess does, at its own time): each
     * cast's {@code XADD} and its stream's {@code PEXPIRE} are two changes, and a feed's or a lobby's
     * {@code HSET} of its latest and that hash's {@code PEXPIRE} five more. The casts stream is not
     * trimmed below its 1,000 entries here.
     */
    static long changes(AppFixture f) {
        while (true) {
            long casts = castChanges(f);
            long all = -1;
            String info = f.direct().info("persistence");
            for (String line : info.split("\\r?\\n")) {
                if (line.startsWith("rdb_changes_since_last_save:")) {
                    all = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            if (all < 0) {
                throw new IllegalStateException(info);
            }
            if (castChanges(f) == casts) { // no cast between the two reads: the count holds exactly the casts counted
                return all - casts;
            }
        }
    }

    private static long castChanges(AppFixture f) {
        long casts = 0;
        for (var e : f.direct().xrange(codemojex.app.redis.RedisLiveCasts.STREAM.toString(), (redis.clients.jedis.StreamEntryID) null,
                (redis.clients.jedis.StreamEntryID) null)) {
            casts += codemojex.app.core.CastReader.LATEST.contains(e.getFields().get("kind")) ? 7 : 2;
        }
        return casts;
    }

    static long xlen(AppFixture f, String game, String channel) {
        return f.direct().xlen(StreamKey.of(f.app.partitions().queueOf(game), channel).toString());
    }

    /** Every idempotency record in Redis. */
    static Set<String> records(AppFixture f) {
        return f.direct().keys("emq:*idempotency:*");
    }

    /** The answer again, as the first, said to be a replay, and nothing written to give it. */
    static Raw assertReplayed(AppFixture f, Raw first, java.util.function.Supplier<Raw> again) {
        long before = changes(f);
        Raw replay = again.get();
        assertThat(changes(f)).as("Redis changes made by a replay").isEqualTo(before);
        assertThat(first.header("Idempotent-Replayed")).as("the first answer is no replay").isNull();
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replay.status()).isEqualTo(first.status());
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(replay.header("Location")).isEqualTo(first.header("Location"));
        assertThat(replay.headers().get("set-cookie")).isEqualTo(first.headers().get("set-cookie"));
        return replay;
    }

    @ParameterizedTest
    @EnumSource(RedisClient.class)
    void aRetryOfEachWriteIsAnsweredTheFirstAnswerAgainAndWritesNothing(RedisClient client) {
        try (AppFixture f = fixture(client)) {
            Raw opened = post(f, "/rooms", "room-1", "{\"room\":\"again\"}");
            assertThat(opened.status()).isEqualTo(201);
            String game = opened.json().get("game").asText();
            assertReplayed(f, opened, () -> post(f, "/rooms", "room-1", "{\"room\":\"again\"}"));
            assertThat(xlen(f, game, Channels.ROOM_OPENED)).as("rooms opened").isEqualTo(1);

            Raw joined = post(f, "/games/" + game + "/players", "join-1", "{\"name\":\"ann\"}");
            assertThat(joined.status()).isEqualTo(201);
            String token = joined.json().get("token").asText();
            assertReplayed(f, joined, () -> post(f, "/games/" + game + "/players", "join-1", "{\"name\":\"ann\"}"));
            Raw page = post(f, "/games/" + game + "/players", "join-2", "{\"name\":\"bea\",\"cookie\":true}");
            assertThat(page.header("Set-Cookie")).as("the page's join sets its cookie").contains("codemojex_session=");
            assertReplayed(f, page, () -> post(f, "/games/" + game + "/players", "join-2", "{\"name\":\"bea\",\"cookie\":true}"));
            for (String record : records(f)) {
                assertThat(f.direct().hgetAll(record).toString()).as("a record holds no token in clear")
                        .doesNotContain(token).doesNotContain("ann").doesNotContain("join-1");
            }

            Raw guessed = post(f, "127.0.0.1", "/games/" + game + "/guesses", "guess-1", "{\"guess\":\"" + guess(f, game) + "\"}", bearer(token));
            assertThat(guessed.status()).isEqualTo(202);
            assertThat(guessed.header("Location")).isEqualTo("/games/" + game + "/guesses/" + guessed.json().get("guessId").asText());
            String body = "{\"guess\":\"" + guess(f, game) + "\"}"; // what the first sent: the keyboard's first six, in order
            assertReplayed(f, guessed, () -> post(f, "127.0.0.1", "/games/" + game + "/guesses", "guess-1", body, bearer(token)));
            assertThat(xlen(f, game, Channels.GUESSES)).as("guesses appended").isEqualTo(1);

            // and without a key, as ever: each request writes
            assertThat(post(f, "127.0.0.1", "/games/" + game + "/guesses", null, body, bearer(token)).status()).isEqualTo(202);
            assertThat(post(f, "127.0.0.1", "/games/" + game + "/guesses", null, body, bearer(token)).header("Idempotent-Replayed")).isNull();
            assertThat(xlen(f, game, Channels.GUESSES)).isEqualTo(3);
        }
    }

    /** A guess the game takes: the keyboard's first six emojis. */
    static String guess(AppFixture f, String game) {
        return f.app.useCases().games().game(game).keyboard().keys().take(6).map(Object::toString).mkString();
    }

    @Test
    void theSameKeyWithAnotherBodyOrPathIsA422NamingTheHeader() {
        try (AppFixture f = fixture(RedisClient.JEDIS)) {
            Raw first = post(f, "/rooms", "k", "{\"room\":\"one\"}");
            assertThat(first.status()).isEqualTo(201);
            Raw other = post(f, "/rooms", "k", "{\"room\":\"two\"}");
            assertThat(other.status()).isEqualTo(422);
            assertThat(other.json().get("field").asText()).isEqualTo("Idempotency-Key");
            assertThat(other.header("Idempotent-Replayed")).isNull();
            assertThat(post(f, "/rooms", "k", "{\"room\":\"one\"}").header("Idempotent-Replayed")).as("the first is still answered").isEqualTo("true");
            assertThat(xlen(f, first.json().get("game").asText(), Channels.ROOM_OPENED)).isEqualTo(1);
        }
    }

    static Stream<byte[]> badKeys() {
        return Stream.of(new byte[0], "k".repeat(256).getBytes(StandardCharsets.US_ASCII), "clé".getBytes(StandardCharsets.UTF_8),
                "clé".getBytes(StandardCharsets.ISO_8859_1), "a\u0001b".getBytes(StandardCharsets.US_ASCII),
                "a\tb".getBytes(StandardCharsets.US_ASCII), "a b".getBytes(StandardCharsets.US_ASCII), new byte[] {'a', 0x7f});
    }

    @ParameterizedTest
    @MethodSource("badKeys")
    void aKeyThatIsNotOneTo255VisibleAsciiCharactersIsA400ThatReachesNoRedis(byte[] key) {
        try (AppFixture f = fixture(RedisClient.JEDIS)) {
            String game = f.post("/rooms", Map.of("room", "bad-keys")).json().get("game").asText();
            String token = f.join(game, "ann");
            long before = changes(f);
            for (String path : List.of("/rooms", "/games/" + game + "/players", "/games/" + game + "/guesses")) {
                Raw r = send(f, "127.0.0.1", "POST", path, Map.of(IdempotencyKey.HEADER, key, "Authorization",
                        ("Bearer " + token).getBytes(StandardCharsets.US_ASCII)), "{\"room\":\"r\",\"name\":\"bob\",\"guess\":\"" + guess(f, game) + "\"}");
                assertThat(r.status()).as("%s with key %s: %s", path, new String(key, StandardCharsets.ISO_8859_1), r.body()).isEqualTo(400);
                if (r.json().get("field") == null) {
                    // a control character other than a tab is refused by Jetty's parser, as in any header, before the app reads it
                    assertThat(r.json().get("error").asText()).as(r.body()).startsWith("Illegal character CNTL");
                } else {
                    assertThat(r.json().get("field").asText()).isEqualTo("Idempotency-Key");
                }
            }
            assertThat(changes(f)).as("writes").isEqualTo(before);
            assertThat(records(f)).isEmpty();
        }
    }

    @Test
    void aBadGameIdWithAKeyIsA400BeforeAnyRecord() {
        try (AppFixture f = fixture(RedisClient.JEDIS)) {
            long before = changes(f);
            Raw r = post(f, "/games/bad.id/players", "k", "{\"name\":\"ann\"}");
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.json().get("field").asText()).isEqualTo("game");
            assertThat(changes(f)).isEqualTo(before);
            assertThat(records(f)).isEmpty();
        }
    }

    @Test
    void aKeySentTwiceIsA400() {
        try (AppFixture f = fixture(RedisClient.JEDIS)) {
            URI u = URI.create(f.server.url());
            try (Socket sock = new Socket(u.getHost(), u.getPort())) {
                sock.getOutputStream().write(("POST /rooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
                        + "Idempotency-Key: a\r\nIdempotency-Key: b\r\nContent-Length: 2\r\n\r\n{}").getBytes(StandardCharsets.US_ASCII));
                Raw r = read(sock.getInputStream());
                assertThat(r.status()).isEqualTo(400);
                assertThat(r.json().get("field").asText()).isEqualTo("Idempotency-Key");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            assertThat(records(f)).isEmpty();
        }
    }

    @Test
    void aKeyWhoseFirstRequestIsInFlightIsA409AndItsRecordLivesItsLeaseOnly() {
        try (AppFixture f = fixture(RedisClient.JEDIS)) {
            String body = "{\"room\":\"flight\"}";
            // what the first request holds while it runs: the key, reserved under its scope and fingerprint
            Idempotency.Request request = new Idempotency.Request(new IdempotencyKey("slow"), Idempotency.Scope.address("127.0.0.1"),
                    Option.none(), Idempotency.fingerprint("POST", "/rooms", body.getBytes(StandardCharsets.UTF_8)));
            IdempotentRequests.Begun first = f.app.useCases().idempotency().begin(request);
            assertThat(first.fresh()).isTrue();
            String record = records(f).iterator().next();
            assertThat(f.direct().pttl(record)).as("a held key's record lives its lease").isPositive()
                    .isLessThanOrEqualTo(Idempotency.LEASE.toMillis());

            Raw retry = post(f, "/rooms", "slow", body);
            assertThat(retry.status()).isEqualTo(409);
            assertThat(retry.json().get("field").asText()).isEqualTo("Idempotency-Key");
            assertThat(retry.header("Retry-After")).isEqualTo("1");
            assertThat(post(f, "/rooms", "slow", "{\"room\":\"other\"}").status()).as("another body, while it runs").isEqualTo(422);

            first.release(); // the first failed having written nothing: a retry runs
            Raw ran = post(f, "/rooms", "slow", body);
            assertThat(ran.status()).isEqualTo(201);
            assertThat(ran.header("Idempotent-Replayed")).isNull();
        }
    }

    @Test
    void anAnswerIsKept24HoursAndAfterItsRecordExpiresTheKeyIsNew() {
        try (AppFixture f = fixture(RedisClient.LETTUCE)) {
            Raw first = post(f, "/rooms", "day", "{}");
            String record = records(f).iterator().next();
            assertThat(record).startsWith("emq:{cm}:idempotency:");
            long ttl = f.direct().pttl(record);
            assertThat(ttl).as("the answer's record TTL").isGreaterThan(Idempotency.KEPT.minusMinutes(1).toMillis())
                    .isLessThanOrEqualTo(Idempotency.KEPT.toMillis());
            assertThat(post(f, "/rooms", "day", "{}").body()).isEqualTo(first.body());

            f.direct().pexpire(record, 1); // as 24 h later
            AppFixture.await("the record expired", () -> !f.direct().exists(record));
            Raw later = post(f, "/rooms", "day", "{}");
            assertThat(later.status()).isEqualTo(201);
            assertThat(later.header("Idempotent-Replayed")).isNull();
            assertThat(later.json().get("game").asText()).as("a game of its own").isNotEqualTo(first.json().get("game").asText());
        }
    }

    @Test
    void theSameKeyInAnotherScopeIsAnotherRequest() {
        try (AppFixture f = fixture(RedisClient.JEDIS)) {
            // rooms: per client address
            Raw a = post(f, "127.0.0.1", "/rooms", "same", "{}", Map.of());
            Raw b = post(f, "127.0.0.2", "/rooms", "same", "{}", Map.of());
            assertThat(b.status()).isEqualTo(201);
            assertThat(b.header("Idempotent-Replayed")).isNull();
            assertThat(b.json().get("game").asText()).isNotEqualTo(a.json().get("game").asText());
            String game = a.json().get("game").asText();
            String other = b.json().get("game").asText();

            // joins: per address in a game
            Raw ann = post(f, "127.0.0.1", "/games/" + game + "/players", "same", "{\"name\":\"ann\"}", Map.of());
            Raw bea = post(f, "127.0.0.2", "/games/" + game + "/players", "same", "{\"name\":\"ann\"}", Map.of());
            assertThat(bea.status()).as("the name is taken: the second address's join ran").isEqualTo(409);
            assertThat(post(f, "127.0.0.1", "/games/" + other + "/players", "same", "{\"name\":\"ann\"}", Map.of()).status())
                    .as("the same address in another game").isEqualTo(201);

            // guesses: per session
            String annToken = ann.json().get("token").asText();
            String beaToken = post(f, "127.0.0.1", "/games/" + game + "/players", "bea", "{\"name\":\"bea\"}", Map.of()).json().get("token").asText();
            String body = "{\"guess\":\"" + guess(f, game) + "\"}";
            Raw g1 = post(f, "127.0.0.1", "/games/" + game + "/guesses", "same", body, bearer(annToken));
            Raw g2 = post(f, "127.0.0.1", "/games/" + game + "/guesses", "same", body, bearer(beaToken));
            assertThat(g2.status()).isEqualTo(202);
            assertThat(g2.header("Idempotent-Replayed")).isNull();
            assertThat(g2.json().get("guessId").asText()).isNotEqualTo(g1.json().get("guessId").asText());
            assertThat(post(f, "127.0.0.2", "/games/" + game + "/guesses", "same", body, bearer(annToken)).header("Idempotent-Replayed"))
                    .as("the session's key, from any address").isEqualTo("true");
            assertThat(xlen(f, game, Channels.GUESSES)).isEqualTo(2);
            assertThat(records(f)).as("every guess record in its game's slot").allMatch(k -> k.startsWith("emq:{cm}:idempotency:"));
        }
    }

    @ParameterizedTest
    @EnumSource(RedisClient.class)
    void manyAtOnceWithOneKeyWriteOnce(RedisClient client) throws Exception {
        int n = 8;
        try (AppFixture f = fixture(client)) {
            String game = f.post("/rooms", Map.of("room", "crowd")).json().get("game").asText();
            String token = f.join(game, "ann");
            String body = "{\"guess\":\"" + guess(f, game) + "\"}";
            ExecutorService pool = Executors.newFixedThreadPool(n);
            try {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Raw>> answers = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    answers.add(pool.submit(() -> {
                        go.await();
                        return post(f, "127.0.0.1", "/games/" + game + "/guesses", "crowd", body, bearer(token));
                    }));
                }
                go.countDown();
                Set<String> ids = new java.util.HashSet<>();
                int ran = 0;
                for (Future<Raw> a : answers) {
                    Raw r = a.get();
                    assertThat(r.status()).as(r.body()).isIn(202, 409);
                    if (r.status() == 202) {
                        ids.add(r.json().get("guessId").asText());
                        ran += r.header("Idempotent-Replayed") == null ? 1 : 0;
                    } else {
                        assertThat(r.json().get("field").asText()).isEqualTo("Idempotency-Key");
                    }
                }
                assertThat(ran).as("requests that ran").isEqualTo(1);
                assertThat(ids).as("guess ids answered").hasSize(1);
                assertThat(xlen(f, game, Channels.GUESSES)).as("guesses appended").isEqualTo(1);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(WriteRefusalAppTest.Fault.class)
    void aWriteRefusedWholeLetsItsKeyGoAndARetryRuns(WriteRefusalAppTest.Fault fault) {
        RedisServerProcess redis = TestRedis.privateServer("--save", "");
        try (AppFixture f = new AppFixture(redis.uri(), redis::stop, Settings.defaults(), RateLimiter.unlimited(),
                codemojex.app.worker.ScoreFaults.NONE, false)) {
            fault.inject(redis);
            Raw refused;
            try {
                refused = post(f, "/rooms", "refused", "{}");
            } finally {
                fault.clear(redis);
            }
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(records(f)).as("no key held after a refusal").isEmpty();
            Raw retry = post(f, "/rooms", "refused", "{}");
            assertThat(retry.status()).isEqualTo(201);
            assertThat(retry.header("Idempotent-Replayed")).isNull();
        }
    }
}
