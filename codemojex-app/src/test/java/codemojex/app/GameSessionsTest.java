package codemojex.app;

import codemojex.app.http.RateLimiter;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent;
import com.fasterxml.jackson.databind.JsonNode;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.testkit.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /games/{game}/sessions?gap=}: each player's bursts of guesses in one game, against a
 * brute force over the game's scored entries, on a clock the test moves (so guesses are minutes
 * apart without waiting); {@code open} flips when the clock passes a session's last guess by the gap;
 * bad gaps are a 400 naming {@code gap}, an unknown game a 404, a removed one a 410.
 */
class GameSessionsTest {

    static final long SEED = Long.getLong("sessions.seed", System.nanoTime());

    /** What a session is, brute force: the game's entries of one player, cut where two are a whole gap apart. */
    record Expected(String playerId, String player, Instant from, Instant to, long guesses, int best, boolean open) {
    }

    static List<Expected> bruteForce(List<StreamEntry> entries, String game, Duration gap, Instant now) {
        Map<String, List<StreamEntry>> byPlayer = new TreeMap<>();
        for (StreamEntry e : entries) {
            GameEvent.GuessScored s = GameEvent.GuessScored.decode(e);
            if (s.game().equals(game)) {
                byPlayer.computeIfAbsent(s.playerId(), k -> new ArrayList<>()).add(e);
            }
        }
        List<Expected> out = new ArrayList<>();
        for (Map.Entry<String, List<StreamEntry>> p : byPlayer.entrySet()) {
            List<StreamEntry> es = new ArrayList<>(p.getValue());
            es.sort(Comparator.comparing(StreamEntry::id));
            List<StreamEntry> run = new ArrayList<>();
            for (StreamEntry e : es) {
                if (!run.isEmpty() && e.id().ms() - run.get(run.size() - 1).id().ms() >= gap.toMillis()) {
                    out.add(session(p.getKey(), run, gap, now));
                    run = new ArrayList<>();
                }
                run.add(e);
            }
            out.add(session(p.getKey(), run, gap, now));
        }
        out.sort(Comparator.comparing(Expected::from).thenComparing(Expected::playerId));
        return out;
    }

    static Expected session(String playerId, List<StreamEntry> run, Duration gap, Instant now) {
        Instant from = Instant.ofEpochMilli(run.get(0).id().ms());
        Instant to = Instant.ofEpochMilli(run.get(run.size() - 1).id().ms());
        int best = run.stream().mapToInt(e -> GameEvent.GuessScored.decode(e).total()).max().getAsInt();
        String player = GameEvent.GuessScored.decode(run.get(run.size() - 1)).player();
        return new Expected(playerId, player, from, to, run.size(), best, now.isBefore(to.plus(gap)));
    }

