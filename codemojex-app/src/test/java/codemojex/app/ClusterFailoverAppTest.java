package codemojex.app;

import codemojex.app.cli.Simulation;
import codemojex.app.http.RateLimiter;
import codemojex.app.redis.RedisGuessInbox;
import codemojex.projections.Channels;
import echomq.domain.partition.HashSlot;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisClusterProcess;
import echomq.testkit.RedisServerProcess;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The app on a Redis Cluster of three masters with a replica each, its master failing over in the
 * middle of play ({@code CLUSTER FAILOVER} on the replica of the master that serves the app's slot):
 * the HTTP API answers throughout (no 5xx: the simulation accepts only the statuses it expects), the
 * worker carries on against the new master, every guess is scored exactly once, every board equals
 * its rebuild from the log, and the feed read from the cache equals a fresh fold.
 */
class ClusterFailoverAppTest {

    /**
     * The guesses of the failover run: the failover comes once 300 are scored (checked to be before play ends), so
     * most of them are submitted and scored after it, against the new master; each is checked on its own.
     */
    static final int FAILOVER_GUESSES = 1_500;

    @Test
    void aMasterFailoverInTheMiddleOfPlayLosesAndDoublesNothing() throws Exception {
        RedisClusterProcess cluster = RedisClusterProcess.startWithReplicas();
        // the games in three partitions, one per master: the failover moves one of them
        try (AppFixture f = new AppFixture(cluster.uri(), cluster, Settings.builder().partitions(3).build(),
                RateLimiter.unlimited())) {
            int slot = HashSlot.of(f.app.partitions().stream(0, Channels.GUESSES).toString());
            RedisServerProcess master = cluster.currentMasterOf(slot);
            RedisServerProcess replica = cluster.replicaOf(master);
            CompletableFuture<Simulation.Report> play = CompletableFuture.supplyAsync(() -> {
                try {
                    return new Simulation(f.server.url(), new PrintStream(new ByteArrayOutputStream())).run(30, 6, FAILOVER_GUESSES, 4, 5);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            // in the middle of play: once some guesses are scored
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (f.app.worker().scored() < 300 && System.nanoTime() < deadline && !play.isDone()) {
                Thread.sleep(20);
            }
            assertThat(play.isDone()).as("the failover comes in the middle of play").isFalse();
            long scoredBefore = f.app.worker().scored();
            cluster.failover(replica, slot);
            assertThat(cluster.currentMasterOf(slot)).isSameAs(replica);
            Simulation.Report report = play.get(180, TimeUnit.SECONDS);
            System.out.printf("[cluster failover] %d guesses, %d scored before the failover%n", report.guesses(), scoredBefore);

            Map<String, Long> perGuess = AppReliabilityTest.scoredPerGuess(f.app);
            int scored = 0;
            for (Map.Entry<String, String> g : report.guessToGame().entrySet()) {
                String status = f.app.useCases().games().guess(g.getValue(), g.getKey()).status();
                assertThat(status).as(g.getKey()).isIn("scored", "rejected");
                if (status.equals("scored")) {
                    scored++;
                    assertThat(perGuess.get(g.getKey())).as("guess-scored entries of %s", g.getKey()).isEqualTo(1L);
                }
            }
            assertThat(perGuess.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(scored);
            for (String game : report.gameIds()) {
                codemojex.app.core.port.in.RebuildBoardUseCase.Rebuild r = f.app.useCases().rebuilds().rebuildBoard(game);
                assertThat(r.rebuilt()).as("board of %s", game).isEqualTo(r.live());
            }
            assertThat(f.app.worker().pending()).as("pending over every partition").isZero();
            // the feed as the caches serve it equals a fresh fold of every partition's log
            AppFixture.Response feed = f.send("GET", "/feed?since=1h", null);
            assertThat(feed.status()).isEqualTo(200);
            assertThat(feed.json().path("guesses").asLong())
                    .isEqualTo(new echomq.domain.window.PartitionedWindows(f.app.redis().range())
                            .foldWindow(f.app.partitions().channel(Channels.GUESS_SCORED),
                                    echomq.domain.window.Window.since(java.time.Instant.now().minus(java.time.Duration.ofHours(1))),
                                    echomq.domain.fold.Fold.of("count", 0L, (n, e) -> n + 1), 1000));
        }
    }

    /**
     * SIGKILL of the master that serves the app, in the middle of play. Guesses submitted while no
     * node serves the slot fail (the player sends them again, as after a 503); writes the replica had
     * not received when the master died are lost, as Redis replication is asynchronous. For what
     * survived: no guess is scored twice, every guess left in the log is scored or rejected, every
     * board equals its rebuild, nothing stays pending, and the cached feed equals a fresh fold.
     */
    @Test
    void aKilledMasterInTheMiddleOfPlayLeavesTheSurvivorsConsistent() throws Exception {
        RedisClusterProcess cluster = RedisClusterProcess.startWithReplicas();
        try (AppFixture f = new AppFixture(cluster.uri(), cluster, Settings.defaults(), RateLimiter.unlimited())) {
            int slot = HashSlot.of(StreamKey.hashTag(Channels.QUEUE));
            RedisServerProcess master = cluster.currentMasterOf(slot);
            RedisServerProcess heir = cluster.replicaOf(master);
            java.util.List<String> games = new java.util.ArrayList<>();
            Map<String, io.vavr.collection.Vector<codemojex.projections.Emoji>> keyboards = new java.util.HashMap<>();
            for (int g = 0; g < 4; g++) {
                var opened = f.app.useCases().rooms().open("killed");
                games.add(opened.game());
                keyboards.put(opened.game(), opened.keyboard().keys()); // the player's page knows the keyboard
            }
            java.util.Random r = new java.util.Random(3);
            int failedSubmits = 0;
            int submitted = 0;
            for (int i = 0; i < 1_500; i++) {
                if (i == 600) {
                    master.stop(); // SIGKILL, mid-play
                }
                String game = games.get(r.nextInt(games.size()));
                // six distinct emojis of the keyboard: a guess with a repeat is refused (#27)
                String guess = new codemojex.projections.Keyboard(keyboards.get(game)).drawGuess(r).toString();
                for (int attempt = 0; ; attempt++) {
                    try {
                        String player = "p" + r.nextInt(8);
                        f.app.useCases().guesses().submit(game, TestPlayers.id(player), player, guess);
                        submitted++;
                        break;
                    } catch (RuntimeException unavailable) {
                        failedSubmits++; // no node serves the slot yet: the player tries again
                        assertThat(attempt).as("the slot is served again within the failover").isLessThan(100);
                        Thread.sleep(100);
                    }
                }
            }
            cluster.awaitMaster(slot, heir);
            // the worker carries on against the new master: every guess left in the log gets scored or rejected
            java.util.List<echomq.domain.stream.StreamEntry> inLog = f.app.redis().range()
                    .rangeFrom(StreamKey.of(Channels.QUEUE, Channels.GUESSES), echomq.domain.id.StreamId.MIN, 100_000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (echomq.domain.stream.StreamEntry e : inLog) {
                String id = e.branded().get().toString();
                String game = e.field("game").get();
                String status = f.app.useCases().games().guess(game, id).status();
                while (status.equals("pending") && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                    status = f.app.useCases().games().guess(game, id).status();
                }
                assertThat(status).as("guess %s (entry %s)", id, e.id()).isIn("scored", "rejected");
            }
            assertThat(pending(f)).as("guesses delivered and not acknowledged").isZero();
            Map<String, Long> perGuess = AppReliabilityTest.scoredPerGuess(f.app);
            assertThat(perGuess.values()).as("no guess scored twice").allMatch(n -> n == 1L);
            for (String game : games) {
                codemojex.app.core.port.in.RebuildBoardUseCase.Rebuild rebuilt = f.app.useCases().rebuilds().rebuildBoard(game);
                assertThat(rebuilt.rebuilt()).as("board of %s", game).isEqualTo(rebuilt.live());
            }
            AppFixture.Response feed = f.send("GET", "/feed?since=1h", null);
            assertThat(feed.json().path("guesses").asLong()).isEqualTo(perGuess.size());
            System.out.printf("[cluster kill] %d guesses accepted, %d submits failed during the failover and were sent again, "
                    + "%d in the log after it (%d lost with the master)%n", submitted, failedSubmits, inLog.size(), submitted - inLog.size());
            assertThat(inLog.size()).isLessThanOrEqualTo(submitted);
        }
    }

    private static long pending(AppFixture f) {
        try {
            return f.direct().xpending(StreamKey.of(Channels.QUEUE, Channels.GUESSES).toString(), RedisGuessInbox.GROUP).getTotal();
        } catch (RuntimeException notYet) {
            return Long.MAX_VALUE;
        }
    }
}
