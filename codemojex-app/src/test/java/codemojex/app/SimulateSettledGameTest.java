package codemojex.app;

import codemojex.app.cli.Simulation;
import codemojex.app.http.RateLimiter;
import codemojex.app.redis.Keys;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code simulate} plays on when a game it plays is cracked: a random guess scores 600 once in
 * 665,280, and a settled game takes no players (409), which made a whole run fail (CI's
 * {@code ManyInstancesTest} met it once). Here every game is cracked as soon as it opens, by a
 * player who read the secret, while the simulation joins and guesses.
 */
class SimulateSettledGameTest {

    @Test
    void aGameCrackedDuringTheRunIsLeftAndTheRunGoesOn() throws Exception {
        try (AppFixture f = new AppFixture(Settings.defaults(), RateLimiter.unlimited());
             UnifiedJedis direct = echomq.redis.RedisConnections.connect(f.uri)) {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger cracked = new AtomicInteger();
            java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
            String game0 = Keys.ONE.game("x");
            String pattern = game0.substring(0, game0.length() - 1) + "*";
            Thread cracker = new Thread(() -> {
                Set<String> done = new HashSet<>();
                try {
                while (!stop.get()) {
                    String cursor = ScanParams.SCAN_POINTER_START;
                    do {
                        ScanResult<String> page = direct.scan(cursor, new ScanParams().match(pattern).count(100));
                        for (String key : page.getResult()) {
                            String game = key.substring(key.lastIndexOf(':') + 1);
                            String secret = direct.hget(key, "secret");
                            if (secret != null && done.add(game)) {
                                f.app.useCases().guesses().submit(game, TestPlayers.id("cracker"), "cracker", secret);
                                cracked.incrementAndGet();
                            }
                        }
                        cursor = page.getCursor();
                    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
                    Thread.sleep(5);
                }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Throwable t) {
                    failed.set(t);
                }
            }, "cracker");
            cracker.start();
            try {
                Simulation.Report report = new Simulation(f.server.url(), new PrintStream(new ByteArrayOutputStream())).run(60, 3, 600, 4, 7);
                assertThat(report.games()).isEqualTo(3);
                // every guess it sent was answered (202 or 409) and is scored or rejected; the joins refused were not sent
                assertThat(report.guesses()).isLessThan(600);
                for (var g : report.guessToGame().entrySet()) {
                    assertThat(f.app.useCases().games().guess(g.getValue(), g.getKey()).status()).isIn("scored", "rejected", "pending");
                }
            } finally {
                stop.set(true);
                cracker.join();
            }
            assertThat(failed.get()).as("the cracker's failure").isNull();
            assertThat(cracked.get()).as("games cracked during the run").isEqualTo(3);
        }
    }
}
