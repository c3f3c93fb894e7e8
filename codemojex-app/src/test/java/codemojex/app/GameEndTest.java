package codemojex.app;

import codemojex.app.core.EndedGame;
import codemojex.app.core.GameKeeping;
import codemojex.app.core.GoneException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.service.LiveService;
import codemojex.app.http.RateLimiter;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.testkit.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every key has an end (#48): once {@code --keep} has passed since a game's last guess, a pass of
 * {@code serve --keep} leaves one record of it, at most 1 KB ({@code MEMORY USAGE}), and nothing per
 * guess; an open game is closed first (its event stream says so); a read of its live state answers
 * 410, its board and result are answered from the record, a game never seen stays 404, and a game
 * with a recent guess keeps all it had.
 */
class GameEndTest {

    static final Duration KEEP = Duration.ofHours(1);

    @Test
    void aGameIdleForKeepLeavesOnlyItsRecordAndAnOpenOneIsClosedFirst() throws Exception {
        MovableClock clock = new MovableClock();
        java.time.Instant start = clock.instant();
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).build(), RateLimiter.unlimited())) {
            String cracked = open(f);
            String idle = open(f);
            String empty = open(f);
            Code secret = f.secret(cracked);
            Code idleSecret = f.secret(idle);
            String wrong = f.app.useCases().games().game(idle).keyboard().keys().filter(e -> f.secret(idle).indexOf(e) != 0).take(6).mkString();
            for (String player : List.of("ada", "bob", "cyd")) {
                f.awaitScore(idle, f.guessId(idle, player, wrong));
                f.awaitScore(cracked, f.guessId(cracked, player, rotated(secret)));
            }
            f.awaitScore(cracked, f.guessId(cracked, "ada", secret.text()));
            List<String> boardBefore = List.copyOf(f.get("/games/" + cracked + "/board").json().findValuesAsText("player"));
            assertThat(keysOf(f, cracked)).as("a cracked game's state").hasSizeGreaterThan(6);

            // someone watches the idle game: its event stream says when it is closed
            LinkedBlockingQueue<codemojex.app.core.port.in.WatchGameUseCase.GameView> views = new LinkedBlockingQueue<>();
            AutoCloseable watching = f.server.live().watchGame(idle, u -> views.add(u.value()));

            clock.advance(KEEP.minusMinutes(10));
            String recent = open(f);
            f.awaitScore(recent, f.guessId(recent, "dee", f.app.useCases().games().game(recent).keyboard().keys().take(6).mkString()));
            Set<String> recentKeys = keysOf(f, recent);
            clock.advance(Duration.ofMinutes(10).plusMillis(1));

            KeepPass.Report report = f.app.keepPass(KEEP, Duration.ofMinutes(10), r -> { }).runOnce();

            assertThat(report.ended()).containsExactlyInAnyOrder(new GameKeeping.End.Remove(cracked), new GameKeeping.End.Close(idle),
                    new GameKeeping.End.Close(empty));
            for (String game : List.of(cracked, idle, empty)) {
                assertThat(keysOf(f, game)).as("keys named for %s", game).isEmpty();
                assertThat(f.direct().zscore("emq:{cm}:games", game)).as("%s in the games set", game).isNull();
            }
            // what is left: a field each in the one hash of records, at most 1 KB each
            assertThat(f.direct().hkeys("emq:{cm}:ended")).containsExactlyInAnyOrder(cracked, idle, empty);
            long records = f.direct().memoryUsage("emq:{cm}:ended");
            System.out.println("[keep] MEMORY USAGE of the records of three ended games: " + records + " B");
            assertThat(records).as("MEMORY USAGE of the records of three games").isLessThanOrEqualTo(3 * 1024L);
            assertThat(keysOf(f, recent)).as("a game with a guess less than --keep ago").isEqualTo(recentKeys);

            // the closing, on game-closed and on the watched game's stream
            List<StreamEntry> closed = f.app.redis().range().rangeFrom(StreamKey.of("cm", Channels.GAME_CLOSED), StreamId.MIN, 10);
            assertThat(closed).extracting(e -> GameEvent.GameClosed.decode(e).game()).containsExactlyInAnyOrder(idle, empty);
            assertThat(GameEvent.GameClosed.decode(closed.get(0)).reason()).isEqualTo(GameEvent.GameClosed.IDLE);
            codemojex.app.core.port.in.WatchGameUseCase.GameView last = null;
            for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); System.nanoTime() < deadline; ) {
                codemojex.app.core.port.in.WatchGameUseCase.GameView v = views.poll(100, TimeUnit.MILLISECONDS);
                if (v != null && (last = v).status().equals("closed")) {
                    break;
                }
            }
            watching.close();
            assertThat(last).isNotNull();
            assertThat(last.status()).as("the watched game's last event").isEqualTo("closed");
            assertThat(last.secret()).as("the secret of a game over").contains(idleSecret);

            // 410 for its live state, naming the game; 404 for a game never seen
            for (String path : List.of("/games/" + cracked, "/games/" + idle, "/games/" + idle + "/guesses")) {
                AppFixture.Response r = f.send("GET", path, null, f.as(idle, "ada")); // a session the game had
                assertThat(r.status()).as("GET %s", path).isEqualTo(410);
                assertThat(r.json().get("field").asText()).isEqualTo("game");
                assertThat(r.json().get("error").asText()).contains(path.split("/")[2]);
            }
            assertThat(f.post("/games/" + idle + "/players", Map.of("name", "eve")).status()).as("joining").isEqualTo(410);
            assertThat(f.send("POST", "/games/" + cracked + "/guesses", "{\"guess\":\"" + secret.text() + "\"}", f.as(cracked, "ada")).status())
                    .as("a guess with a session of the game").isEqualTo(410);
            for (String path : List.of("/games/" + idle + "/events", "/events?game=" + idle)) {
                AppFixture.Response r = f.send("GET", path, null, Map.of("Accept", "text/event-stream"));
                assertThat(r.status()).as("GET %s", path).isEqualTo(410);
            }
            assertThat(f.get("/games/GAM0000000000z").status()).as("a game never seen").isEqualTo(404);
            assertThatThrownBy(() -> f.app.useCases().games().game(empty)).isInstanceOf(GoneException.class);
            assertThatThrownBy(() -> f.app.useCases().games().game("GAM0000000000z")).isInstanceOf(NotFoundException.class)
                    .isNotInstanceOf(GoneException.class);

            // its board and result, from the record
            assertThat(f.get("/games/" + cracked + "/board").json().findValuesAsText("player")).isEqualTo(boardBefore);
            EndedGame record = f.app.useCases().games().ended(cracked).get();
            assertThat(record.closed()).isFalse();
            assertThat(record.winner()).contains("ada");
            assertThat(record.secret()).isEqualTo(secret);
            assertThat(record.guesses()).isEqualTo(4);
            assertThat(record.top()).hasSize(3);
            assertThat(record.top().get(0).best()).isEqualTo(600);
            EndedGame closedRecord = f.app.useCases().games().ended(idle).get();
            assertThat(closedRecord.closed()).isTrue();
            assertThat(closedRecord.winner()).isEmpty();
            assertThat(closedRecord.guesses()).isEqualTo(3);

            // the boards checkpoint saved next holds no board of theirs, and then nothing remembers them
            assertThat(f.direct().zcard("emq:{cm}:ended-games")).isEqualTo(3);
            f.awaitScore(recent, f.guessId(recent, "dee", f.app.useCases().games().game(recent).keyboard().keys().drop(1).take(6).mkString()));
            assertThat(f.app.useCases().rebuilds().checkpointBoards()).allSatisfy(r -> assertThat(r.saved()).isTrue());
            String boards = String.join("|", f.direct().hgetAll("emq:{cm}:checkpoint:guess-scored:boards+tally:0-0..+").values());
            assertThat(boards).contains(recent).doesNotContain(cracked).doesNotContain(idle);
            assertThat(f.direct().exists("emq:{cm}:ended-games")).isFalse();
            assertThat(f.app.useCases().rebuilds().rebuildBoard(recent).equal()).isTrue();

            // a window reaching past what retention kept says from when it holds everything; one within it does not
            assertThat(f.app.useCases().trims().trim(Duration.ofMinutes(30), true).get(Channels.GUESS_SCORED).removed()).isPositive();
            for (String path : List.of("/feed?since=6h", "/feed/series?since=6h&bucket=1h")) {
                AppFixture.Response r = f.get(path);
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.json().path("keptFrom").asText()).as("keptFrom of %s", path).isNotEmpty();
                StreamEntry oldest = f.app.redis().range().rangeFrom(StreamKey.of("cm", Channels.GUESS_SCORED), StreamId.MIN, 1).get(0);
                assertThat(java.time.Instant.parse(r.json().get("keptFrom").asText())).as("the oldest entry kept")
                        .isEqualTo(java.time.Instant.ofEpochMilli(oldest.id().ms()));
            }
            assertThat(f.get("/feed?since=5m").json().has("keptFrom")).as("a window after the oldest entry kept").isFalse();
            // the cracked game's day (its game-settled entry trimmed, the stream empty since) and the openings since before it
            String day = java.time.LocalDate.ofInstant(start, java.time.ZoneOffset.UTC).toString();
            AppFixture.Response results = f.get("/results?day=" + day);
            assertThat(results.json().path("keptFrom").asText()).as("results of %s", day).isNotEmpty();
            assertThat(results.json().get("results")).isEmpty();
            String from = start.minus(Duration.ofHours(1)).toString();
            for (String path : List.of("/rooms/openings?from=" + from, "/rooms/openings/series?from=" + from + "&bucket=1d")) {
                assertThat(f.get(path).json().path("keptFrom").asText()).as("keptFrom of %s", path).isNotEmpty();
            }
            assertThat(f.get("/rooms/openings?from=" + clock.instant().minus(Duration.ofMinutes(5))).json().has("keptFrom")).isFalse();

            // a second pass has nothing left to end
            assertThat(f.app.keepPass(KEEP, Duration.ofMinutes(10), r -> { }).runOnce().ended()).isEmpty();
        }
    }

    @Test
    void overThreePartitionsEachGameEndsInItsOwnSlot() {
        MovableClock clock = new MovableClock();
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).partitions(3).build(), RateLimiter.unlimited())) {
            java.util.Map<Integer, String> byPartition = new java.util.TreeMap<>();
            while (byPartition.size() < 3) {
                String game = open(f);
                byPartition.putIfAbsent(f.app.partitions().of(game), game);
            }
            for (String game : byPartition.values()) {
                f.awaitScore(game, f.guessId(game, "ada", f.app.useCases().games().game(game).keyboard().keys().take(6).mkString()));
            }
            clock.advance(KEEP.plusMillis(1));

            KeepPass.Report report = f.app.keepPass(KEEP, Duration.ofMinutes(10), r -> { }).runOnce();

            assertThat(report.ended()).extracting(GameKeeping.End::game).containsAll(byPartition.values());
            byPartition.forEach((p, game) -> {
                String tag = "emq:{" + f.app.partitions().queue(p) + "}:";
                assertThat(keysOf(f, game)).as("keys named for %s", game).isEmpty();
                assertThat(f.direct().hexists(tag + "ended", game)).as("the record of %s in partition %s", game, p).isTrue();
                assertThat(f.app.redis().range().rangeFrom(StreamKey.of(f.app.partitions().queue(p), Channels.GAME_CLOSED), StreamId.MIN, 10))
                        .extracting(e -> GameEvent.GameClosed.decode(e).game()).contains(game);
                assertThat(f.get("/games/" + game).status()).isEqualTo(410);
            });
        }
    }

    private static String open(AppFixture f) {
        return f.post("/rooms", Map.of("room", "keep")).json().get("game").asText();
    }

    /** The secret moved one place: six distinct emojis of the keyboard that do not crack it. */
    private static String rotated(Code secret) {
        return secret.emojis().drop(1).append(secret.emojis().head()).mkString();
    }

    /** Every key of the app's Redis that names {@code game}. */
    private static Set<String> keysOf(AppFixture f, String game) {
        return new TreeSet<>(f.direct().keys("*" + game + "*"));
    }
}
