package echomq.bench;

import echomq.domain.id.Snowflake;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.Durability;
import echomq.domain.stream.StreamKey;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.testkit.RedisClusterProcess;
import echomq.testkit.ReplicatedRedis;
import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * 18. What durable writes cost (#54), peers side by side in one run, rounds alternating:
 * <ul>
 *   <li>the library's group commit (8 threads appending to one stream through one
 *   {@link RedisStreamAppend}, Jedis; and through Lettuce's appender) on a master with one replica:
 *   appends per second with {@code WAIT 1} after each batch ({@link Durability#replicated}) against
 *   none (goal: at least 0.8×);</li>
 *   <li>guesses scored per second end to end (HTTP submits by 8 client threads until every guess is
 *   scored, {@code simulate}'s play) by one app instance on a three-master cluster with a replica
 *   each, the games in 3 partitions: {@code --durability replicated} against the default (goal: at
 *   least 0.7×).</li>
 * </ul>
 * {@code -Dbench.args="full cases=18"}.
 */
final class DurabilityCase {

    private DurabilityCase() {
    }

    /** How long a write waits for its replica in the durable contenders: they answer within it on a healthy link. */
    static final Duration WAIT = Duration.ofSeconds(1);

    static void run(Harness h, boolean quick, int rounds) throws Exception {
        appends(h, quick, rounds);
        guesses(h, quick, Math.min(rounds, 3));
    }

    /** 18a. The group commit's appends per second with and without {@code WAIT 1}, on Jedis and on Lettuce. */
    static void appends(Harness h, boolean quick, int rounds) throws Exception {
        int threads = 8;
        int total = quick ? 8_000 : 100_000;
        try (ReplicatedRedis pair = ReplicatedRedis.start();
             UnifiedJedis jedis = RedisConnections.connect(pair.master().uri());
             echomq.lettuce.LettuceRedis lettuce = echomq.lettuce.LettuceConnections.connect(pair.master().uri())) {
            RedisStreamAppend none = new RedisStreamAppend(jedis, new Snowflake(171, System::currentTimeMillis));
            RedisStreamAppend waited = new RedisStreamAppend(jedis, new Snowflake(172, System::currentTimeMillis), RedisStreamAppend.DEFAULT_MAX_SKEW,
                    ClockBound.DEFAULT, Durability.replicated(1, WAIT));
            var lettuceNone = new echomq.lettuce.LettuceStreamAppend(lettuce, new Snowflake(173, System::currentTimeMillis));
            var lettuceWaited = new echomq.lettuce.LettuceStreamAppend(lettuce, new Snowflake(174, System::currentTimeMillis), ClockBound.DEFAULT,
                    Durability.replicated(1, WAIT));
            Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
            c.put("Jedis group commit, no wait (baseline)", () -> drop(jedis, Bench.threaded(threads, total, appender(none))));
            c.put("Jedis group commit, WAIT 1 per batch", () -> drop(jedis, Bench.threaded(threads, total, appender(waited))));
            c.put("Lettuce appends, no wait", () -> drop(jedis, Bench.threaded(threads, total, appender(lettuceNone))));
            c.put("Lettuce appends, WAIT 1 in flight at a time", () -> drop(jedis, Bench.threaded(threads, total, appender(lettuceWaited))));
            long waitsBefore = pair.master().calls("wait");
            List<Harness.Row> rows = h.compare("18a. append " + total + " entries from " + threads + " threads to one stream, master + 1 replica: "
                    + "WAIT 1 vs none", 1, rounds, c);
            long waits = pair.master().calls("wait") - waitsBefore;
            System.out.printf("[case 18a] Jedis WAIT 1 / none: %.3f (goal 0.8); Lettuce WAIT 1 / none: %.3f; %d WAITs for %d durable appends "
                            + "(%.1f appends a WAIT)%n", rows.get(1).ratioToBaseline(), rows.get(3).itemsPerSecond() / rows.get(2).itemsPerSecond(), waits,
                    2L * total * (rounds + 1), 2.0 * total * (rounds + 1) / Math.max(1, waits));
        }
    }

    private static Bench.Appender appender(echomq.domain.stream.StreamAppendPort port) {
        return (name, i) -> port.append(StreamKey.of(Bench.Q, name), LinkedHashMap.of("i", Integer.toString(i)));
    }

    /** Drops the streams of the round (keeps the replica's memory flat) and answers {@code count}. */
    private static long drop(UnifiedJedis jedis, long count) {
        for (String k : jedis.keys("emq:{" + Bench.Q + "}:stream:threads-*")) {
            jedis.del(k);
        }
        return count;
    }

    /** 18b. Guesses scored per second end to end, one instance on a cluster with replicas: --durability replicated vs none. */
    static void guesses(Harness h, boolean quick, int rounds) throws Exception {
        int guesses = quick ? 1_000 : 3_000;
        String title = "18b. guesses scored per second end to end (" + guesses + " guesses, 8 clients), cluster of 3 masters with a replica "
                + "each, P = 3: --durability replicated vs none";
        String[] contenders = {"--durability none (baseline)", "--durability replicated (WAIT 1, 1 s)"};
        double[][] rates = new double[contenders.length][rounds];
        try (RedisClusterProcess cluster = RedisClusterProcess.startWithReplicas()) {
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < contenders.length; i++) {
                    int v = (i + round) % contenders.length;
                    codemojex.app.Settings s = codemojex.app.Settings.builder().node(300 + 10 * round + v).partitions(3)
                            .durability(v == 0 ? Durability.NONE : Durability.replicated(1, WAIT)).build();
                    try (codemojex.app.Codemojex app = codemojex.app.Codemojex.connect(cluster.uri(), s);
                         codemojex.app.Server server = codemojex.app.Server.start(app, codemojex.app.ServerOptions.on("127.0.0.1", 0))) {
                        Bench.awaitOnePerPartition(List.of(app), 3);
                        try (codemojex.app.cli.Simulation sim = new codemojex.app.cli.Simulation(server.url(),
                                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()))) {
                            rates[v][round] = sim.run(30, 12, guesses, 8, 18 + round).scoredPerSecond();
                        }
                    }
                }
            }
        }
        List<Harness.Row> out = new ArrayList<>();
        double base = Harness.median(rates[0]);
        for (int v = 0; v < contenders.length; v++) {
            double rate = Harness.median(rates[v]);
            double[] r = rates[v];
            out.add(new Harness.Row(title, contenders[v], guesses, guesses / rate * 1000, rate, rate / base,
                    java.util.Arrays.stream(r).map(x -> guesses / x * 1000).toArray()));
        }
        h.record(out);
        System.out.printf("[case 18b] guesses/s, --durability replicated / none: %.3f (goal 0.7)%n", out.get(1).ratioToBaseline());
    }
}
