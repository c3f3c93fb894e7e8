package echomq.bench;

import echomq.domain.stream.StreamKey;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.UnifiedJedis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One writer process of bench case 9: warms up ({@code warmUp} appends elsewhere), prints
 * {@code ready}, reads the common start instant from standard input and waits for it (so neither JVM
 * start-up nor warm-up is measured), then appends {@code count} records as fast as it can (64 receipts outstanding), its clock
 * skewed by {@code offsetMs}, and prints {@code start <ms> end <ms> landed <n> refused <n> remints <n> cpu <µs>}
 * (the CPU time this process used from the start to the end, all its threads).
 * <p>{@code java -cp … echomq.bench.WriterProcess <uri> <queue> <name> <node> <offsetMs> <count> <warmUp>}
 * <p>Why the warm-up is long: a writer JVM is young for tens of thousands of appends. Run alone here, one writer
 * used 65 µs of CPU per append over its first 10,000 appends, 29 over 100,000 and 12 between 100,000 and 300,000
 * (the JIT compiling, in threads of its own): four young JVMs on two cores measure the JIT, not the writers.
 */
public final class WriterProcess {

    private WriterProcess() {
    }

    public static void main(String[] args) throws Exception {
        String uri = args[0];
        String queue = args[1];
        String name = args[2];
        int node = Integer.parseInt(args[3]);
        long offset = Long.parseLong(args[4]);
        int count = Integer.parseInt(args[5]);
        int warmUp = Integer.parseInt(args[6]);
        try (UnifiedJedis jedis = RedisConnections.connect(uri)) {
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(node, () -> System.currentTimeMillis() + offset));
            // connect, load classes and let the JIT compile the append path before the start: the case measures appends, not warm-up
            List<CompletableFuture<BrandedId>> warm = new ArrayList<>();
            for (int i = 0; i < warmUp; i++) {
                warm.add(append.appendAsync(StreamKey.of(queue, name + "-warm"), LinkedHashMap.of("warm", Integer.toString(i))));
                if (warm.size() == 64) {
                    warm.forEach(CompletableFuture::join);
                    warm.clear();
                }
            }
            warm.forEach(CompletableFuture::join);
            System.out.println("ready");
            System.out.flush();
            // the start instant, from the bench once every writer is ready (a line on standard input)
            long startAt = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.US_ASCII))
                    .readLine().trim());
            long wait = startAt - System.currentTimeMillis();
            if (wait > 0) {
                Thread.sleep(wait);
            }
            long start = System.currentTimeMillis();
            long cpu0 = cpuNanos();
            List<CompletableFuture<BrandedId>> window = new ArrayList<>();
            long landed = 0;
            long refused = 0;
            for (int i = 0; i < count; i++) {
                window.add(append.appendAsync(StreamKey.of(queue, name), LinkedHashMap.of("w", Integer.toString(node), "i", Integer.toString(i))));
                if (window.size() == 64 || i == count - 1) {
                    for (CompletableFuture<BrandedId> f : window) {
                        try {
                            f.join();
                            landed++;
                        } catch (CompletionException e) {
                            refused++;
                        }
                    }
                    window.clear();
                }
            }
            long end = System.currentTimeMillis();
            long cpu = cpuNanos() - cpu0;
            System.out.println("start " + start + " end " + end + " landed " + landed + " refused " + refused + " remints " + append.remints()
                    + " cpu " + cpu / 1_000);
        }
    }

    /** The CPU time of this process so far, every thread. */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
