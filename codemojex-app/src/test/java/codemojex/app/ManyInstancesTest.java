package codemojex.app;

import codemojex.app.cli.Simulation;
import codemojex.app.redis.RedisGuessInbox;
import codemojex.projections.Channels;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.resps.StreamPendingSummary;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several {@code serve} processes (real OS processes) on one Redis, as behind a load balancer: the
 * players are spread over all of them, the partitions over their workers (one lease, one owner
 * each), and a worker killed with SIGKILL in the middle of play leaves its partition and the guesses
 * delivered to it to the others.
 * Every guess is scored exactly once, every board equals its rebuild from the log, no request
 * answers 5xx (the simulation accepts only the statuses it expects).
 */
class ManyInstancesTest {

    /*
     * How many guesses each run plays: enough that every instance serves players and every partition's worker scores
     * hundreds of them (the checks below are per guess: one lost, doubled or left pending fails), bounded because the
     * three serves share CI's two cores at about a hundred scored guesses a second, so each guess costs ~10 ms of the run.
     */
    /** The guesses of the run on one Redis. */
    static final int GUESSES = 1_200;
    /** The guesses of the run on a cluster. */
    static final int CLUSTER_GUESSES = 900;
    /**
     * The guesses of the run that kills an instance: play must outlast the kill (at the victim's first delivered
     * guess, or 15 s in on a loaded machine), which the test checks.
     */
    static final int KILL_GUESSES = 2_000;

    @AfterEach
    void killWhatIsLeft() {
        ServeProcessTest.killStarted();
    }

    static List<ServeProcessTest.Serve> startThree(RedisServerProcess redis, String... extra) throws Exception {
        return startThree(redis.uri(), extra);
    }

