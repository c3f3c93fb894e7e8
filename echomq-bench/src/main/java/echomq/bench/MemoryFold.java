package echomq.bench;

import echomq.domain.stream.StreamKey;
import echomq.domain.fold.Fold;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamRange;
import redis.clients.jedis.UnifiedJedis;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Instant;

/** Folds a whole window and prints the peak heap: run in a JVM with {@code -Xmx64m}. */
public final class MemoryFold {

    public static void main(String[] args) {
        String uri = args[0];
        long t0 = System.nanoTime();
        long[] acc = {0, 0};
        try (UnifiedJedis jedis = RedisConnections.connect(uri)) {
            new StreamWindows(new RedisStreamRange(jedis)).foldWindow(StreamKey.of(args[1], args[2]),
                    Window.closed(Instant.ofEpochMilli(Long.parseLong(args[3])), Instant.ofEpochMilli(Long.parseLong(args[4]))),
                    Fold.of("sum", acc, (a, e) -> {
                        a[0] += Integer.parseInt(e.field("n").get());
                        a[1]++;
                        return a;
                    }), 1000);
        }
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("folded %d entries (sum %d) in %.1f s; max heap %d MB; peak heap used %.1f MB (sum of pool peaks)%n",
                acc[1], acc[0], (System.nanoTime() - t0) / 1e9, Runtime.getRuntime().maxMemory() >> 20, peak / 1048576.0);
    }
}
