package codemojex.app;

import codemojex.app.cli.Simulation;
import codemojex.app.core.Reports;
import codemojex.app.http.GuessRateLimiter;
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

    @Test
    void aMasterFailoverInTheMiddleOfPlayLosesAndDoublesNothing() throws Exception {
        RedisClusterProcess cluster = RedisClusterProcess.startWithReplicas();
        try (AppFixture f = new AppFixture(cluster.uri(), cluster, Codemojex.Settings.defaults(), GuessRateLimiter.unlimited())) {
            int slot = HashSlot.of(StreamKey.hashTag(Channels.QUEUE));
            RedisServerProcess master = cluster.currentMasterOf(slot);
            RedisServerProcess replica = cluster.replicaOf(master);
            CompletableFuture<Simulation.Report> play = CompletableFuture.supplyAsync(() -> {
                try {
                    return new Simulation(f.server.url(), new PrintStream(new ByteArrayOutputStream())).run(30, 6, 3_000, 4, 5);
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
                String status = f.app.play().guess(g.getValue(), g.getKey()).status();
                assertThat(status).as(g.getKey()).isIn("scored", "rejected");
                if (status.equals("scored")) {
                    scored++;
                    assertThat(perGuess.get(g.getKey())).as("guess-scored entries of %s", g.getKey()).isEqualTo(1L);
                }
            }
            assertThat(perGuess.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(scored);
            for (String game : report.gameIds()) {
                Reports.Rebuild r = f.app.reports().rebuildBoard(game);
                assertThat(r.rebuilt()).as("board of %s", game).isEqualTo(r.live());
            }
            assertThat(f.app.jedis().xpending(StreamKey.of(Channels.QUEUE, Channels.GUESSES).toString(), RedisGuessInbox.GROUP).getTotal())
                    .isZero();
            // the feed as the cache serves it equals a fresh fold of the log
            AppFixture.Response feed = f.send("GET", "/feed?since=1h", null);
            assertThat(feed.status()).isEqualTo(200);
            assertThat(feed.json().path("guesses").asLong())
                    .isEqualTo(new echomq.domain.window.StreamWindows(new echomq.redis.RedisStreamRange(f.app.jedis()))
                            .foldWindow(Channels.QUEUE, Channels.GUESS_SCORED,
                                    echomq.domain.window.Window.since(java.time.Instant.now().minus(java.time.Duration.ofHours(1))),
                                    echomq.domain.fold.Fold.of("count", 0L, (n, e) -> n + 1)));
        }
    }
}
