package echomq.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import echomq.domain.fold.Fold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.testkit.RedisServerProcess;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The benchmark run: fold throughput against raw Jedis and Lettuce, selectivity against
 * whole-stream-and-filter, the memory of a 5M fold in a 64 MB heap, and append throughput; all on
 * one Redis, contenders alternating. {@code mvn -Pbench -pl echomq-bench -am verify}.
 */
public final class Bench {

    static final String Q = "bench";
    static final long T0 = Snowflake.EPOCH_MS + 400L * 86_400_000L;
    static final int PER_MS = 10;

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args.length > 0 ? args[0] : "target");
        boolean quick = args.length > 1 && args[1].contains("quick");
        int entries = quick ? 100_000 : 1_000_000;
        int memoryEntries = quick ? 500_000 : 5_000_000;
        int rounds = quick ? 3 : 5;
        // "cases=1,2" runs only those cases (1 fold, 2 selectivity, 3 memory, 4 append, 5 cache, 6 cluster, 7 threads,
        // 8 sliding max by window length, 9 writer processes, 10 the score worker's commit batch, 11 app instances,
        // 12 the cost of metrics, 13 series, 14 scale: serve as a process, grown in games, players, clients and log length,
        // 15 simulate end to end against a baseline build, 16 the command line's series against the library's fold,
        // 17 SQL over Redis streams against Flink 2.3 in batch mode (a differential check, then throughput),
        // 19 the last hour in minute panes read 10,000 times a second, counted (#56); 20 a series by event time (L = 5m) against
        // the same series by id time (#57); http: what a request costs serve, against a bare Javalin floor,
        // issue #47, only when named: it takes 4 to 5 minutes, which the full run's 15 minutes have no room for; 18 durability: WAIT 1 vs
        // none, the library's group commit and the app's guesses on a cluster with replicas, issue #54, only when named too)
        String only = args.length > 1 && args[1].contains("cases=") ? args[1].replaceAll("(?s).*cases=([0-9a-z,]+).*", "$1")
                : "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,19,20";
        java.util.Set<String> cases = java.util.Set.of(only.split(","));

        String env = System.getenv("REDIS_URL");
        RedisServerProcess server = env == null || env.isBlank() ? RedisServerProcess.start() : null;
        String uri = server != null ? server.uri() : env;
        System.out.println("EchoMQ-J benchmark, " + Instant.now() + ", " + Runtime.getRuntime().availableProcessors()
                + " cores, Java " + System.getProperty("java.version") + ", Redis at " + echomq.wire.RedisUris.mask(uri)
                + (quick ? " (quick)" : ""));
        Harness h = new Harness();
        long started = System.nanoTime();
        try (UnifiedJedis jedis = RedisConnections.connect(uri);
             RedisClient lettuceClient = RedisClient.create(uri);
             StatefulRedisConnection<String, String> lettuce = lettuceClient.connect();
             echomq.lettuce.LettuceRedis lettuceAdapter = echomq.lettuce.LettuceConnections.connect(uri)) {
            String fold = "fold-" + System.nanoTime();
            String key = StreamKey.of(Q, fold).toString();
            if (cases.contains("1") || cases.contains("2")) {
                load(jedis, fold, entries);
            }
            long expected = expectedSum(entries);
            StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
            StreamWindows lettuceWindows = new StreamWindows(new echomq.lettuce.LettuceStreamRange(lettuceAdapter));
            Window.Closed whole = Window.closed(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + entries / PER_MS));
            long mark = System.nanoTime();
            // pages of 1,000 and 10,000 (the goals' pages); 100 too in a quick run (a full run's 15 minutes have no room for it)
            for (int page : !cases.contains("1") ? new int[0] : quick ? new int[] {100, 1000, 10_000} : new int[] {1000, 10_000}) {
                Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
                // each contender's own XRANGE time too: the folds ask for slices of at most 2,048 entries, the loops for
                // whole pages, and Redis spends less per entry on a smaller reply, so the bound of all four is not each one's
                double[] own = new double[4];
                c.put("jedis xrange loop (baseline)", ownXrange(jedis, own, 0, () -> check(expected, jedisLoop(jedis, key, whole, page))));
                c.put("EchoMQ-J foldWindow", ownXrange(jedis, own, 1, () -> check(expected, freshSum(windows, fold, whole, page))));
                c.put("lettuce xrange loop", ownXrange(jedis, own, 2, () -> check(expected, lettuceLoop(lettuce.sync(), key, whole, page))));
                c.put("EchoMQ-J foldWindow on Lettuce", ownXrange(jedis, own, 3,
                        () -> check(expected, freshSum(lettuceWindows, fold, whole, page))));
                jedis.executeCommand(new redis.clients.jedis.CommandArguments(redis.clients.jedis.Protocol.Command.CONFIG).add("RESETSTAT"));
                double cpuBefore = redisCpuMicros(jedis);
                List<Harness.Row> rows = h.compare("1. fold " + entries + " entries, page " + page, 1, rounds, c);
                double cpu = redisCpuMicros(jedis) - cpuBefore;
                // the server-bound rate: entries per second if the client cost nothing (Redis' own XRANGE time, this case)
                double usec = xrangeMicros(jedis);
                double served = (double) entries * (1 + rounds) * c.size();
                double serverBound = served / (usec / 1e6);
                // the stricter bound: all the CPU Redis used (reading the requests and writing the replies too), over the same reads
                double cpuBound = served / (cpu / 1e6);
                double oursRate = rows.get(1).itemsPerSecond();
                double lettuceRate = rows.get(3).itemsPerSecond();
                String sb = "1. fold " + entries + " entries, page " + page + ": server-bound";
                h.record(List.of(new Harness.Row(sb, "Redis' own XRANGE time (INFO commandstats)", entries, entries / serverBound * 1000, serverBound, 1.0,
                                new double[0]),
                        new Harness.Row(sb, "EchoMQ-J foldWindow / server-bound", entries, entries / oursRate * 1000, oursRate, oursRate / serverBound,
                                new double[0]),
                        new Harness.Row(sb, "EchoMQ-J foldWindow on Lettuce / server-bound", entries, entries / lettuceRate * 1000, lettuceRate,
                                lettuceRate / serverBound, new double[0]),
                        new Harness.Row(sb, "Redis' whole CPU (INFO cpu), as a rate", entries, entries / cpuBound * 1000, cpuBound,
                                cpuBound / serverBound, new double[0]),
                        new Harness.Row(sb, "EchoMQ-J foldWindow / Redis' whole CPU", entries, entries / oursRate * 1000, oursRate, oursRate / cpuBound,
                                new double[0]),
                        new Harness.Row(sb, "EchoMQ-J foldWindow / its own XRANGE time", entries, entries / oursRate * 1000, oursRate,
                                oursRate / (entries * (1.0 + rounds) / (own[1] / 1e6)), new double[0]),
                        new Harness.Row(sb, "EchoMQ-J foldWindow on Lettuce / its own XRANGE time", entries, entries / lettuceRate * 1000, lettuceRate,
                                lettuceRate / (entries * (1.0 + rounds) / (own[3] / 1e6)), new double[0])));
            }

            mark = took(cases, "1", mark);
            // 2. selectivity: a window of a fraction of the stream against reading it all and filtering
            for (double fraction : cases.contains("2") ? new double[] {0.001, 0.01, 0.1, 1.0} : new double[0]) {
                long spanMs = entries / PER_MS;
                long from = T0 + (long) (spanMs * (1 - fraction) / 2);
                long to = from + Math.max(0, (long) (spanMs * fraction) - 1);
                Window.Closed w = Window.closed(Instant.ofEpochMilli(from), Instant.ofEpochMilli(to));
                Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
                c.put("whole stream + client filter (baseline)", () -> filterWhole(jedis, StreamKey.of(Q, fold), w));
                c.put("EchoMQ-J foldWindow of the window", () -> freshSum(windows, fold, w, 1000)[1]);
                h.compare(String.format("2. selectivity %.1f%%", fraction * 100), 1, Math.min(rounds, 3), c); // ratios of 1.1 to 1,000: 3 rounds tell them
            }
            jedis.del(key);
            mark = took(cases, "2", mark);

            // 4. append
            int n = quick ? 5_000 : 20_000;
            Snowflake minter = new Snowflake(1, System::currentTimeMillis);
            RedisStreamAppend ours = new RedisStreamAppend(jedis, minter);
            Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
            c.put("jedis xadd * one by one (baseline)", () -> rawAppend(jedis, n, 1));
            c.put("EchoMQ-J append one by one", () -> oursAppend(jedis, ours, n, 1));
            c.put("jedis xadd * pipeline of 100", () -> rawAppend(jedis, n, 100));
            c.put("EchoMQ-J appendBatch of 100", () -> oursAppend(jedis, ours, n, 100));
            if (cases.contains("4")) {
                h.compare("4. append " + n + " entries", 1, rounds, c);
            }
            mark = took(cases, "4", mark);

            // 7. appends from 8 threads to one stream: the old per-stream lock vs group commit
            if (cases.contains("7")) {
                int threads = 8;
                // a full run measures writers past their JIT's warm-up (see WriterProcess): 50,000 appends each before the start,
        // then 200,000 in all (50,000 each of four); until #29 it was 5,000 and 40,000, which measured four young JVMs
        int total = quick ? 8_000 : 200_000;
        int warmUp = quick ? 5_000 : 50_000;
                Map<String, Callable<Long>> g = new java.util.LinkedHashMap<>();
                g.put("8 threads, mint + XADD under a per-stream lock (0.1.0's append; baseline)",
                        () -> threaded(threads, total, lockedAppend(jedis, new Snowflake(7, System::currentTimeMillis))));
                g.put("8 threads, append (group commit)",
                        () -> threaded(threads, total, (name, i) -> ours.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i)))));
                g.put("8 threads, appendAsync (group commit, receipts awaited at the end)", () -> threadedAsync(threads, total, ours));
                h.compare("7. append " + total + " entries from " + threads + " threads to one stream", 1, rounds, g);
            }
            mark = took(cases, "7", mark);

            if (cases.contains("5")) {
                cached(h, jedis, quick, rounds);
            }
            mark = took(cases, "5", mark);
            if (cases.contains("6")) {
                partitions(h, jedis, quick ? 30_000 : 300_000, rounds);
            }
            mark = took(cases, "6", mark);
            if (cases.contains("8")) {
                slidingMax(h, jedis, quick, rounds);
            }
            mark = took(cases, "8", mark);
            if (cases.contains("9")) {
                writerProcesses(h, uri, quick, Math.min(rounds, 3)); // each round starts seven JVMs
            }
            mark = took(cases, "9", mark);
            if (cases.contains("10")) {
                workerBatches(h, uri, quick, rounds);
            }
            mark = took(cases, "10", mark);
            if (cases.contains("11")) {
                instances(h, uri, quick, Math.min(rounds, 3)); // goal #54 on commands per guess; each round starts eight app instances and a cluster's worth of games
            }
            mark = took(cases, "11", mark);
            if (cases.contains("12")) {
                metricsCost(h, jedis, quick, rounds);
            }
            mark = took(cases, "12", mark);
            if (cases.contains("13")) {
                SeriesCase.run(h, jedis, quick);
            }
            mark = took(cases, "13", mark);
            if (cases.contains("14")) {
                ScaleCase.run(h, quick, target); // its own Redis and serve processes
            }
            mark = took(cases, "14", mark);
            if (cases.contains("15")) {
                SimulateCase.run(h, quick, quick ? 2 : 3, target); // simulate processes, each with its own server and Redis
            }
            mark = took(cases, "15", mark);
            if (cases.contains("16")) {
                CliCase.run(h, jedis, uri, quick, rounds);
            }
            mark = took(cases, "16", mark);
            if (cases.contains("17")) {
                SqlCase.run(h, jedis, uri, quick, rounds, target, args.length > 1 ? args[1] : "");
            }
            mark = took(cases, "17", mark);
            if (cases.contains("18")) {
                DurabilityCase.run(h, quick, rounds); // its own master + replica, and a cluster with replicas
            }
            mark = took(cases, "18", mark);
            if (cases.contains("19")) {
                StandingCase.run(h, jedis, quick);
            }
            mark = took(cases, "19", mark);
            if (cases.contains("20")) {
                EventTimeCase.run(h, jedis, quick, rounds);
            }
            mark = took(cases, "20", mark);
            if (cases.contains("http")) {
                HttpCase.run(h, args[1], target); // its own Redis, serve and floor processes, driven by wrk
            }
            mark = took(cases, "http", mark);

            // 3. memory: a fold of a large window in a JVM with a 64 MB heap
            if (cases.contains("3")) {
                String big = "memory-" + System.nanoTime();
                load(jedis, big, memoryEntries);
                memory(uri, big, memoryEntries, target);
                jedis.del(StreamKey.of(Q, big).toString());
            }
            took(cases, "3", mark);
            System.out.printf("%nthe cases took %.0f s: %s%n", (System.nanoTime() - started) / 1e9, TOOK);
        } finally {
            if (server != null) {
                server.stop();
            }
        }
        Files.createDirectories(target);
        File out = target.resolve("bench-results.json").toFile();
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out, Map.of(
                "date", Instant.now().toString(), "cores", Runtime.getRuntime().availableProcessors(),
                "java", System.getProperty("java.version"), "rows", h.rows(), "memory", MEMORY, "seconds", TOOK));
        System.out.println("\nwrote " + out);
    }

    static final Map<String, Object> MEMORY = new java.util.LinkedHashMap<>();

    /** Seconds each case took (the full run's goal is under 15 minutes with the build). */
    static final Map<String, Long> TOOK = new java.util.LinkedHashMap<>();

    /** Records and prints how long case {@code name} took since {@code since}, if it ran; the next case's start. */
    static long took(java.util.Set<String> cases, String name, long since) {
        long now = System.nanoTime();
        if (cases.contains(name)) {
            TOOK.put(name, Math.round((now - since) / 1e9));
            System.out.printf("   (case %s took %d s)%n", name, TOOK.get(name));
        }
        return now;
    }

    /**
     * 9. Appends to one stream from 1, 2 and 4 writer processes (separate JVMs, clocks skewed by up
     * to ±50 ms, each appending as fast as it can): total appends per second from the first start
     * to the last end, measured by the processes themselves after a common start instant, rounds
     * alternating, each writer past its JIT's warm-up. Goals: nothing refused; 4 writers at least 0.8× one writer's rate.
     */
    static void writerProcesses(Harness h, String uri, boolean quick, int rounds) throws Exception {
        // a full run measures writers past their JIT's warm-up (see WriterProcess): 50,000 appends each before the start,
        // then 200,000 in all (50,000 each of four); until #29 it was 5,000 and 40,000, which measured four young JVMs
        int total = quick ? 8_000 : 200_000;
        int warmUp = quick ? 5_000 : 50_000;
        int[] writers = {1, 2, 4};
        long[] offsets = {0, 50, -50, 17};
        Map<Integer, double[]> rates = new java.util.LinkedHashMap<>();
        Map<Integer, double[]> cpuMicros = new java.util.LinkedHashMap<>(); // the writers' CPU, all processes of a round
        Map<Integer, double[]> redisMicros = new java.util.LinkedHashMap<>(); // Redis' own XADD time of a round
        long refused = 0;
        long remints = 0;
        for (int w : writers) {
            rates.put(w, new double[rounds]);
            cpuMicros.put(w, new double[rounds]);
            redisMicros.put(w, new double[rounds]);
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < writers.length; k++) {
                int n = writers[(k + r) % writers.length];
                String name = "writers-" + n + "-" + System.nanoTime();
                List<Process> ps = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    ps.add(new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                            "-cp", System.getProperty("java.class.path"), WriterProcess.class.getName(), uri, Q, name,
                            Integer.toString(i + 1), Long.toString(offsets[i]), Integer.toString(total / n), Integer.toString(warmUp))
                            .redirectErrorStream(true).start());
                }
                List<java.io.BufferedReader> outs = new ArrayList<>();
                for (Process p : ps) { // each warms up, then says so
                    java.io.BufferedReader reader = new java.io.BufferedReader(
                            new java.io.InputStreamReader(p.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
                    outs.add(reader);
                    StringBuilder before = new StringBuilder();
                    for (String line; !"ready".equals(line = reader.readLine()); before.append(line).append('\n')) {
                        if (line == null) {
                            ps.forEach(Process::destroyForcibly);
                            throw new IllegalStateException("a writer process ended before it was ready: " + before);
                        }
                    }
                }
                double xaddBefore; // after the warm-up
                try (UnifiedJedis stats = RedisConnections.connect(uri)) {
                    xaddBefore = commandMicros(stats, "xadd");
                }
                long startAt = System.currentTimeMillis() + 200;
                for (Process p : ps) {
                    p.getOutputStream().write((startAt + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    p.getOutputStream().close();
                }
                long first = Long.MAX_VALUE;
                long last = Long.MIN_VALUE;
                for (int i = 0; i < ps.size(); i++) {
                    Process p = ps.get(i);
                    String out = outs.get(i).lines().collect(java.util.stream.Collectors.joining("\n"));
                    if (!p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES) || p.exitValue() != 0 || !out.contains("landed")) {
                        ps.forEach(Process::destroyForcibly);
                        throw new IllegalStateException("a writer process failed: " + out);
                    }
                    java.util.regex.Matcher m = java.util.regex.Pattern
                            .compile("start (\\d+) end (\\d+) landed (\\d+) refused (\\d+) remints (\\d+) cpu (\\d+)").matcher(out);
                    if (!m.find()) {
                        throw new IllegalStateException("unexpected writer output: " + out);
                    }
                    first = Math.min(first, Long.parseLong(m.group(1)));
                    last = Math.max(last, Long.parseLong(m.group(2)));
                    refused += Long.parseLong(m.group(4));
                    remints += Long.parseLong(m.group(5));
                    cpuMicros.get(n)[r] += Long.parseLong(m.group(6));
                }
                rates.get(n)[r] = total / ((last - first) / 1000.0);
                try (UnifiedJedis check = RedisConnections.connect(uri)) {
                    redisMicros.get(n)[r] = commandMicros(check, "xadd") - xaddBefore;
                    long len = check.xlen(StreamKey.of(Q, name).toString());
                    if (len != total) {
                        throw new IllegalStateException(n + " writers: " + len + " entries, expected " + total);
                    }
                    check.del(StreamKey.of(Q, name).toString(), StreamKey.of(Q, name + "-warm").toString());
                }
            }
        }
        String title = "9. append " + total + " entries to one stream from writer processes (clocks up to ±50 ms apart)";
        double base = Harness.median(rates.get(1));
        List<Harness.Row> out = new ArrayList<>();
        for (int n : writers) {
            double rate = Harness.median(rates.get(n));
            out.add(new Harness.Row(title, n + " writer process" + (n > 1 ? "es" : "") + (n == 1 ? " (baseline)" : ""), total,
                    total / rate * 1000, rate, rate / base, rates.get(n)));
        }
        // what bounds them: Redis' own XADD time per append (the server-bound rate), and the writers' CPU plus Redis' per append
        // against the machine's cores (the machine-bound rate: all cores busy with nothing but this work)
        int cores = Runtime.getRuntime().availableProcessors();
        for (int n : writers) {
            double redisPer = Harness.median(redisMicros.get(n)) / total;
            double cpuPer = Harness.median(cpuMicros.get(n)) / total;
            double serverBound = 1e6 / redisPer;
            double machineBound = cores * 1e6 / (redisPer + cpuPer);
            out.add(new Harness.Row(title, "server-bound, " + n + " writer" + (n > 1 ? "s" : "") + " (Redis' own XADD time)", total,
                    total / serverBound * 1000, serverBound, serverBound / base, new double[0]));
            out.add(new Harness.Row(title, String.format("machine-bound, %d writer%s (%d cores / (%.1f µs writer CPU + %.1f µs Redis) an append)",
                    n, n > 1 ? "s" : "", cores, cpuPer, redisPer), total, total / machineBound * 1000, machineBound, machineBound / base,
                    new double[0]));
        }
        h.record(out);
        System.out.println("   refused (failed receipts): " + refused + "; minted again above the top: " + remints
                + " of " + (long) total * rounds * writers.length + " appends");
    }

    /**
     * 10. The Codemojex score worker draining guesses already submitted, committing one guess per
     * script call against up to 100, with the app on Jedis and on Lettuce: guesses scored per second,
     * rounds alternating, the submitting not timed. Goal: batching ≥ 5× the per-guess commit.
     *
     * <p>Each drain is the worker as {@code serve} runs it: its threads started, owning every partition
     * from its first ownership round, and stopped when the guesses are scored, which releases the
     * leases and leaves the members (a clean handover). So the next variant's app, another instance,
     * takes the partitions at once: no round waits out a lease its predecessor still held (since the
     * leases of #48 every round after the first took the default 10 s lease, and batch 100 read 1.05×
     * batch 1). Around each drain Redis' own figures ({@code INFO commandstats}) are read: calls and
     * microseconds per scored guess by command, the scripts' own commands apart.
     */
    static void workerBatches(Harness h, String uri, boolean quick, int rounds) {
        int k = quick ? 2_000 : 10_000;
        record Variant(codemojex.app.RedisClient client, int batch) {
            String label() {
                return (client == codemojex.app.RedisClient.JEDIS ? "Jedis" : "Lettuce") + ", commit batch of " + batch;
            }
        }
        List<Variant> variants = List.of(new Variant(codemojex.app.RedisClient.JEDIS, 1), new Variant(codemojex.app.RedisClient.JEDIS, 100),
                new Variant(codemojex.app.RedisClient.LETTUCE, 1), new Variant(codemojex.app.RedisClient.LETTUCE, 100));
        double[][] rates = new double[variants.size()][rounds];
        double[] redisMicros = new double[variants.size()];
        double[] redisCpu = new double[variants.size()];
        RedisStats[] byCommand = new RedisStats[variants.size()];
        java.util.Arrays.fill(byCommand, RedisStats.none());
        double[] ownership = new double[variants.size()];
        java.util.Random r = new java.util.Random(10);
        List<codemojex.app.Codemojex> apps = new ArrayList<>();
        try (UnifiedJedis stats = echomq.redis.RedisConnections.connect(uri)) { // the server's command statistics
            for (int v = 0; v < variants.size(); v++) {
                apps.add(codemojex.app.Codemojex.connect(uri, codemojex.app.Settings.builder().node(101 + v)
                        .commitBatch(variants.get(v).batch()).client(variants.get(v).client()).build()));
            }
            codemojex.app.Codemojex submitter = apps.get(0);
            submitter.worker().ensureGroup();
            List<String> gameIds = new ArrayList<>();
            List<List<String>> keys = new ArrayList<>();
            for (int g = 0; g < 20; g++) {
                var opened = submitter.useCases().rooms().open("bench");
                gameIds.add(opened.game());
                keys.add(opened.keyboard().keys().map(e -> e.text()).toJavaList());
            }
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < variants.size(); i++) {
                    int v = (i + round) % variants.size();
                    codemojex.app.Codemojex app = apps.get(v);
                    for (int n = 0; n < k; n++) {
                        int g = r.nextInt(gameIds.size());
                        // six distinct emojis of the game's keyboard: a guess with a repeat is refused (#27)
                        String guess = codemojex.projections.Keyboard.parse(String.join(" ", keys.get(g))).drawGuess(r).toString();
                        String player = "p" + r.nextInt(50);
                        try {
                            submitter.useCases().guesses().submit(gameIds.get(g), codemojex.projections.PlayerIds.ofName(player), player, guess);
                        } catch (codemojex.app.core.GameSettledException cracked) {
                            // a random guess cracked it in an earlier round (1 in 665,280 a guess): play a new game instead
                            var opened = submitter.useCases().rooms().open("bench");
                            gameIds.set(g, opened.game());
                            keys.set(g, opened.keyboard().keys().map(e -> e.text()).toJavaList());
                            n--;
                        }
                    }
                    long before = app.worker().scored() + app.worker().rejected();
                    double redisBefore = commandMicros(stats, "evalsha") + commandMicros(stats, "xreadgroup");
                    double cpuBefore = redisCpuMicros(stats);
                    RedisStats s0 = RedisStats.of(stats);
                    long t0 = System.nanoTime();
                    app.worker().start(); // its first ownership round takes every partition: the last drainer released them
                    long owned = System.nanoTime();
                    long deadline = t0 + java.util.concurrent.TimeUnit.MINUTES.toNanos(5);
                    while (app.worker().scored() + app.worker().rejected() - before < k) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException("10: " + variants.get(v).label() + " scored "
                                    + (app.worker().scored() + app.worker().rejected() - before) + " of " + k + " in 5 minutes; it owns "
                                    + app.worker().owned());
                        }
                        java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                    }
                    rates[v][round] = k / ((System.nanoTime() - t0) / 1e9);
                    ownership[v] += (owned - t0) / 1e6;
                    redisCpu[v] += redisCpuMicros(stats) - cpuBefore;
                    redisMicros[v] += commandMicros(stats, "evalsha") + commandMicros(stats, "xreadgroup") - redisBefore;
                    byCommand[v] = byCommand[v].plus(RedisStats.of(stats).since(s0));
                    app.worker().stop(); // a clean handover: the leases released, the member gone (not timed)
                }
            }
        } finally {
            apps.forEach(codemojex.app.Codemojex::close);
        }
        String title = "10. score worker draining " + k + " guesses: commit batch of 1 vs 100, on Jedis and on Lettuce";
        double base = Harness.median(rates[0]);
        List<Harness.Row> out = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            double rate = Harness.median(rates[v]);
            out.add(new Harness.Row(title, variants.get(v).label() + (v == 0 ? " (baseline)" : ""), k, k / rate * 1000, rate, rate / base,
                    java.util.Arrays.stream(rates[v]).map(x -> k / x * 1000).toArray()));
        }
        for (int v = 0; v < variants.size(); v++) {
            // the rate if the worker's own side cost nothing: Redis' time in the scripts and the group reads (INFO commandstats)
            double serverBound = (double) k * rounds / (redisMicros[v] / 1e6);
            out.add(new Harness.Row(title, "server-bound, " + variants.get(v).label() + " (Redis' own EVALSHA + XREADGROUP time)", k,
                    k / serverBound * 1000, serverBound, serverBound / base, new double[0]));
        }
        for (int v = 0; v < variants.size(); v++) {
            // stricter: all the CPU Redis used while the worker drained (reading its requests, running them, writing the replies)
            double cpuBound = (double) k * rounds / (redisCpu[v] / 1e6);
            out.add(new Harness.Row(title, "Redis' whole CPU, " + variants.get(v).label() + " (INFO cpu), as a rate", k,
                    k / cpuBound * 1000, cpuBound, cpuBound / base, new double[0]));
        }
        h.record(out);
        System.out.println("   Redis per scored guess, by command (calls, µs; a script's own commands apart, their time in the script's too):");
        for (int v = 0; v < variants.size(); v++) {
            System.out.printf("   %s (first ownership round %.1f ms a drain): %s%n", variants.get(v).label(), ownership[v] / rounds,
                    byCommand[v].per((long) k * rounds));
        }
        double jedis = Harness.median(rates[1]) / Harness.median(rates[0]);
        double lettuce = Harness.median(rates[3]) / Harness.median(rates[2]);
        System.out.printf("   goal, batch 100 >= 5x batch 1 on either client: Jedis %.2fx, Lettuce %.2fx: %s%n", jedis, lettuce,
                jedis >= 5 || lettuce >= 5 ? "met" : "missed (Redis' figures above say where the time goes)");
    }

    /** #54: three instances spend at most this many times one instance's Redis commands per scored guess. */
    static final double FAN_OUT_GOAL = 1.1;

    /**
     * 11. Guesses scored per second end to end (HTTP submits by 8 client threads until every guess
     * is scored) by 1 against 3 app instances, on one Redis and on a three-master cluster, the games
     * in 3 partitions (#48: each partition scored by the one instance holding its lease). The
     * instances run in this JVM, each with its own client, HTTP server and score workers: the work is
     * shared as between processes, the CPU is the same two cores. Each run waits for the partitions
     * to be owned once each (steady state) and plays half the guesses to warm them, then counts Redis'
     * commands per scored guess ({@code INFO commandstats} over every master, less {@code INFO}), the rate
     * of the 3 s idle just before subtracted (#54: goal, 3 instances at most 1.1x one), the commit script's
     * {@code BEHIND} answers and the fenced commits. Rounds alternate the contenders; each round
     * starts fresh instances and opens new games.
     */
    static void instances(Harness h, String uri, boolean quick, int rounds) throws Exception {
        final long idleMs = 3_000;
        int guesses = quick ? 1_500 : 2_000;
        String title = "11. guesses scored per second end to end (" + guesses + " guesses, 8 clients): 1 vs 3 app instances, P = 3 leased";
        String[] contenders = {"one Redis P = 3, 1 instance", "one Redis P = 3, 3 instances", "cluster P = 3, 1 instance", "cluster P = 3, 3 instances"};
        Map<String, double[]> rates = new java.util.LinkedHashMap<>();
        Map<String, double[]> commands = new java.util.LinkedHashMap<>();
        Map<String, long[]> behindFenced = new java.util.LinkedHashMap<>();
        for (String c : contenders) {
            rates.put(c, new double[rounds]);
            commands.put(c, new double[rounds]);
            behindFenced.put(c, new long[2]);
        }
        try (echomq.testkit.RedisServerProcess one = echomq.testkit.RedisServerProcess.start();
             echomq.testkit.RedisClusterProcess cluster = echomq.testkit.RedisClusterProcess.start()) {
            // each topology's partition count is stored by its first instance: every later one finds it
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < contenders.length; i++) {
                    String c = contenders[(i + round) % contenders.length];
                    boolean onCluster = c.startsWith("cluster");
                    List<echomq.testkit.RedisServerProcess> nodes = onCluster ? cluster.masters() : List.of(one);
                    int n = c.endsWith("3 instances") ? 3 : 1;
                    List<codemojex.app.Codemojex> apps = new ArrayList<>();
                    List<codemojex.app.Server> servers = new ArrayList<>();
                    try {
                        for (int k = 0; k < n; k++) {
                            codemojex.app.Settings s = codemojex.app.Settings.builder().node(200 + 10 * round + k).partitions(3).build();
                            codemojex.app.Codemojex app = codemojex.app.Codemojex.connect(onCluster ? cluster.uri() : one.uri(), s);
                            apps.add(app);
                            servers.add(codemojex.app.Server.start(app, codemojex.app.ServerOptions.on("127.0.0.1", 0)));
                        }
                        awaitOnePerPartition(apps, 3);
                        try (codemojex.app.cli.Simulation sim = new codemojex.app.cli.Simulation(
                                servers.stream().map(codemojex.app.Server::url).toList(), new java.io.PrintStream(java.io.OutputStream.nullOutputStream()))) {
                            sim.run(30, 12, guesses / 2, 8, 101 + round); // warm: the instances' JIT, pools and caches (#54)
                            // the idle rate (leases, the blocking reads' returns, the lobby's tick), charged to no guess
                            long i0 = commandCalls(nodes);
                            long t0 = System.nanoTime();
                            Thread.sleep(idleMs);
                            double idlePerNano = (commandCalls(nodes) - i0) / (double) (System.nanoTime() - t0);
                            long before = commandCalls(nodes);
                            long p0 = System.nanoTime();
                            rates.get(c)[round] = sim.run(30, 12, guesses, 8, 11 + round).scoredPerSecond();
                            commands.get(c)[round] = (commandCalls(nodes) - before - idlePerNano * (System.nanoTime() - p0)) / guesses;
                        }
                        for (codemojex.app.Codemojex app : apps) {
                            behindFenced.get(c)[0] += (long) app.meters().registry().get("codemojex.worker.behind").functionCounter().count();
                            behindFenced.get(c)[1] += app.worker().fenced();
                        }
                    } finally {
                        servers.forEach(codemojex.app.Server::close);
                        apps.forEach(codemojex.app.Codemojex::close);
                    }
                }
            }
        }
        List<Harness.Row> out = new ArrayList<>();
        for (String topology : new String[] {"one Redis P = 3", "cluster P = 3"}) {
            double base = Harness.median(rates.get(topology + ", 1 instance"));
            double baseCommands = Harness.median(commands.get(topology + ", 1 instance"));
            for (String c : contenders) {
                if (c.startsWith(topology)) {
                    double rate = Harness.median(rates.get(c));
                    out.add(new Harness.Row(title, c + (c.endsWith("1 instance") ? " (baseline of its topology)" : ""), guesses,
                            guesses / rate * 1000, rate, rate / base, java.util.Arrays.stream(rates.get(c)).map(x -> guesses / x * 1000).toArray()));
                    double perGuess = Harness.median(commands.get(c));
                    System.out.printf("[case 11] %s: %.0f guesses/s (%.2fx), %.2f Redis commands per scored guess (%.2fx; rounds %s), "
                                    + "BEHIND %d, FENCED %d over %d rounds%s%n", c, rate, rate / base, perGuess, perGuess / baseCommands,
                            java.util.Arrays.toString(commands.get(c)), behindFenced.get(c)[0], behindFenced.get(c)[1], rounds,
                            c.endsWith("3 instances") ? String.format("; goal #54 (<= %.1fx commands per guess): %s", FAN_OUT_GOAL,
                                    perGuess / baseCommands <= FAN_OUT_GOAL ? "met" : "NOT met") : "");
                }
            }
        }
        h.record(out);
    }

    /** Waits (30 s at most) until {@code apps} own each of {@code partitions} partitions exactly once: the leases' steady state. */
    static void awaitOnePerPartition(List<codemojex.app.Codemojex> apps, int partitions) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            java.util.Set<Integer> owned = new java.util.HashSet<>();
            int total = 0;
            for (codemojex.app.Codemojex app : apps) {
                owned.addAll(app.worker().owned().keySet());
                total += app.worker().owned().size();
            }
            if (owned.size() == partitions && total == partitions) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the partitions were not owned once each within 30 s: " + owned + ", " + total + " leases");
            }
            Thread.sleep(50);
        }
    }

    /** Every command {@code nodes} ran so far ({@code INFO commandstats}, scripts' own commands included), less {@code INFO}. */
    static long commandCalls(List<echomq.testkit.RedisServerProcess> nodes) {
        long calls = 0;
        for (echomq.testkit.RedisServerProcess node : nodes) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^cmdstat_([^:]+):calls=(\\d+)").matcher(node.command("INFO", "commandstats"));
            while (m.find()) {
                if (!m.group(1).equals("info")) {
                    calls += Long.parseLong(m.group(2));
                }
            }
        }
        return calls;
    }

    /** The entries of a window, counted: invertible. */
    static final echomq.domain.fold.InvertibleFold<Long> COUNT = echomq.domain.fold.InvertibleFold.of("count", 1, 0L,
            (n, e) -> n + 1, Long::sum, (n, e) -> n - 1);

    /** The largest {@code n} of a window: combinable, not invertible. */
    static final echomq.domain.fold.CombinableFold<Long> MAX_N = echomq.domain.fold.CombinableFold.of("max-n", 1, Long.MIN_VALUE,
            (m, e) -> Math.max(m, Long.parseLong(e.field("n").get())), Math::max);

    /**
     * 8. A sliding maximum whose window holds 1,000 entries against one that holds 100,000: one
     * append and one read per slide, 100 entries per simulated second, 1-second panes (10 against
     * 1,000 of them). The goal: a slide of the long window costs at most 1.5× one of the short.
     */
    static void slidingMax(Harness h, UnifiedJedis jedis, boolean quick, int rounds) throws Exception {
        RedisStreamRange range = new RedisStreamRange(jedis);
        echomq.redis.RedisStreamState states = new echomq.redis.RedisStreamState(jedis);
        StreamWindows windows = new StreamWindows(range);
        int slides = quick ? 200 : 500;
        Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
        List<Runnable> checks = new ArrayList<>();
        for (int size : new int[] {1_000, 100_000}) {
            String name = "max-" + size + "-" + System.nanoTime();
            AtomicLong now = new AtomicLong(Snowflake.EPOCH_MS + 600L * 86_400_000L);
            RedisStreamAppend writer = new RedisStreamAppend(jedis, new Snowflake(8, now::get));
            AtomicLong n = new AtomicLong();
            List<LinkedHashMap<String, String>> ten = new ArrayList<>();
            for (int i = 0; i < size + 1_000; i += 10) {
                ten.clear();
                for (int k = 0; k < 10; k++) {
                    ten.add(LinkedHashMap.of("n", Long.toString(n.incrementAndGet() * 7919 % 1_000_003)));
                }
                writer.appendBatch(StreamKey.of(Q, name), ten);
                now.addAndGet(100); // ten entries per 100 ms: 100 a second
            }
            Duration length = Duration.ofMillis(size * 10L);
            echomq.engine.projection.ProjectionReader reader =
                    new echomq.engine.projection.ProjectionReader(range, states, fixedClock(now), 100_000);
            reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(Duration.ofSeconds(1)), MAX_N);
            c.put("sliding max over a " + String.format("%,d", size) + "-entry window (" + size / 100 + " panes)", () -> {
                for (int i = 0; i < slides; i++) {
                    now.addAndGet(10);
                    writer.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Long.toString(n.incrementAndGet() * 7919 % 1_000_003)));
                    reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(Duration.ofSeconds(1)), MAX_N);
                }
                return (long) slides;
            });
            checks.add(() -> {
                long got = reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(Duration.ofSeconds(1)), MAX_N);
                long fresh = windows.foldWindow(StreamKey.of(Q, name), Window.since(Instant.ofEpochMilli(now.get()).minus(length)), MAX_N);
                if (got != fresh) {
                    throw new IllegalStateException("sliding max " + got + " differs from the fresh fold " + fresh + " of " + name);
                }
                System.out.println("   " + name + ": " + reader.metrics());
                jedis.del(StreamKey.of(Q, name).toString());
            });
        }
        h.compare("8. sliding max, one append + one read per slide (" + slides + " slides a round)", 1, rounds, c);
        checks.forEach(Runnable::run);
    }

    record Feedish(long count, io.vavr.collection.Vector<StreamId> newest) {
    }

    static final echomq.domain.fold.CombinableFold<Feedish> FEEDISH = echomq.domain.fold.CombinableFold.of("feedish", 1,
            new Feedish(0, io.vavr.collection.Vector.empty()),
            (a, e) -> new Feedish(a.count() + 1, a.newest().prepend(e.id()).take(20)),
            (x, y) -> new Feedish(x.count() + y.count(), y.newest().appendAll(x.newest()).take(20)));

    /** 5. the projection reader against a full re-fold: a sealed window, a window after 100 appends, the sliding hour. */
    /** One append of record {@code i} to stream {@code name}. */
    @FunctionalInterface
    interface Appender {
        void append(String name, int i);
    }

    /** What {@code append} did before group commit: mint and XADD under a per-stream lock, one round trip per record. */
    static Appender lockedAppend(UnifiedJedis jedis, Snowflake minter) {
        RedisStreamAppend direct = new RedisStreamAppend(jedis, minter);
        Object lock = new Object();
        return (name, i) -> {
            synchronized (lock) {
                direct.appendWithId(StreamKey.of(Q, name), minter.nextId(), LinkedHashMap.of("i", Integer.toString(i)));
            }
        };
    }

    /** {@code total} appends to a fresh stream from {@code threads} threads; the count. */
    static long threaded(int threads, int total, Appender appender) throws Exception {
        String name = "threads-" + System.nanoTime();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int from = t * (total / threads);
                done.add(pool.submit(() -> {
                    for (int i = from; i < from + total / threads; i++) {
                        appender.append(name, i);
                    }
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return total;
    }

    static long threadedAsync(int threads, int total, RedisStreamAppend ours) throws Exception {
        String name = "async-" + System.nanoTime();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<List<java.util.concurrent.CompletableFuture<BrandedId>>>> done = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    List<java.util.concurrent.CompletableFuture<BrandedId>> receipts = new java.util.ArrayList<>();
                    for (int i = 0; i < total / threads; i++) {
                        receipts.add(ours.appendAsync(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i))));
                    }
                    return receipts;
                }));
            }
            for (var f : done) {
                for (var r : f.get()) {
                    r.join();
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return total;
    }

    /**
     * 12. What observing costs: the same appends and cached reads (each read one state read and a hit
     * or a short incremental fold) with no listener, and with the Micrometer listener on a registry.
     */
    static void metricsCost(Harness h, UnifiedJedis jedis, boolean quick, int rounds) throws Exception {
        int n = quick ? 1_000 : 5_000;
        String name = "metrics-" + System.nanoTime();
        Window.Since open = Window.since(Instant.now().minusSeconds(60));
        Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
        for (boolean observed : new boolean[] {false, true}) {
            echomq.domain.observe.EchoListener listener = observed
                    ? new echomq.micrometer.MicrometerEchoListener(new io.micrometer.core.instrument.simple.SimpleMeterRegistry())
                    : echomq.domain.observe.EchoListener.NONE;
            echomq.engine.projection.ProjectionReader reader = new echomq.engine.projection.ProjectionReader(new RedisStreamRange(jedis),
                    new echomq.redis.RedisStreamState(jedis), java.time.Clock.systemUTC(), 100).observedBy(listener);
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(observed ? 121 : 120, System::currentTimeMillis))
                    .observedBy(listener);
            c.put(observed ? "MicrometerEchoListener on a SimpleMeterRegistry" : "no listener (baseline)", () -> {
                long folded = 0;
                for (int i = 0; i < n; i++) {
                    if (i % 4 == 0) {
                        append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", "1"));
                    }
                    folded += reader.fold(StreamKey.of(Q, name), open, COUNT) > 0 ? 1 : 0;
                }
                return folded;
            });
        }
        h.compare("12. " + n + " cached reads and " + n / 4 + " appends, observed or not", 1, rounds, c);
        jedis.del(StreamKey.of(Q, name).toString());
    }

    static void cached(Harness h, UnifiedJedis jedis, boolean quick, int rounds) throws Exception {
        int n = 100_000;
        String name = "cached-" + System.nanoTime();
        load(jedis, name, n);
        RedisStreamRange range = new RedisStreamRange(jedis);
        echomq.redis.RedisStreamState states = new echomq.redis.RedisStreamState(jedis);
        StreamWindows windows = new StreamWindows(range);
        long endMs = T0 + n / PER_MS;
        AtomicLong clockMs = new AtomicLong(endMs + 10);
        java.time.Clock clock = fixedClock(clockMs);
        echomq.engine.projection.ProjectionReader reader = new echomq.engine.projection.ProjectionReader(range, states, clock, 10_000);
        Window.Closed sealed = Window.closed(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(endMs - 1));
        RedisStreamAppend tail = new RedisStreamAppend(jedis, new Snowflake(3, clockMs::get));
        tail.append(StreamKey.of(Q, name), LinkedHashMap.of("n", "0")); // the stream moves on above the window: it is sealed
        Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
        c.put("full re-fold (baseline)", () -> windows.foldWindow(StreamKey.of(Q, name), sealed, FEEDISH).count());
        c.put("ProjectionReader, sealed window", () -> reader.fold(StreamKey.of(Q, name), sealed, FEEDISH).count());
        h.compare("5a. repeated read of a sealed " + n + "-entry window", 1, rounds, c);

        Window.Since open = Window.since(Instant.ofEpochMilli(T0));
        List<LinkedHashMap<String, String>> hundred = java.util.Collections.nCopies(100, LinkedHashMap.of("n", "1"));
        Map<String, Callable<Long>> d = new java.util.LinkedHashMap<>();
        d.put("100 appends + full re-fold (baseline)", () -> {
            tail.appendBatch(StreamKey.of(Q, name), hundred);
            return windows.foldWindow(StreamKey.of(Q, name), open, FEEDISH).count();
        });
        d.put("100 appends + ProjectionReader", () -> {
            tail.appendBatch(StreamKey.of(Q, name), hundred);
            return reader.fold(StreamKey.of(Q, name), open, FEEDISH).count();
        });
        h.compare("5b. read of a " + n + "-entry open window after 100 appends", 1, rounds, d);
        jedis.del(StreamKey.of(Q, name).toString());

        // 5c. the last hour read every second for a simulated hour of 50 appends a second
        String feed = "feed-" + System.nanoTime();
        long start = Snowflake.EPOCH_MS + 500L * 86_400_000L;
        AtomicLong now = new AtomicLong(start);
        RedisStreamAppend writer = new RedisStreamAppend(jedis, new Snowflake(4, () -> now.get()));
        List<LinkedHashMap<String, String>> second = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            second.add(LinkedHashMap.of("player", "p" + i, "total", "120"));
        }
        int seconds = quick ? 300 : 3600;
        // an hour already in the stream, so every read sees a full hour
        for (int s = 0; s < 3600; s++) {
            appendSecond(writer, feed, second, now);
        }
        echomq.engine.projection.ProjectionReader feedReader = new echomq.engine.projection.ProjectionReader(range, states, fixedClock(now), 10_000);
        echomq.engine.projection.ProjectionReader countReader = new echomq.engine.projection.ProjectionReader(range, states, fixedClock(now), 10_000);
        Duration hour = Duration.ofHours(1);
        double countNanos = 0;
        long warmCounted = 0;
        double readerNanos = 0;
        double fullNanos = 0;
        int fullReads = 0;
        long warmFolded = 0;
        for (int s = 0; s < seconds; s++) {
            if (s == 1) {
                warmFolded = feedReader.metrics().entriesFolded(); // the first read folds the whole hour once
                warmCounted = countReader.metrics().entriesFolded();
            }
            appendSecond(writer, feed, second, now);
            long t0 = System.nanoTime();
            Feedish viaReader = feedReader.fold(StreamKey.of(Q, feed), Window.last(hour).inPanesOf(Duration.ofMinutes(1)), FEEDISH);
            readerNanos += System.nanoTime() - t0;
            long t2 = System.nanoTime();
            long counted = countReader.fold(StreamKey.of(Q, feed), Window.last(hour).inPanesOf(Duration.ofMinutes(1)), COUNT);
            countNanos += System.nanoTime() - t2;
            if (counted != viaReader.count()) {
                throw new IllegalStateException("the running count differs from the feed's at second " + s);
            }
            if (s % 60 == 30) {
                long t1 = System.nanoTime();
                Feedish full = windows.foldWindow(StreamKey.of(Q, feed), Window.since(Instant.ofEpochMilli(now.get()).minus(hour)), FEEDISH);
                fullNanos += System.nanoTime() - t1;
                fullReads++;
                if (!full.equals(viaReader)) {
                    throw new IllegalStateException("the sliding fold differs from the full fold at second " + s);
                }
            }
        }
        double fullMs = fullNanos / fullReads / 1e6;
        double readerMs = readerNanos / seconds / 1e6;
        h.record(List.of(
                new Harness.Row("5c. last-hour feed read every second, 50 appends/s, " + seconds + " s simulated",
                        "full re-fold of the hour (baseline, every 60th s)", 180_000, fullMs, 180_000 / (fullMs / 1000), 1.0, new double[0]),
                new Harness.Row("5c. last-hour feed read every second, 50 appends/s, " + seconds + " s simulated",
                        "ProjectionReader.foldSliding, 1-min panes", 180_000, readerMs, 180_000 / (readerMs / 1000), fullMs / readerMs,
                        new double[0])));
        System.out.println("   (mean per read; reader " + feedReader.metrics() + ")");
        // new + expired per read: 50 entries enter the hour and 50 slide out each second
        System.out.printf("   entries folded per read after the first: %.1f (new + expired per read: 100; goal <= 200)%n",
                (double) (feedReader.metrics().entriesFolded() - warmFolded) / Math.max(1, seconds - 1));
        System.out.printf("5d. the last-hour count as an InvertibleFold (running: new folded in, expired retracted): "
                        + "%.3f ms per read, %.1f entries per read after the first (new + expired: 100)%n",
                countNanos / seconds / 1e6, (double) (countReader.metrics().entriesFolded() - warmCounted) / Math.max(1, seconds - 1));
        jedis.del(StreamKey.of(Q, feed).toString());
    }

    /** 6. one channel's fold with P = 1, 2, 3 partitions over a local three-master cluster, against one server. */
    static void partitions(Harness h, UnifiedJedis single, int entries, int rounds) throws Exception {
        try (echomq.testkit.RedisClusterProcess cluster = echomq.testkit.RedisClusterProcess.start();
             UnifiedJedis clustered = RedisConnections.connect(cluster.uri())) {
            Map<String, Callable<Long>> c = new java.util.LinkedHashMap<>();
            Window.Closed whole = Window.closed(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + entries / PER_MS));
            Fold<Long> count = Fold.of("count", 0L, (n, e) -> n + 1);
            String name = "part-" + System.nanoTime();
            load(single, name, entries);
            StreamWindows one = new StreamWindows(new RedisStreamRange(single));
            c.put("single server, one stream (baseline)", () -> one.foldWindow(StreamKey.of(Q, name), whole, count, 1000));
            for (int partitions = 1; partitions <= 3; partitions++) {
                echomq.domain.partition.PartitionedChannel channel = new echomq.domain.partition.PartitionedChannel("bp" + partitions, name, partitions);
                loadPartitioned(clustered, channel, entries);
                echomq.domain.window.PartitionedWindows pw = new echomq.domain.window.PartitionedWindows(new RedisStreamRange(clustered));
                c.put("cluster, P = " + partitions, () -> pw.foldWindow(channel, whole, count, 1000));
            }
            h.compare("6. fold of a " + entries + "-entry channel: cluster P = 1..3 vs one server", 1, rounds, c);
        }
    }

    /** The same records as {@link #load}, spread over the channel's partitions by a key. */
    static void loadPartitioned(UnifiedJedis jedis, echomq.domain.partition.PartitionedChannel channel, int entries) {
        AtomicLong mints = new AtomicLong();
        List<List<LinkedHashMap<String, String>>> perPartition = new ArrayList<>();
        List<RedisStreamAppend> writers = new ArrayList<>();
        for (int p = 0; p < channel.partitions(); p++) {
            perPartition.add(new ArrayList<>());
            writers.add(new RedisStreamAppend(jedis, new Snowflake(p, () -> T0 + mints.get() / PER_MS)));
        }
        for (int k = 0; k < entries; k++) {
            int p = channel.partitionOf("game-" + (k % 97));
            perPartition.get(p).add(LinkedHashMap.of("a", "x", "n", Integer.toString(k % 100), "b", "yz", "c", "7"));
            if (perPartition.get(p).size() == 1000 || k == entries - 1) {
                for (int q = 0; q < channel.partitions(); q++) {
                    if (!perPartition.get(q).isEmpty()) {
                        writers.get(q).appendBatch(StreamKey.of(channel.partitionQueue(q), channel.name()), perPartition.get(q));
                        perPartition.get(q).clear();
                    }
                }
            }
            mints.incrementAndGet();
        }
    }

    /** One simulated second: 50 records in five batches of ten, 200 ms apart, then the clock moves on a second. */
    static void appendSecond(RedisStreamAppend writer, String name, List<LinkedHashMap<String, String>> second, AtomicLong now) {
        long base = now.get();
        for (int i = 0; i < 50; i += 10) {
            now.set(base + i * 20L);
            writer.appendBatch(StreamKey.of(Q, name), second.subList(i, i + 10));
        }
        now.set(base + 1000);
    }

    static java.time.Clock fixedClock(AtomicLong ms) {
        return new java.time.Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public java.time.Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochMilli(ms.get());
            }
        };
    }

    /** {@code entries} records, ten per millisecond from T0, four small fields; loaded with pipelined appendBatch. */
    static void load(UnifiedJedis jedis, String name, int entries) {
        AtomicLong mints = new AtomicLong();
        // the clock is read once per id and once more by the appender's clock guard per batch: it is set back to
        // the batch's first record before each batch, so the guard's reads cannot push the last ids past the window
        Snowflake minter = new Snowflake(0, () -> T0 + Math.floorDiv(mints.getAndIncrement(), PER_MS));
        RedisStreamAppend append = new RedisStreamAppend(jedis, minter);
        long t0 = System.nanoTime();
        int batch = 10_000;
        for (int i = 0; i < entries; i += batch) {
            List<LinkedHashMap<String, String>> records = new ArrayList<>(batch);
            for (int k = i; k < Math.min(entries, i + batch); k++) {
                records.add(LinkedHashMap.of("a", "x", "n", Integer.toString(k % 100), "b", "yz", "c", "7"));
            }
            mints.set(i);
            append.appendBatch(StreamKey.of(Q, name), records);
        }
        System.out.printf("loaded %d entries into %s in %.1f s%n", entries, name, (System.nanoTime() - t0) / 1e9);
    }

    static long expectedSum(int entries) {
        long s = 0;
        for (int k = 0; k < entries; k++) {
            s += k % 100;
        }
        return s;
    }

    /** {@code read}, adding the XRANGE time Redis spent on it to {@code micros[i]}. */
    static Callable<Long> ownXrange(UnifiedJedis jedis, double[] micros, int i, Callable<Long> read) {
        return () -> {
            double before = xrangeMicros(jedis);
            long n = read.call();
            micros[i] += xrangeMicros(jedis) - before;
            return n;
        };
    }

    /** Microseconds Redis spent in XRANGE since the last CONFIG RESETSTAT. */
    static double xrangeMicros(UnifiedJedis jedis) {
        return commandMicros(jedis, "xrange");
    }

    /**
     * The CPU time the Redis process used so far, user and system, in microseconds ({@code INFO cpu}): its whole work,
     * where {@code commandstats} counts only the commands' own time, not reading the requests and writing the replies.
     */
    static double redisCpuMicros(UnifiedJedis jedis) {
        String cpu = jedis.info("cpu");
        double total = 0;
        for (String field : new String[] {"used_cpu_user", "used_cpu_sys"}) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^" + field + ":([0-9.]+)").matcher(cpu);
            if (!m.find()) {
                throw new IllegalStateException("INFO cpu without " + field + ": " + cpu);
            }
            total += Double.parseDouble(m.group(1)) * 1e6;
        }
        return total;
    }

    /** Microseconds Redis spent in {@code command} since the last CONFIG RESETSTAT (0 when it never ran). */
    static double commandMicros(UnifiedJedis jedis, String command) {
        String stats = jedis.info("commandstats");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("cmdstat_" + command + ":calls=\\d+,usec=(\\d+)").matcher(stats);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    static long check(long expected, long[] sumAndCount) {
        if (sumAndCount[0] != expected) {
            throw new IllegalStateException("wrong sum " + sumAndCount[0] + ", expected " + expected);
        }
        return sumAndCount[1];
    }

    static long[] freshSum(StreamWindows windows, String name, Window w, int page) {
        long[] acc = {0, 0};
        windows.foldWindow(StreamKey.of(Q, name), w, Fold.of("sum-n", acc, (a, e) -> {
            a[0] += Integer.parseInt(e.field("n").get());
            a[1]++;
            return a;
        }), page);
        return acc;
    }

    /** The hand-written Jedis loop: typed xrange, paging with an exclusive "(lastId" start. */
    static long[] jedisLoop(UnifiedJedis jedis, String key, Window.Fixed w, int page) {
        long sum = 0;
        long count = 0;
        String start = w.lower().toString();
        String end = w.upper().get().toString();
        while (true) {
            List<redis.clients.jedis.resps.StreamEntry> got = jedis.xrange(key, start, end, page);
            for (redis.clients.jedis.resps.StreamEntry e : got) {
                sum += Integer.parseInt(e.getFields().get("n"));
            }
            count += got.size();
            if (got.size() < page) {
                return new long[] {sum, count};
            }
            start = "(" + got.get(got.size() - 1).getID();
        }
    }

    static long[] lettuceLoop(RedisCommands<String, String> redis, String key, Window.Fixed w, int page) {
        long sum = 0;
        long count = 0;
        Range.Boundary<String> lower = Range.Boundary.including(w.lower().toString());
        Range.Boundary<String> upper = Range.Boundary.including(w.upper().get().toString());
        while (true) {
            List<StreamMessage<String, String>> got = redis.xrange(key, Range.from(lower, upper), Limit.from(page));
            for (StreamMessage<String, String> m : got) {
                sum += Integer.parseInt(m.getBody().get("n"));
            }
            count += got.size();
            if (got.size() < page) {
                return new long[] {sum, count};
            }
            lower = Range.Boundary.excluding(got.get(got.size() - 1).getId());
        }
    }

    /** Reads the whole stream and keeps what was minted inside the window. */
    static long filterWhole(UnifiedJedis jedis, StreamKey key, Window.Fixed w) {
        RedisStreamRange range = new RedisStreamRange(jedis);
        long kept = 0;
        StreamId from = StreamId.MIN;
        while (true) {
            List<StreamEntry> page = range.rangeFrom(key, from, 1000);
            for (StreamEntry e : page) {
                if (w.contains(e.branded().get().streamId())) {
                    kept++;
                }
            }
            if (page.size() < 1000) {
                return kept;
            }
            from = page.get(page.size() - 1).id().successor();
        }
    }

    static long rawAppend(UnifiedJedis jedis, int n, int pipeline) {
        String key = StreamKey.of(Q, "raw-" + System.nanoTime()).toString();
        Map<String, String> f = Map.of("a", "x", "n", "1", "b", "yz", "c", "7");
        if (pipeline == 1) {
            for (int i = 0; i < n; i++) {
                jedis.xadd(key, StreamEntryID.NEW_ENTRY, f);
            }
        } else {
            for (int i = 0; i < n; i += pipeline) {
                try (AbstractPipeline p = jedis.pipelined()) {
                    for (int k = i; k < Math.min(n, i + pipeline); k++) {
                        p.xadd(key, XAddParams.xAddParams(), f);
                    }
                    p.sync();
                }
            }
        }
        jedis.del(key);
        return n;
    }

    static long oursAppend(UnifiedJedis jedis, RedisStreamAppend ours, int n, int batch) {
        String name = "ours-" + System.nanoTime();
        LinkedHashMap<String, String> f = LinkedHashMap.of("a", "x", "n", "1", "b", "yz", "c", "7");
        if (batch == 1) {
            for (int i = 0; i < n; i++) {
                ours.append(StreamKey.of(Q, name), f);
            }
        } else {
            List<LinkedHashMap<String, String>> records = java.util.Collections.nCopies(batch, f);
            for (int i = 0; i < n; i += batch) {
                ours.appendBatch(StreamKey.of(Q, name), records.subList(0, Math.min(batch, n - i)));
            }
        }
        jedis.del(StreamKey.of(Q, name).toString());
        return n;
    }

    static void memory(String uri, String name, int entries, Path target) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx64m", "-cp", ManagementFactory.getRuntimeMXBean().getClassPath(),
                MemoryFold.class.getName(), uri, Q, name, Long.toString(T0), Long.toString(T0 + entries / PER_MS))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        int code = p.waitFor();
        System.out.println("\n== 3. memory: fold of " + entries + " entries in a JVM with -Xmx64m");
        System.out.print(out);
        MEMORY.put("entries", entries);
        MEMORY.put("exitCode", code);
        MEMORY.put("output", out.trim());
    }
}
