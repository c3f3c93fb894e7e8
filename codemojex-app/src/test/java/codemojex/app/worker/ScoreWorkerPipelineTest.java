package codemojex.app.worker;

import codemojex.app.TestPlayers;
import codemojex.app.core.DecidedGuess;
import codemojex.app.core.port.out.GuessInbox;
import codemojex.app.core.port.out.ScoreCommit;
import codemojex.app.core.service.ScoreGuessesService;
import codemojex.app.redis.Connection;
import codemojex.app.redis.RedisGames;
import codemojex.app.redis.RedisGuessInbox;
import codemojex.app.redis.RedisScoreCommit;
import codemojex.app.redis.jedis.JedisConnection;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GamePartitions;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoListener;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.control.Option;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The worker's commit pipeline on a Redis of its own: the next commit batch is prepared while the
 * one before is on its way, batches are committed in the order of the guesses, a batch whose
 * predecessor failed is never sent, a poll reads as many commit batches as it can use, and reads on
 * while its reads come back full.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScoreWorkerPipelineTest {

    RedisServerProcess server;
    Connection redis;
    RedisGames games;

    @BeforeAll
    void start() {
        server = TestRedis.privateServer();
        redis = JedisConnection.open(server.uri(), 8);
        games = new RedisGames(redis.calls());
    }

    @AfterAll
    void stop() {
        redis.close();
        server.stop();
    }

    /** Thrown by a send the test fails on purpose. */
    static final class Crash extends RuntimeException {
        Crash(String message) {
            super(message);
        }
    }

    /** The real commit, recording what is prepared and sent, able to hold or fail one send. */
    static final class Recording implements ScoreCommit {
        final ScoreCommit real;
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final List<Integer> sizes = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch secondPrepared = new CountDownLatch(1);
        /** What the first send waits for, when set: the overlap the test looks for. */
        volatile CountDownLatch holdFirstSend;
        volatile boolean overlapped;
        volatile int failSend = -1;
        private int prepared;

        Recording(ScoreCommit real) {
            this.real = real;
        }

        @Override
        public Prepared prepare(List<DecidedGuess> batch) {
            int n = prepared++;
            Prepared p = real.prepare(batch);
            events.add("prepare " + n);
            sizes.add(batch.size());
            if (n == 1) {
                secondPrepared.countDown();
            }
            return () -> {
                events.add("send " + n);
                if (n == 0 && holdFirstSend != null) {
                    try {
                        // what the test waits for must happen while batch 0 is on its way: a worker
                        // that does it only after a send returns leaves this waiting out its 10 s
                        overlapped = holdFirstSend.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (n == failSend) {
                    throw new Crash("send " + n);
                }
                return p.send();
            };
        }
    }

    /** {@code count} guesses in {@code gamesCount} new games, appended to the guesses stream in order; their ids in that order. */
    private List<BrandedId> submit(int count, int gamesCount, Random r) {
        StreamAppendPort append = redis.append(new Snowflake(3, Clock.systemUTC()), EchoListener.NONE);
        List<GameRecord> open = new ArrayList<>();
        for (int g = 0; g < gamesCount; g++) {
            Keyboard k = Keyboard.draw(r);
            GameRecord game = new GameRecord("PIPE" + System.nanoTime() + "x" + g, "room", k, k.drawSecret(r), Instant.now(), Option.none());
            games.create(game);
            open.add(game);
        }
        List<BrandedId> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            GameRecord game = open.get(i % open.size());
            String player = "p" + r.nextInt(5);
            GuessSubmitted guess = new GuessSubmitted(game.game(), game.room(), TestPlayers.id(player), player, game.keyboard().drawGuess(r));
            ids.add(append.append(StreamKey.of(Channels.QUEUE, Channels.GUESSES), guess.fields()));
        }
        return ids;
    }

    /** The real commit over this class's Redis, minting as {@code node}, recorded. */
    private Recording recording(int node) {
        return new Recording(new RedisScoreCommit(redis.calls(), new Snowflake(node, Clock.systemUTC())));
    }

    private ScoreWorker worker(String consumer, ScoreCommit commit, int commitBatch) {
        return worker(new RedisGuessInbox(redis, consumer), commit, commitBatch);
    }

    private ScoreWorker worker(GuessInbox inbox, ScoreCommit commit, int commitBatch) {
        // one partition: every game is this worker's
        ScoreWorker w = new ScoreWorker(inbox, new ScoreGuessesService(games, commit, GamePartitions.ONE), 0, ScoreFaults.NONE,
                Duration.ofMinutes(1), Clock.systemUTC(), commitBatch);
        w.ensureGroup();
        return w;
    }

    /** The real inbox, recording the size of each read of new guesses and counting the reads down on a latch. */
    static final class RecordingInbox implements GuessInbox {
        final GuessInbox real;
        final List<Integer> reads = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch secondRead = new CountDownLatch(2);

        RecordingInbox(GuessInbox real) {
            this.real = real;
        }

        @Override
        public void ensure() {
            real.ensure();
        }

        @Override
        public List<echomq.domain.stream.StreamEntry> next(int count, Duration block) {
            List<echomq.domain.stream.StreamEntry> got = real.next(count, block);
            reads.add(got.size());
            secondRead.countDown();
            return got;
        }

        @Override
        public List<echomq.domain.stream.StreamEntry> pending(StreamId after, int count) {
            return real.pending(after, count);
        }

        @Override
        public List<echomq.domain.stream.StreamEntry> claimIdle(Duration idle, int count) {
            return real.claimIdle(idle, count);
        }

        @Override
        public void ack(StreamId entry) {
            real.ack(entry);
        }

        @Override
        public long pendingCount() {
            return real.pendingCount();
        }
    }

    /** The guess ids of the guess-scored log, in its order, among {@code ours}. */
    private List<String> scoredInLogOrder(List<BrandedId> ours) {
        java.util.Set<String> mine = new java.util.HashSet<>(ours.stream().map(BrandedId::toString).toList());
        return redis.range().rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED), StreamId.MIN, 1_000_000).stream()
                .map(e -> GuessScored.decode(e).guessId()).filter(mine::contains).toList();
    }

    /** Every one of {@code ids} scored once, in the guess-scored log in their order. */
    private void assertScoredInTheirOrder(List<BrandedId> ids) {
        assertThat(scoredInLogOrder(ids)).containsExactlyElementsOf(ids.stream().map(BrandedId::toString).toList());
    }

    @Test
    void theNextBatchIsPreparedWhileOneIsOnItsWayAndTheLogKeepsTheGuessesOrder() {
        Recording commit = recording(11);
        commit.holdFirstSend = commit.secondPrepared;
        try (ScoreWorker w = worker("overlap", commit, 3)) {
            // one group for the class, read to the end by each test: what is delivered here is what this test submits
            List<BrandedId> ids = submit(14, 3, new Random(1));
            assertThat(w.pollOnce(Duration.ofMillis(100))).isEqualTo(14);
            assertThat(commit.overlapped).as("batch 1 prepared while batch 0 was on its way; events %s", commit.events).isTrue();
            assertThat(commit.sizes).containsExactly(3, 3, 3, 3, 2);
            assertThat(commit.events.stream().filter(e -> e.startsWith("send")).toList())
                    .containsExactly("send 0", "send 1", "send 2", "send 3", "send 4");
            assertThat(w.scored() + w.rejected()).isEqualTo(14);
            assertThat(w.pending()).isZero();
            assertScoredInTheirOrder(ids);
        }
    }

    @Test
    void aFailedBatchStopsTheOnesBehindItAndRecoveryScoresThemOnceInOrder() {
        Recording commit = recording(12);
        commit.failSend = 1;
        try (ScoreWorker w = worker("fails", commit, 2)) {
            List<BrandedId> ids = submit(10, 2, new Random(2));
            assertThatThrownBy(() -> w.pollOnce(Duration.ofMillis(100))).isInstanceOf(Crash.class).hasMessage("send 1");
            assertThat(commit.events).doesNotContain("send 2", "send 3", "send 4");
            assertThat(w.scored() + w.rejected()).as("batch 0 only").isEqualTo(2);
            assertThat(scoredInLogOrder(ids)).containsExactly(ids.get(0).toString(), ids.get(1).toString());
            assertThat(w.pending()).as("the eight guesses behind the failure").isEqualTo(8);

            commit.failSend = -1;
            assertThat(w.recover()).isEqualTo(8);
            assertThat(w.pending()).isZero();
            assertScoredInTheirOrder(ids);
        }
    }

    @Test
    void whileReadsComeBackFullThePollReadsOnAsItCommitsUpToFourReads() {
        Recording commit = recording(14);
        RecordingInbox inbox = new RecordingInbox(new RedisGuessInbox(redis, "reads-on"));
        commit.holdFirstSend = inbox.secondRead;
        try (ScoreWorker w = worker(inbox, commit, 100)) {
            List<BrandedId> ids = submit(3_300, 5, new Random(4));
            assertThat(w.pollOnce(Duration.ofMillis(100))).isEqualTo(3_200);
            assertThat(commit.overlapped).as("the second read made while the first batch was on its way").isTrue();
            assertThat(inbox.reads).containsExactly(800, 800, 800, 800);
            assertThat(w.pollOnce(Duration.ofMillis(100))).isEqualTo(100);
            assertThat(inbox.reads).containsExactly(800, 800, 800, 800, 100);
            assertThat(commit.sizes).hasSize(33).allMatch(size -> size == 100);
            assertThat(w.pending()).isZero();
            assertScoredInTheirOrder(ids);
        }
    }

    @Test
    void aCommitBatchAboveTheOldReadOfAHundredIsCommittedWhole() {
        Recording commit = recording(13);
        try (ScoreWorker w = worker("large", commit, 300)) {
            List<BrandedId> ids = submit(700, 4, new Random(3));
            assertThat(w.pollOnce(Duration.ofMillis(100))).isEqualTo(700);
            assertThat(commit.sizes).containsExactly(300, 300, 100);
            assertThat(scoredInLogOrder(ids)).hasSize(700);
        }
    }

    @ParameterizedTest(name = "a commit batch of {0}: reads of {1}")
    @CsvSource({"1, 100", "12, 100", "13, 104", "100, 800", "125, 1000", "126, 1000", "1000, 1000"})
    void aPollReadsEightCommitBatchesWithinItsBounds(int commitBatch, int read) {
        assertThat(ScoreWorker.readCount(commitBatch)).isEqualTo(read);
    }
}