    static List<Expected> answered(AppFixture f, String game, String gap) {
        AppFixture.Response r = f.get("/games/" + game + "/sessions?gap=" + gap);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().get("game").asText()).isEqualTo(game);
        assertThat(r.json().get("gap").asText()).isEqualTo(gap);
        List<Expected> out = new ArrayList<>();
        for (JsonNode s : r.json().get("sessions")) {
            assertThat(WebShapesTest.shape(s)).isEqualTo("{best:n,from:s,guesses:n,open:b,player:s,playerId:s,to:s}");
            out.add(new Expected(s.get("playerId").asText(), s.get("player").asText(), Instant.parse(s.get("from").asText()),
                    Instant.parse(s.get("to").asText()), s.get("guesses").asLong(), s.get("best").asInt(), s.get("open").asBoolean()));
        }
        return out;
    }

    static List<StreamEntry> scored(AppFixture f) {
        List<StreamEntry> all = new ArrayList<>();
        for (StreamKey key : f.app.partitions().channel(Channels.GUESS_SCORED).keys()) {
            all.addAll(f.app.redis().range().rangeFrom(key, StreamId.MIN, 1_000_000));
        }
        return all;
    }

    @Test
    void eachPlayersSessionsAreThoseOfABruteForceAndOpenFlipsOnceTheClockPassesTheGap() {
        System.out.println("[sessions] seed " + SEED + " (-Dsessions.seed=" + SEED + " to run it again)");
        Random random = new Random(SEED);
        MovableClock clock = new MovableClock();
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).partitions(3).build(), RateLimiter.unlimited())) {
            String game = open(f);
            // another game of the same partition: its guesses, by the same players, are no part of this game's sessions
            String other = open(f);
            while (f.app.partitions().of(other) != f.app.partitions().of(game)) {
                other = open(f);
            }
            List<String> games = List.of(game, game, game, other);
            List<String> players = List.of("ada", "bob", "cyd");
            // below, at and above the 2-minute gap, and well below and above it
            List<Duration> steps = List.of(Duration.ZERO, Duration.ofMillis(1), Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMillis(119_999),
                    Duration.ofMinutes(2), Duration.ofMillis(120_001), Duration.ofMinutes(4));
            for (int i = 0; i < 24; i++) {
                String g = games.get(random.nextInt(games.size()));
                String p = players.get(random.nextInt(players.size()));
                f.awaitScore(g, f.guessId(g, p, someGuess(f, g, random)));
                clock.advance(steps.get(random.nextInt(steps.size())));
            }
            f.awaitScore(game, f.guessId(game, "ada", someGuess(f, game, random))); // the newest guess: ada's session is open
            List<StreamEntry> entries = scored(f);
            System.out.println("[sessions] " + answered(f, game, "2m"));
            for (String gap : List.of("2m", "1s", "1m", "5m", "1h")) {
                Duration d = codemojex.app.core.DurationFields.parse("gap", gap);
                assertThat(answered(f, game, gap)).as("gap %s, seed %s", gap, SEED)
                        .isEqualTo(bruteForce(entries, game, d, clock.instant()));
            }
            assertThat(answered(f, other, "2m")).as("the other game's, seed %s", SEED)
                    .isEqualTo(bruteForce(entries, other, Duration.ofMinutes(2), clock.instant()));
            assertThat(f.get("/games/" + game + "/sessions").json().get("gap").asText()).as("the default gap").isEqualTo("2m");

            // open until the clock passes the last guess by the gap
            Instant last = answered(f, game, "2m").stream().map(Expected::to).max(Comparator.naturalOrder()).orElseThrow();
            clock.advance(Duration.between(clock.instant(), last.plus(Duration.ofMinutes(2)).minusSeconds(1)));
            assertThat(answered(f, game, "2m").stream().filter(s -> s.to().equals(last)).map(Expected::open)).containsOnly(true);
            clock.advance(Duration.ofSeconds(1).plusMillis(1));
            assertThat(answered(f, game, "2m")).extracting(Expected::open).containsOnly(false);
            assertThat(answered(f, game, "2m")).isEqualTo(bruteForce(entries, game, Duration.ofMinutes(2), clock.instant()));
        }
    }

    @Test
    void aBadGapIsA400NamingGapAnUnknownGameA404AndARemovedOneA410() {
        MovableClock clock = new MovableClock();
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).build(), RateLimiter.unlimited())) {
            String game = open(f);
            f.awaitScore(game, f.guessId(game, "ada", rotated(f.secret(game))));
            for (String gap : List.of("0s", "999ms", "61m", "2h", "soon", "-1m", "%20", "1e3s", "99999999999d")) {
                AppFixture.Response r = f.get("/games/" + game + "/sessions?gap=" + gap);
                assertThat(r.status()).as("gap=%s: %s", gap, r.body()).isEqualTo(400);
                assertThat(r.json().get("field").asText()).isEqualTo("gap");
                if (!gap.equals("%20")) {
                    assertThat(r.json().get("error").asText()).as(gap).contains("1s").contains("1h");
                }
            }
            for (String gap : List.of("1s", "1000ms", "60m", "1h")) {
                assertThat(f.get("/games/" + game + "/sessions?gap=" + gap).status()).as(gap).isEqualTo(200);
            }
            AppFixture.Response unknown = f.get("/games/nosuchgame/sessions");
            assertThat(unknown.status()).as(unknown.body()).isEqualTo(404);

            clock.advance(GameEndTest.KEEP.plusMinutes(1));
            f.app.keepPass(GameEndTest.KEEP, Duration.ofMinutes(10), r -> { }).runOnce();
            AppFixture.Response gone = f.get("/games/" + game + "/sessions?gap=2m");
            assertThat(gone.status()).as(gone.body()).isEqualTo(410);
            assertThat(gone.json().get("field").asText()).isEqualTo("game");
        }
    }

    /** Six of the game's keys in a random order (one chance in 665,280 of cracking it: then the test would fail loudly). */
    static String someGuess(AppFixture f, String game, Random random) {
        java.util.List<String> keys = new ArrayList<>(f.app.useCases().games().game(game).keyboard().keys().map(Object::toString).toJavaList());
        java.util.Collections.shuffle(keys, random);
        return String.join("", keys.subList(0, 6));
    }

    /**
     * The {@code session} event: on the store's clock (real time here, a one-second gap), a burst of
     * guesses is pushed on its game's streams once it went quiet, with no later guess; the event is
     * the session the route answers, closed. A game with no guesses hears none.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(RedisClient.class)
    void aSessionThatWentQuietIsPushedOnItsGamesStreamsWithNoLaterGuess(RedisClient client) throws Exception {
        Random random = new Random(SEED);
        try (AppFixture f = new AppFixture(Settings.builder().client(client).sessionGap(Duration.ofSeconds(1)).build(), RateLimiter.unlimited())) {
            String game = open(f);
            String quiet = open(f);
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            try (LiveEventsTest.Stream own = new LiveEventsTest.Stream(http, f, "/games/" + game + "/events", null);
                 LiveEventsTest.Stream page = new LiveEventsTest.Stream(http, f, "/events?game=" + game, null);
                 LiveEventsTest.Stream other = new LiveEventsTest.Stream(http, f, "/games/" + quiet + "/events", null)) {
                own.until(e -> e.name().equals("game")); // watching: the first value came
                page.until(e -> e.name().equals("game"));
                other.until(e -> e.name().equals("game"));
                f.awaitScore(game, f.guessId(game, "ada", someGuess(f, game, random)));
                f.awaitScore(game, f.guessId(game, "ada", someGuess(f, game, random)));
                LiveEventsTest.Event pushed = own.until(e -> e.name().equals("session"));
                LiveEventsTest.Event onPage = page.until(e -> e.name().equals("session"));
                assertThat(onPage.data()).isEqualTo(pushed.data());
                assertThat(pushed.data().get("game").asText()).isEqualTo(game);
                assertThat(pushed.data().get("gap").asText()).isEqualTo("1s");
                JsonNode s = pushed.data().get("session");
                assertThat(s.get("open").asBoolean()).isFalse();
                // the route's sessions of the same gap, now that the clock passed it: the one pushed is among them, as it is
                List<Expected> answered = answered(f, game, "1s");
                Expected e = new Expected(s.get("playerId").asText(), s.get("player").asText(), Instant.parse(s.get("from").asText()),
                        Instant.parse(s.get("to").asText()), s.get("guesses").asLong(), s.get("best").asInt(), false);
                assertThat(answered).contains(e);
                assertThat(answered).isEqualTo(bruteForce(scored(f), game, Duration.ofSeconds(1), f.app.clock().instant()));
                assertThat(other.events.stream().map(LiveEventsTest.Event::name)).doesNotContain("session");
            }
        }
    }

    /**
     * Past the app's bounds the read is refused whole, a 422 naming the bound, never a 500 nor a cut
     * answer: 1,001 sessions (scored entries written straight to the game's stream, 2 s apart, read with
     * a 1 s gap), and a session of 25 h (entries 30 min apart, read with a 1 h gap).
     */
    @Test
    void moreSessionsThanTheMostOrOneLongerThanTheLongestIsA422NamingTheBound() {
        MovableClock clock = new MovableClock();
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).build(), RateLimiter.unlimited())) {
            String many = open(f);
            String longOne = open(f);
            long t = clock.instant().toEpochMilli() + 1000;
            scoredAt(f, many, t, codemojex.app.core.port.in.SessionsQuery.MOST + 1, Duration.ofSeconds(2));
            scoredAt(f, longOne, t + Duration.ofHours(1).toMillis(), 51, Duration.ofMinutes(30));
            clock.advance(Duration.ofHours(28));
            AppFixture.Response tooMany = f.get("/games/" + many + "/sessions?gap=1s");
            assertThat(tooMany.status()).as(tooMany.body()).isEqualTo(422);
            assertThat(tooMany.json().get("field").asText()).isEqualTo("most");
            assertThat(tooMany.json().get("error").asText()).contains("1000");
            AppFixture.Response fewer = f.get("/games/" + many + "/sessions?gap=3s"); // one session of them all
            assertThat(fewer.status()).as(fewer.body()).isEqualTo(200);
            assertThat(fewer.json().get("sessions").size()).isEqualTo(1);
            assertThat(fewer.json().get("sessions").get(0).get("guesses").asLong()).isEqualTo(codemojex.app.core.port.in.SessionsQuery.MOST + 1);
            AppFixture.Response tooLong = f.get("/games/" + longOne + "/sessions?gap=1h");
            assertThat(tooLong.status()).as(tooLong.body()).isEqualTo(422);
            assertThat(tooLong.json().get("field").asText()).isEqualTo("longest");
            assertThat(tooLong.json().get("error").asText()).contains("longest session 1d");
            assertThat(f.get("/games/" + longOne + "/sessions?gap=30m").json().get("sessions").size()).as("every entry its own session").isEqualTo(51);
        }
    }

    /** {@code n} scored guesses of ada in {@code game}, written straight to its partition's stream from {@code t0} ms, {@code every} apart. */
    static void scoredAt(AppFixture f, String game, long t0, int n, Duration every) {
        String key = f.app.partitions().channel(Channels.GUESS_SCORED).partition(f.app.partitions().of(game)).toString();
        String room = f.get("/games/" + game).json().get("room").asText();
        for (int i = 0; i < n; i++) {
            Map<String, String> fields = new GameEvent.GuessScored(game, room, TestPlayers.id("ada"), "ada", "g" + i, 100, 50, 100)
                    .fields().toJavaMap();
            f.direct().xadd(key, redis.clients.jedis.params.XAddParams.xAddParams().id((t0 + i * every.toMillis()) + "-0"), fields);
        }
    }

    static String open(AppFixture f) {
        return f.post("/rooms", Map.of("room", "sessions")).json().get("game").asText();
    }

    /** The secret moved one place: six emojis of the keyboard that do not crack it. */
    static String rotated(Code secret) {
        return secret.emojis().drop(1).append(secret.emojis().head()).mkString();
    }
}
