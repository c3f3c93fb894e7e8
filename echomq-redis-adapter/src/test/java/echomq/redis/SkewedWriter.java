package echomq.redis;

import echomq.domain.stream.StreamKey;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.UnifiedJedis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One writer process of {@link ManyWritersTest}: appends {@code count} records to one stream as
 * fast as it can (up to 64 receipts outstanding), its clock skewed by {@code offsetMs}, and prints
 * {@code landed <n> remints <m>} when every receipt is in. Any failed receipt fails the process.
 * <p>{@code java -cp … echomq.redis.SkewedWriter <redis-uri> <queue> <name> <node> <offsetMs> <count>}
 */
public final class SkewedWriter {

    private SkewedWriter() {
    }

    public static void main(String[] args) {
        String uri = args[0];
        String queue = args[1];
        String name = args[2];
        int node = Integer.parseInt(args[3]);
        long offset = Long.parseLong(args[4]);
        int count = Integer.parseInt(args[5]);
        try (UnifiedJedis jedis = RedisConnections.connect(uri)) {
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(node, () -> System.currentTimeMillis() + offset));
            List<CompletableFuture<BrandedId>> window = new ArrayList<>();
            long landed = 0;
            for (int i = 0; i < count; i++) {
                window.add(append.appendAsync(StreamKey.of(queue, name), LinkedHashMap.of("writer", Integer.toString(node), "i", Integer.toString(i),
                        "wall", Long.toString(System.currentTimeMillis()))));
                if (window.size() == 64) {
                    landed += awaitAll(window);
                }
            }
            landed += awaitAll(window);
            System.out.println("landed " + landed + " remints " + append.remints());
        }
    }

    private static long awaitAll(List<CompletableFuture<BrandedId>> window) {
        window.forEach(CompletableFuture::join); // a refused or failed receipt throws: the process fails
        long n = window.size();
        window.clear();
        return n;
    }
}