    static List<ServeProcessTest.Serve> startThree(String uri, String... extra) throws Exception {
        List<ServeProcessTest.Serve> serves = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            List<String> args = new ArrayList<>(List.of("--redis", uri, "--node", Integer.toString(11 + i), "--guess-rate", "100000", "--read-rate", "0"));
            args.addAll(List.of(extra));
            serves.add(ServeProcessTest.Serve.start(Files.createTempDirectory("instance-"), args.toArray(String[]::new)));
        }
        for (ServeProcessTest.Serve s : serves) {
            s.ready();
        }
        return serves;
    }

    /** How many delivered guesses {@code consumer} holds (none: Redis leaves the per-consumer counts out). */
    static long held(StreamPendingSummary p, String consumer) {
        return p.getConsumerMessageCount() == null ? 0 : p.getConsumerMessageCount().getOrDefault(consumer, 0L);
    }

    /** Checks each of {@code serves} holds the lease of exactly one of three partitions ({@code /health}'s {@code worker.owned}). */
    static void onePartitionEach(List<ServeProcessTest.Serve> serves) throws Exception {
        java.util.Set<String> owned = new java.util.HashSet<>();
        for (ServeProcessTest.Serve s : serves) {
            com.fasterxml.jackson.databind.JsonNode mine = s.manage("/health").path("worker").path("owned");
            assertThat(mine.size()).as("partitions owned by instance %d: %s", s.port(), mine).isEqualTo(1);
            mine.fieldNames().forEachRemaining(owned::add);
        }
        assertThat(owned).containsExactlyInAnyOrder("0", "1", "2");
    }

    static String url(ServeProcessTest.Serve s) {
        return "http://127.0.0.1:" + s.port();
    }

    /** Every accepted guess scored once or rejected after a settle; boards equal rebuilds; nothing pending. */
    static void checkTheLog(RedisServerProcess redis, Simulation.Report report) {
        checkTheLog(redis.uri(), report);
    }

    static void checkTheLog(String uri, Simulation.Report report) {
        try (Codemojex app = Codemojex.connect(uri, Settings.defaults())) {
            Map<String, Long> perGuess = AppReliabilityTest.scoredPerGuess(app);
            int scored = 0;
            for (Map.Entry<String, String> g : report.guessToGame().entrySet()) {
                String status = app.useCases().games().guess(g.getValue(), g.getKey()).status();
                assertThat(status).as(g.getKey()).isIn("scored", "rejected");
                if (status.equals("scored")) {
                    scored++;
                    assertThat(perGuess.get(g.getKey())).as("guess-scored entries of %s", g.getKey()).isEqualTo(1L);
                } else {
                    assertThat(perGuess).doesNotContainKey(g.getKey());
                }
            }
            assertThat(perGuess.values().stream().mapToLong(Long::longValue).sum()).as("no guess-scored entry for another guess")
                    .isEqualTo(scored);
            for (String game : report.gameIds()) {
                codemojex.app.core.port.in.RebuildBoardUseCase.Rebuild r = app.useCases().rebuilds().rebuildBoard(game);
                assertThat(r.rebuilt()).as("board of %s", game).isEqualTo(r.live());
            }
            assertThat(app.worker().pending()).as("guesses delivered and not acknowledged, over every partition").isZero();
        }
    }

    @Test
    void threeInstancesOnOneRedisShareThePlayersAndTheWork() throws Exception {
        try (RedisServerProcess redis = TestRedis.privateServer()) {
            List<ServeProcessTest.Serve> serves = startThree(redis, "--partitions", "3", "--lease", "1s");
            Simulation.Report report;
            try (Simulation s = new Simulation(serves.stream().map(ManyInstancesTest::url).toList(), new PrintStream(new ByteArrayOutputStream()))) {
                report = s.run(30, 6, GUESSES, 6, 7);
            }
            System.out.printf("[instances] %d guesses over 3 instances: scored end to end %.0f/s%n", report.guesses(), report.scoredPerSecond());
            checkTheLog(redis, report);
            onePartitionEach(serves);
        }
    }

    /**
     * The same on a Redis Cluster of three masters with the games in three partitions: one partition
     * on each master, every master scoring.
     */
    @Test
    void threeInstancesOnAClusterShareThePlayersAndTheWork() throws Exception {
        try (echomq.testkit.RedisClusterProcess cluster = echomq.testkit.RedisClusterProcess.start()) {
            List<ServeProcessTest.Serve> serves = startThree(cluster.uri(), "--partitions", "3", "--lease", "1s");
            Simulation.Report report;
            try (Simulation s = new Simulation(serves.stream().map(ManyInstancesTest::url).toList(), new PrintStream(new ByteArrayOutputStream()))) {
                report = s.run(30, 6, CLUSTER_GUESSES, 6, 9);
            }
            System.out.printf("[instances] %d guesses over 3 instances on a cluster: scored end to end %.0f/s%n", report.guesses(),
                    report.scoredPerSecond());
            checkTheLog(cluster.uri(), report);
            for (ServeProcessTest.Serve s : serves) {
                assertThat(s.manage("/health").path("partitions").asInt()).isEqualTo(3);
            }
            onePartitionEach(serves);
            // each partition's guess-scored stream on a master of its own; every game's entries in its partition's
            try (Codemojex app = Codemojex.connect(cluster.uri(), Settings.defaults())) {
                java.util.Set<Integer> masters = new java.util.HashSet<>(); // by port
                for (int p = 0; p < 3; p++) {
                    String key = app.partitions().stream(p, Channels.GUESS_SCORED).toString();
                    masters.add(cluster.currentMasterOf(echomq.domain.partition.HashSlot.of(key)).port());
                }
                assertThat(masters).as("masters holding the three partitions").hasSize(3);
                java.util.Set<Integer> used = new java.util.HashSet<>();
                for (String game : report.gameIds()) {
                    used.add(app.partitions().of(game));
                    assertThat(app.useCases().feeds().gameFeed(app.useCases().games().game(game), 20).value().guesses())
                            .as("scored guesses of %s, in its partition", game).isPositive();
                }
                System.out.printf("[instances] the 6 games fell in partitions %s%n", used);
            }
        }
    }

    @Test
    void aServeKilledMidPlayLeavesItsGuessesToTheOthers() throws Exception {
        try (RedisServerProcess redis = TestRedis.privateServer()) {
            // a claim-idle of ten minutes: the victim's guesses go to the survivors with its partition's lease only
            List<ServeProcessTest.Serve> serves = startThree(redis, "--claim-idle", "10m", "--partitions", "3", "--lease", "1s");
            ServeProcessTest.Serve victim = serves.get(2);
            AppFixture.await("the third instance owns a partition", () -> {
                try {
                    return victim.manage("/health").path("worker").path("owned").size() > 0;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // the players play through the first two; the third's worker scores the partition it owns
            CompletableFuture<Simulation.Report> play = CompletableFuture.supplyAsync(() -> {
                try {
                    try (Simulation s = new Simulation(List.of(url(serves.get(0)), url(serves.get(1))), new PrintStream(new ByteArrayOutputStream()))) {
                        return s.run(30, 6, KILL_GUESSES, 6, 11);
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            long heldAtKill = 0;
            try (redis.clients.jedis.UnifiedJedis direct = echomq.redis.RedisConnections.connect(redis.uri())) {
                codemojex.projections.GamePartitions three = new codemojex.projections.GamePartitions(3);
                List<String> guesses = three.all().map(p -> three.stream(p, Channels.GUESSES).toString()).toJavaList();
                java.util.function.LongSupplier heldByVictim = () -> guesses.stream()
                        .mapToLong(g -> held(direct.xpending(g, RedisGuessInbox.GROUP), "worker-13")).sum();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                // killed holding delivered guesses when the loop sees some; on a loaded machine a batch may be committed
                // between any two looks, so after 15 s it is killed whatever it holds (its partition's lease still moves)
                long latest = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
                while (victim.process().isAlive() && System.nanoTime() < deadline && !play.isDone()) {
                    if (heldByVictim.getAsLong() > 0 || System.nanoTime() > latest) {
                        victim.process().destroyForcibly(); // SIGKILL, with guesses delivered to it and not committed
                        assertThat(victim.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
                        heldAtKill = heldByVictim.getAsLong();
                    }
                }
            }
            Simulation.Report report = play.get(120, TimeUnit.SECONDS);
            System.out.printf("[instances] killed an instance holding %d delivered guesses; %d guesses in all%n", heldAtKill, report.guesses());
            assertThat(victim.process().isAlive()).as("the third instance was killed mid-play").isFalse();
            checkTheLog(redis, report);
            long claimed = 0;
            for (ServeProcessTest.Serve s : serves.subList(0, 2)) {
                claimed += s.manage("/health").path("worker").path("claimed").asLong();
            }
            assertThat(claimed).as("guesses the survivors took over").isGreaterThanOrEqualTo(heldAtKill);
            // the victim's partition went to one of the two: once its lease and membership expired, which may be after
            // the play ended when the victim was killed late (awaited, bounded; the assertion is unchanged)
            java.util.function.Supplier<java.util.Set<String>> ownedBySurvivors = () -> {
                java.util.Set<String> owned = new java.util.HashSet<>();
                for (ServeProcessTest.Serve s : serves.subList(0, 2)) {
                    try {
                        s.manage("/health").path("worker").path("owned").fieldNames().forEachRemaining(owned::add);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
                return owned;
            };
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (ownedBySurvivors.get().size() < 3 && System.nanoTime() < until) {
                Thread.sleep(100);
            }
            assertThat(ownedBySurvivors.get()).containsExactlyInAnyOrder("0", "1", "2");
        }
    }
}
