package codemojex.app;

import codemojex.app.worker.ScoreFaults;
import codemojex.app.worker.ScoreWorker;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GuessScored;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.lease.LeaseFencedException;
import echomq.domain.lease.LeaseOutcome;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamEntry;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Partitions with one owner (#48): app instances on one Redis hold one lease per partition, a stale
 * owner's commit is fenced with nothing written, and a silent instance's partitions are taken over
 * (its pending guesses with them) by the others, nothing lost or doubled.
 */
class LeaseTakeoverTest {

    private static final Duration LEASE = Duration.ofMillis(600);

    RedisServerProcess redis;
    final List<Codemojex> apps = new ArrayList<>();

    @BeforeEach
    void start() {
        redis = TestRedis.privateServer();
    }

    @AfterEach
    void stop() {
        apps.forEach(Codemojex::close);
        redis.stop();
    }

    private Codemojex app(int node, int partitions, Duration claimIdle, ScoreFaults faults) {
        Settings s = Settings.builder().node(node).partitions(partitions).lease(LEASE).claimIdle(claimIdle).build();
        Codemojex app = Codemojex.connect(redis.uri(), s, faults);
        apps.add(app);
        return app;
    }

    /** Games opened until every partition has at least two. */
    private static List<String> gamesInEveryPartition(Codemojex app) {
        List<String> games = new ArrayList<>();
        int[] per = new int[app.partitions().count()];
        while (IntStream.of(per).min().orElseThrow() < 2) {
            String game = app.useCases().rooms().open("leases").game();
            games.add(game);
            per[app.partitions().of(game)]++;
        }
        return games;
    }

    private static Map<String, String> submit(Codemojex app, List<String> games, int n, Random r) {
        Map<String, String> gameOf = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String game = games.get(r.nextInt(games.size()));
            String player = "p" + r.nextInt(7);
            BrandedId id = app.useCases().guesses().submit(game, TestPlayers.id(player), player, app.useCases().games().game(game).keyboard().drawGuess(r).toString());
            gameOf.put(id.toString(), game);
        }
        return gameOf;
    }

    private static List<StreamEntry> scoredEntries(Codemojex app) {
        List<StreamEntry> all = new ArrayList<>();
        for (int p : app.partitions().all()) {
            all.addAll(app.redis().range().rangeFrom(app.partitions().stream(p, Channels.GUESS_SCORED), StreamId.MIN, 1_000_000));
        }
        return all;
    }

    /** Every guess scored or rejected, each scored one with exactly one {@code guess-scored} entry, nothing pending. */
    private static void nothingLostOrDoubled(Codemojex app, Map<String, String> gameOf) {
        Map<String, Long> perGuess = scoredEntries(app).stream().map(GuessScored::decode)
                .collect(Collectors.groupingBy(GuessScored::guessId, Collectors.counting()));
        gameOf.forEach((id, game) -> {
            String status = app.useCases().games().guess(game, id).status();
            assertThat(status).as("guess %s", id).isIn("scored", "rejected");
            assertThat(perGuess.getOrDefault(id, 0L)).as("guess-scored entries of %s", id).isEqualTo(status.equals("scored") ? 1L : 0L);
        });
        assertThat(perGuess.keySet()).isSubsetOf(gameOf.keySet());
        assertThat(app.worker().pending()).as("delivered and not acknowledged").isZero();
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for %s", what).isLessThan(deadline);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Whether {@code apps} own every partition exactly once between them, each within one of the others. */
    private static boolean oneOwnerEach(int partitions, List<Codemojex> apps) {
        Set<Integer> seen = new HashSet<>();
        int total = 0;
        for (Codemojex a : apps) {
            Set<Integer> owned = a.worker().owned().keySet();
            seen.addAll(owned);
            total += owned.size();
        }
        int min = apps.stream().mapToInt(a -> a.worker().owned().size()).min().orElseThrow();
        int max = apps.stream().mapToInt(a -> a.worker().owned().size()).max().orElseThrow();
        return total == partitions && seen.size() == partitions && max - min <= 1;
    }

    @ParameterizedTest(name = "{0} partitions")
    @ValueSource(ints = {3, 6})
    void aSilentInstancesPartitionsAndPendingGuessesAreTakenOverNothingLostOrDoubled(int partitions) {
        AtomicBoolean crash = new AtomicBoolean(true);
        // the first instance takes every partition, is delivered every guess, and dies before committing any
        Codemojex silent = app(1, partitions, Duration.ofMinutes(10), (step, guess) -> {
            if (crash.get()) {
                throw new IllegalStateException("died before the commit of " + guess.id());
            }
        });
        silent.worker().ensureGroup();
        Map<String, String> gameOf = submit(silent, gamesInEveryPartition(silent), 80, new Random(48));
        for (int round = 0; round <= partitions; round++) {
            try {
                silent.worker().pollOnce(Duration.ofMillis(50));
            } catch (IllegalStateException died) {
                // the batch stays pending with this consumer
            }
        }
        assertThat(silent.worker().owned()).hasSize(partitions);
        assertThat(silent.worker().pending()).isEqualTo(gameOf.size());
        crash.set(false);
        // it stays silent (no renewal, no heartbeat) while two instances start: a claim-idle of ten minutes, so only the lease hands the guesses over
        Codemojex b = app(2, partitions, Duration.ofMinutes(10), ScoreFaults.NONE);
        Codemojex c = app(3, partitions, Duration.ofMinutes(10), ScoreFaults.NONE);
        long started = System.nanoTime();
        b.worker().start();
        c.worker().start();
        await("the two to own every partition", () -> oneOwnerEach(partitions, List.of(b, c)));
        await("every guess to be scored", () -> b.worker().pending() == 0 && b.worker().scored() + c.worker().scored() + b.worker().rejected()
                + c.worker().rejected() >= gameOf.size());
        System.out.printf("[leases] %d partitions of a silent instance taken over and %d guesses scored in %d ms (lease %d ms)%n",
                partitions, gameOf.size(), (System.nanoTime() - started) / 1_000_000, LEASE.toMillis());
        nothingLostOrDoubled(b, gameOf);
        assertThat(b.worker().claimed() + c.worker().claimed()).as("guesses taken over with the leases").isEqualTo(gameOf.size());
        // the silent one comes back: on its side its leases lapsed (it owns nothing, the others hold all), then it joins
        assertThat(silent.worker().pollOnce(Duration.ofMillis(50))).isZero();
        assertThat(silent.worker().owned()).isEmpty();
        silent.worker().start();
        await("the three to share the partitions", () -> oneOwnerEach(partitions, List.of(silent, b, c)));
        // a clean leave: the others take its partitions at their next round
        c.worker().stop();
        assertThat(c.worker().owned()).isEmpty();
        await("the two left to share every partition", () -> oneOwnerEach(partitions, List.of(silent, b)));
        nothingLostOrDoubled(b, gameOf);
    }

    @Test
    void aStaleOwnersCommitIsFencedWithNothingWrittenAndTheNewOwnerScoresTheGuess() {
        Codemojex stale = app(1, 3, Duration.ZERO, ScoreFaults.NONE);
        stale.worker().ensureGroup();
        String game = stale.useCases().rooms().open("fenced").game();
        int p = stale.partitions().of(game);
        assertThat(stale.worker().pollOnce(Duration.ofMillis(10))).isZero(); // a round of ownership: it holds every partition
        long epoch = stale.worker().owned().get(p);
        // another takes the partition over (its lease released by force, as after a pause past the lease)
        PartitionLeasePort leases = stale.redis().leases();
        PartitionedChannel guesses = stale.partitions().channel(Channels.GUESSES);
        leases.release(guesses, p, leases.read(guesses, p).get().owner());
        LeaseOutcome thief = leases.acquire(guesses, p, "thief", Duration.ofMinutes(1));
        assertThat(thief.lease().epoch()).isEqualTo(epoch + 1);

        Map<String, String> gameOf = submit(stale, List.of(game), 3, new Random(7));
        assertThatThrownBy(() -> stale.worker().partition(p).pollOnce(Duration.ofMillis(200)))
                .isInstanceOfSatisfying(LeaseFencedException.class, e -> {
                    assertThat(e.partition()).isEqualTo(p);
                    assertThat(e.epoch()).isEqualTo(epoch);
                    assertThat(e.stored()).isEqualTo(epoch + 1);
                });
        assertThat(scoredEntries(stale)).as("nothing written").isEmpty();
        assertThat(stale.worker().pending()).as("the guesses stay pending").isEqualTo(3);
        gameOf.forEach((id, g) -> assertThat(stale.useCases().games().guess(g, id).status()).isEqualTo("pending"));

        // the stale instance leaves; the thief lets go; a new owner takes the partition and its pending guesses
        stale.worker().stop();
        leases.release(guesses, p, "thief");
        Codemojex next = app(2, 3, Duration.ZERO, ScoreFaults.NONE);
        assertThat(next.worker().recover()).isEqualTo(3);
        assertThat(next.worker().owned()).containsEntry(p, epoch + 2);
        nothingLostOrDoubled(next, gameOf);
    }
}
