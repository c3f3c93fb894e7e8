package codemojex.app.redis;

import codemojex.app.core.DecidedGuess;
import codemojex.app.core.GuessResult;
import codemojex.app.core.GuessToScore;
import codemojex.app.core.ScoreResult;
import codemojex.app.core.port.out.ScoreCommit;
import codemojex.app.redis.jedis.JedisConnection;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import codemojex.projections.GuessOutcome;
import codemojex.projections.Keyboard;
import codemojex.projections.PlayerIds;
import codemojex.projections.Referee;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoListener;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.redis.RedisConnections;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The commit script against the pure decision, on a Redis of its own: for a seeded run of guesses
 * by a few players over a few games, every commit answers what {@link Referee#decide} says for the
 * best the model holds, and writes exactly those events, that best and that result.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisScoreCommitTest {

    RedisServerProcess server;
    /** The Jedis client of the scripts' own checks (SCRIPT FLUSH, SCRIPT EXISTS). */
    UnifiedJedis jedis;
    Connection redis;

    /** The app's connection under test; {@link LettuceScoreCommitTest} runs every test again through Lettuce. */
    Connection open(String uri) {
        return JedisConnection.open(uri, 8);
    }

    @BeforeAll
    void start() {
        server = TestRedis.privateServer();
        jedis = RedisConnections.connect(server.uri());
        redis = open(server.uri());
    }

    @AfterAll
    void stop() {
        redis.close();
        jedis.close();
        server.stop();
    }

    @Test
    void everyCommitIsWhatTheRefereeDecidesForTheModelsBest() {
        Random r = Seeded.random("RedisScoreCommitTest");
        Snowflake minter = new Snowflake(5, Clock.systemUTC());
        RedisGames games = new RedisGames(redis.calls());
        RedisGuessInbox inbox = new RedisGuessInbox(redis, "model");
        RedisScoreCommit commit = new RedisScoreCommit(redis.calls(), minter);
        RedisGuessResults results = new RedisGuessResults(redis.calls());
        StreamAppendPort append = redis.append(minter, EchoListener.NONE);
        inbox.ensure();
        Map<String, GameRecord> open = new HashMap<>();
        for (int g = 0; g < 3; g++) {
            Keyboard k = Keyboard.draw(r);
            GameRecord game = new GameRecord("G" + g + "x" + r.nextInt(1_000_000), "room", k, k.drawSecret(r), Instant.now(), Option.none());
            games.create(game);
            open.put(game.game(), game);
        }
        List<String> ids = List.copyOf(open.keySet());
        Map<String, Integer> bests = new HashMap<>(); // the model: game/player -> best
        int settled = 0;
        for (int i = 0; i < 300; i++) {
            GameRecord game = open.get(ids.get(r.nextInt(ids.size())));
            // six players, two names taken twice (one of them also by the data before player ids, its id derived)
            int who = r.nextInt(6);
            String player = "p" + who % 4;
            String playerId = who == 5 ? PlayerIds.ofName(player) : codemojex.app.TestPlayers.id(player + "#" + who);
            int kind = r.nextInt(40);
            // a perfect guess now and then; all misses (total 0, best possibly 0 too) often, as 0 is an edge of the best
            Code guess = kind == 0 ? game.secret()
                    : kind < 10 ? new Code(game.keyboard().keys().filter(e -> game.secret().indexOf(e) < 0).take(Code.LENGTH))
                    : new Code(Vector.range(0, Code.LENGTH).map(x -> game.keyboard().keys().get(r.nextInt(game.keyboard().keys().size()))));
            GuessSubmitted submitted = new GuessSubmitted(game.game(), game.room(), playerId, player, guess);
            BrandedId guessId = append.append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), submitted.fields());
            StreamEntry delivery = inbox.next(1, java.time.Duration.ofMillis(100)).get(0);
            assertThat(delivery.branded()).contains(guessId);

            GameRecord now = games.find(game.game()).get();
            int previous = bests.getOrDefault(game.game() + "/" + playerId, 0);
            GuessOutcome expected = Referee.decide(submitted, guessId.toString(), Option.some(now), previous);
            ScoreResult result = commitOne(commit, delivery, submitted, guessId.toString(), game); // the game as first read
            assertThat(result).as("guess %d", i).isEqualTo(new ScoreResult.Applied(expected));

            GuessResult stored = results.find(game.game(), guessId.toString()).get();
            if (expected instanceof GuessOutcome.Rejected) {
                assertThat(stored).isEqualTo(new GuessResult.Rejected(guessId.toString(), game.game(), playerId, player, Referee.SETTLED));
                continue;
            }
            GuessScored scored = (GuessScored) expected.events().head();
            bests.put(game.game() + "/" + playerId, scored.best());
            assertThat(stored).isEqualTo(new GuessResult.Scored(guessId.toString(), game.game(), playerId, player,
                    codemojex.projections.Scoring.score(game.secret(), guess), scored.best()));
            List<StreamEntry> log = redis.range().rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED),
                    StreamId.MIN, 100_000);
            assertThat(GuessScored.decode(log.get(log.size() - 1))).isEqualTo(scored);
            assertThat(new RedisBoard(redis.calls()).top(game.game(), 1000)).anySatisfy(place -> {
                assertThat(place.playerId()).isEqualTo(playerId);
                assertThat(place.player()).isEqualTo(player);
                assertThat(place.best()).isEqualTo(scored.best());
            });
            if (expected instanceof GuessOutcome.ScoredAndSettled s) {
                settled++;
                List<StreamEntry> settles = redis.range().rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GAME_SETTLED),
                        StreamId.MIN, 100);
                assertThat(GameSettled.decode(settles.get(settles.size() - 1))).isEqualTo(s.settled());
                assertThat(games.find(game.game()).get().winner()).contains(player);
            }
            // a redelivery is only acknowledged
            assertThat(commitOne(commit, delivery, submitted, guessId.toString(), game)).isEqualTo(new ScoreResult.AlreadyScored(guessId.toString()));
        }
        assertThat(inbox.pendingCount()).isZero();
        System.out.println("[model] " + settled + " game(s) settled in the run");
    }

    /**
     * A worker whose clock runs hours ahead of Redis's commits nothing (#30): the batch is refused
     * before the script runs (no guess-scored entry, no board, no result), and the same guess is
     * scored once when the clock is right again.
     */
    @Test
    void aWorkerClockHoursAheadCommitsNothingUntilItIsRight() {
        java.util.concurrent.atomic.AtomicLong offset = new java.util.concurrent.atomic.AtomicLong();
        Snowflake minter = new Snowflake(6, () -> System.currentTimeMillis() + offset.get());
        RedisGames games = new RedisGames(redis.calls());
        RedisGuessInbox inbox = new RedisGuessInbox(redis, "clock-ahead");
        RedisScoreCommit commit = new RedisScoreCommit(redis.calls(), minter)
                .guardedBy(new echomq.wire.ClockGuard(redis.serverClock(), echomq.domain.stream.ClockBound.DEFAULT, System::nanoTime));
        StreamAppendPort append = redis.append(new Snowflake(7, Clock.systemUTC()), EchoListener.NONE);
        inbox.ensure();
        Keyboard k = Keyboard.draw(new Random(3));
        GameRecord game = new GameRecord("CLK" + System.nanoTime(), "room", k, k.drawSecret(new Random(4)), Instant.now(), Option.none());
        games.create(game);
        GuessSubmitted submitted = new GuessSubmitted(game.game(), game.room(), codemojex.app.TestPlayers.id("ada"), "ada",
                new Code(k.keys().take(Code.LENGTH)));
        BrandedId guessId = append.append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), submitted.fields());
        StreamEntry delivery = inbox.next(1, java.time.Duration.ofMillis(100)).get(0);
        long scoredBefore = redis.states().state(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED)).flatMap(st -> st.entriesAdded()).getOrElse(0L);

        offset.set(java.time.Duration.ofHours(2).toMillis());
        assertThatThrownBy(() -> commitOne(commit, delivery, submitted, guessId.toString(), game))
                .isInstanceOf(echomq.domain.stream.StreamStoreException.ClockAhead.class)
                .hasMessageContaining("ahead of the store's");
        assertThat(redis.states().state(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED)).flatMap(st -> st.entriesAdded()).getOrElse(0L))
                .as("no guess-scored entry").isEqualTo(scoredBefore);
        assertThat(new RedisBoard(redis.calls()).top(game.game(), 10)).as("no board").isEmpty();

        offset.set(0);
        assertThat(commitOne(commit, delivery, submitted, guessId.toString(), game)).isInstanceOf(ScoreResult.Applied.class);
        assertThat(commitOne(commit, delivery, submitted, guessId.toString(), game)).isInstanceOf(ScoreResult.AlreadyScored.class);
    }

    /**
     * A batch commit is the same as committing its guesses one after the other: random batches of
     * 1..25 guesses (repeats of a guess inside a batch included, and perfect guesses that settle a
     * game other guesses of the same batch then find settled) against the Referee model, in order.
     */
    @Test
    void aBatchCommitsAsTheGuessesOneAfterTheOther() {
        Random r = Seeded.random("RedisScoreCommitTest.batches");
        Snowflake minter = new Snowflake(9, Clock.systemUTC());
        RedisGames games = new RedisGames(redis.calls());
        RedisGuessInbox inbox = new RedisGuessInbox(redis, "batches");
        RedisScoreCommit commit = new RedisScoreCommit(redis.calls(), minter);
        StreamAppendPort append = redis.append(minter, EchoListener.NONE);
        inbox.ensure();
        List<GameRecord> all = new java.util.ArrayList<>();
        for (int g = 0; g < 4; g++) {
            Keyboard k = Keyboard.draw(r);
            GameRecord game = new GameRecord("B" + g + "x" + r.nextInt(1_000_000), "room", k, k.drawSecret(r), Instant.now(), Option.none());
            games.create(game);
            all.add(game);
        }
        Map<String, Integer> bests = new HashMap<>();
        java.util.Set<String> settledGames = new java.util.HashSet<>();
        java.util.Set<String> committed = new java.util.HashSet<>();
        int batches = 0;
        for (int done = 0; done < 300; batches++) {
            int size = 1 + r.nextInt(25);
            List<GuessToScore> batch = new java.util.ArrayList<>();
            for (int i = 0; i < size; i++) {
                GameRecord game = all.get(r.nextInt(all.size()));
                Code guess = r.nextInt(30) == 0 ? game.secret()
                        : new Code(Vector.range(0, Code.LENGTH).map(x -> game.keyboard().keys().get(r.nextInt(game.keyboard().keys().size()))));
                int who = r.nextInt(4);
                String player = "p" + who % 3; // p0 is two players
                GuessSubmitted submitted = new GuessSubmitted(game.game(), game.room(), codemojex.app.TestPlayers.id(player + "#" + who), player, guess);
                BrandedId id = append.append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), submitted.fields());
                StreamEntry delivery = inbox.next(1, java.time.Duration.ofMillis(100)).get(0);
                batch.add(new GuessToScore(delivery, submitted, id.toString(), game));
                if (r.nextInt(10) == 0) {
                    batch.add(batch.get(r.nextInt(batch.size()))); // a redelivery in the same batch
                }
            }
            List<ScoreResult> results = commit.commitAll(decided(batch));
            assertThat(results).hasSize(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                GuessToScore c = batch.get(i);
                ScoreResult expected;
                if (!committed.add(c.guessId())) {
                    expected = new ScoreResult.AlreadyScored(c.guessId());
                } else {
                    GameRecord now = settledGames.contains(c.game().game())
                            ? new GameRecord(c.game().game(), c.game().room(), c.game().keyboard(), c.game().secret(), c.game().openedAt(),
                            Option.some("someone")) : c.game();
                    GuessOutcome outcome = Referee.decide(c.guess(), c.guessId(), Option.some(now),
                            bests.getOrDefault(c.game().game() + "/" + c.guess().playerId(), 0));
                    expected = new ScoreResult.Applied(outcome instanceof GuessOutcome.Rejected
                            ? new GuessOutcome.Rejected(c.guessId(), c.game().game(), c.guess().playerId(), c.guess().player(), Referee.SETTLED) : outcome);
                    if (!(outcome instanceof GuessOutcome.Rejected)) {
                        bests.put(c.game().game() + "/" + c.guess().playerId(), ((GuessScored) outcome.events().head()).best());
                    }
                    if (outcome instanceof GuessOutcome.ScoredAndSettled) {
                        settledGames.add(c.game().game());
                    }
                    done++;
                }
                assertThat(results.get(i)).as("batch %d, guess %d", batches, i).isEqualTo(expected);
            }
        }
        assertThat(inbox.pendingCount()).isZero();
        System.out.println("[model] " + batches + " batches, " + settledGames.size() + " game(s) settled");
    }

    @Test
    void aBestOfZeroStaysZeroThroughMoreMisses() {
        Snowflake minter = new Snowflake(6, Clock.systemUTC());
        Keyboard k = Keyboard.standard();
        GameRecord game = new GameRecord("Gzero" + System.nanoTime(), "room", k, new Code(k.keys().take(6)), Instant.now(), Option.none());
        new RedisGames(redis.calls()).create(game);
        RedisGuessInbox inbox = new RedisGuessInbox(redis, "zero");
        inbox.ensure();
        GuessSubmitted miss = new GuessSubmitted(game.game(), "room", codemojex.app.TestPlayers.id("ada"), "ada", new Code(k.keys().drop(6).take(6)));
        for (int i = 0; i < 3; i++) {
            BrandedId id = redis.append(minter, EchoListener.NONE).append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), miss.fields());
            StreamEntry delivery = inbox.next(1, java.time.Duration.ofMillis(100)).get(0);
            assertThat(commitOne(new RedisScoreCommit(redis.calls(), minter), delivery, miss, id.toString(), game))
                    .isEqualTo(new ScoreResult.Applied(Referee.decide(miss, id.toString(), Option.some(game), 0)));
            List<StreamEntry> log = redis.range().rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED),
                    StreamId.MIN, 100_000);
            assertThat(log.get(log.size() - 1).field("best")).contains("0"); // never "-0"
            assertThat(GuessScored.decode(log.get(log.size() - 1)).best()).isZero();
        }
    }

    /**
     * A guess committed after its game was ended by {@code serve --keep} (#48: its hash gone, the
     * worker still holding the game as it read it) is only acknowledged: nothing of the game is
     * written again, no results hash, no board, no event.
     */
    @Test
    void aGuessForAGameEndedMeanwhileWritesNothingOfIt() {
        Snowflake minter = new Snowflake(6, Clock.systemUTC());
        Keyboard k = Keyboard.standard();
        GameRecord game = new GameRecord("Gended" + System.nanoTime(), "room", k, new Code(k.keys().take(6)), Instant.now(), Option.none());
        new RedisGames(redis.calls()).create(game);
        RedisGuessInbox inbox = new RedisGuessInbox(redis, "ended");
        inbox.ensure();
        GuessSubmitted guess = new GuessSubmitted(game.game(), "room", codemojex.app.TestPlayers.id("ada"), "ada", new Code(k.keys().take(6)));
        BrandedId id = redis.append(minter, EchoListener.NONE).append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), guess.fields());
        StreamEntry delivery = inbox.next(1, java.time.Duration.ofMillis(100)).get(0);
        long scored = jedis.xlen(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED).toString());
        jedis.del(Keys.ONE.game(game.game())); // what game-end.lua removes

        commitOne(new RedisScoreCommit(redis.calls(), minter), delivery, guess, id.toString(), game);

        for (String key : List.of(Keys.ONE.game(game.game()), Keys.ONE.scores(game.game()), Keys.ONE.board(game.game()))) {
            assertThat(jedis.exists(key)).as(key).isFalse();
        }
        assertThat(jedis.xlen(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED).toString())).isEqualTo(scored);
        assertThat(inbox.pendingCount()).isZero();
    }

    /**
     * Another worker, its clock 5 s ahead, appended to {@code guess-scored} and {@code game-settled}:
     * a commit minted here is below their tops. The script writes nothing and answers the top; the
     * ids are minted again above it and the commit lands once, with both events above the tops.
     */
    @Test
    void aCommitBelowAnotherWorkersTopIsMintedAgainAboveIt() {
        Snowflake minter = new Snowflake(6, Clock.systemUTC());
        Keyboard k = Keyboard.standard();
        GameRecord game = new GameRecord("Gahead" + System.nanoTime(), "room", k, new Code(k.keys().take(6)), Instant.now(), Option.none());
        new RedisGames(redis.calls()).create(game);
        RedisGuessInbox inbox = new RedisGuessInbox(redis, "ahead");
        inbox.ensure();
        long ahead = System.currentTimeMillis() + 5_000;
        StreamAppendPort other = redis.append(new Snowflake(1000, () -> ahead), EchoListener.NONE);
        BrandedId scoredTop = other.append(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED), io.vavr.collection.LinkedHashMap.of("other", "worker"));
        BrandedId settledTop = other.append(StreamKey.of(Channels.QUEUE, Channels.GAME_SETTLED), io.vavr.collection.LinkedHashMap.of("other", "worker"));
        GuessSubmitted winning = new GuessSubmitted(game.game(), "room", codemojex.app.TestPlayers.id("ada"), "ada", game.secret());
        BrandedId id = redis.append(minter, EchoListener.NONE).append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), winning.fields());
        StreamEntry delivery = inbox.next(1, java.time.Duration.ofMillis(100)).get(0);
        assertThat(commitOne(new RedisScoreCommit(redis.calls(), minter), delivery, winning, id.toString(), game))
                .isEqualTo(new ScoreResult.Applied(Referee.decide(winning, id.toString(), Option.some(game), 0)));
        List<StreamEntry> scored = redis.range().rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED),
                scoredTop.streamId(), 10);
        List<StreamEntry> settled = redis.range().rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GAME_SETTLED),
                settledTop.streamId(), 10);
        assertThat(scored).hasSize(2);
        assertThat(scored.get(1).field("game")).contains(game.game());
        assertThat(scored.get(1).branded().get().streamId()).isEqualTo(scored.get(1).id());
        assertThat(settled).hasSize(2);
        assertThat(settled.get(1).field("game")).contains(game.game());
        assertThat(new RedisBoard(redis.calls()).top(game.game(), 10)).extracting(Object::toString).anyMatch(e -> e.contains("ada"));
        // committed once: the delivery is acknowledged, a second commit is a duplicate
        assertThat(commitOne(new RedisScoreCommit(redis.calls(), minter), delivery, winning, id.toString(), game))
                .isEqualTo(new ScoreResult.AlreadyScored(id.toString()));
    }

    /**
     * The first {@code guess-scored} entry of a batch is appended before anything else is written, and
     * Redis' refusal of an id not above the top is the check: a batch whose rejected guess comes first
     * and whose scored guess is below another worker's top writes nothing (the rejection is not kept
     * then, else the second attempt would find it applied) and is minted again above the top.
     */
    @Test
    void aBatchBelowAnotherWorkersScoredTopWritesNothingBeforeItIsMintedAgain() {
        Snowflake minter = new Snowflake(7, Clock.systemUTC());
        Keyboard k = Keyboard.standard();
        String suffix = Long.toString(System.nanoTime());
        GameRecord open = new GameRecord("Gopen" + suffix, "room", k, new Code(k.keys().take(6)), Instant.now(), Option.none());
        GameRecord settled = new GameRecord("Gdone" + suffix, "room", k, new Code(k.keys().take(6)), Instant.now(), Option.some("someone"));
        new RedisGames(redis.calls()).create(open);
        RedisGuessInbox inbox = new RedisGuessInbox(redis, "scored-ahead");
        inbox.ensure();
        long ahead = System.currentTimeMillis() + 5_000;
        BrandedId scoredTop = redis.append(new Snowflake(1001, () -> ahead), EchoListener.NONE)
                .append(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED), io.vavr.collection.LinkedHashMap.of("other", "worker"));
        StreamAppendPort guesses = redis.append(minter, EchoListener.NONE);
        GuessSubmitted late = new GuessSubmitted(settled.game(), "room", codemojex.app.TestPlayers.id("bea"), "bea", new Code(k.keys().drop(6).take(6)));
        GuessSubmitted scored = new GuessSubmitted(open.game(), "room", codemojex.app.TestPlayers.id("ada"), "ada", new Code(k.keys().drop(6).take(6)));
        BrandedId lateId = guesses.append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), late.fields());
        BrandedId scoredId = guesses.append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), scored.fields());
        List<StreamEntry> delivered = inbox.next(2, java.time.Duration.ofMillis(100));
        assertThat(delivered).hasSize(2);

        List<ScoreResult> results = new RedisScoreCommit(redis.calls(), minter).commitAll(decided(List.of(
                new GuessToScore(delivered.get(0), late, lateId.toString(), settled),
                new GuessToScore(delivered.get(1), scored, scoredId.toString(), open))));

        GuessOutcome rejected = Referee.decide(late, lateId.toString(), Option.some(settled), 0);
        assertThat(rejected).isInstanceOf(GuessOutcome.Rejected.class);
        assertThat(results).containsExactly(new ScoreResult.Applied(rejected),
                new ScoreResult.Applied(Referee.decide(scored, scoredId.toString(), Option.some(open), 0)));
        List<StreamEntry> after = redis.range().rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED), scoredTop.streamId(), 10);
        assertThat(after).hasSize(2);
        assertThat(after.get(1).field("guess")).contains(scoredId.toString());
        assertThat(inbox.pendingCount()).isZero();
    }

    @Test
    void aScriptTheServerForgotIsSentAgain() {
        jedis.scriptFlush();
        assertThat(new RedisBoard(redis.calls()).record("flushed", codemojex.app.TestPlayers.id("ada"), "ada", 120)).isEqualTo(120);
        assertThat(jedis.scriptExists(List.of(RedisBoard.RECORD.sha1()))).containsExactly(true);
    }

    /** The commit of one guess, decided as the core decides it ({@code ScoreGuessesService}: the referee, on the game as read). */
    static ScoreResult commitOne(ScoreCommit commit, StreamEntry delivery, GuessSubmitted guess, String guessId, GameRecord game) {
        return commit.commitAll(decided(List.of(new GuessToScore(delivery, guess, guessId, game)))).get(0);
    }

    /** {@code batch} decided as the core decides it: the commit applies the decisions it is given. */
    static List<DecidedGuess> decided(List<GuessToScore> batch) {
        return batch.stream().map(g -> new DecidedGuess(g, Referee.decide(g.guess(), g.guessId(), g.game()))).toList();
    }
}
