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
 * One writer process of bench case 9: waits for a common start instant (so JVM start-up is not
 * measured), appends {@code count} records as fast as it can (64 receipts outstanding), its clock
 * skewed by {@code offsetMs}, and prints {@code start <ms> end <ms> landed <n> refused <n> remints <n>}.
 * <p>{@code java -cp … echomq.bench.WriterProcess <uri> <queue> <name> <node> <offsetMs> <count> <startAtMs>}
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
        long startAt = Long.parseLong(args[6]);
        try (UnifiedJedis jedis = RedisConnections.connect(uri)) {
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(node, () -> System.currentTimeMillis() + offset));
            append.append(StreamKey.of(queue, name + "-warm"), LinkedHashMap.of("warm", "up")); // connect and load classes before the start
            long wait = startAt - System.currentTimeMillis();
            if (wait > 0) {
                Thread.sleep(wait);
            }
            long start = System.currentTimeMillis();
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
            System.out.println("start " + start + " end " + end + " landed " + landed + " refused " + refused + " remints " + append.remints());
        }
    }
}
