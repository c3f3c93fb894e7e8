package echomq.cli;

import io.vavr.collection.LinkedHashMap;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random streams of orders: an {@code amount} (a decimal, sometimes missing or not a number) and a {@code user}. */
final class Streams {

    /** The first millisecond of the explicit ids: 2023-11-14T22:13:20Z. */
    static final long T = 1_700_000_000_000L;

    private Streams() {
    }

    /** An order's fields: amount up to 500.00 (one in ten missing, one in twenty "n/a"), user u0..u{users-1}. */
    static LinkedHashMap<String, String> order(Random rnd, int users) {
        LinkedHashMap<String, String> f = LinkedHashMap.empty();
        int kind = rnd.nextInt(20);
        if (kind == 0) {
            f = f.put("amount", "n/a");
        } else if (kind > 2) {
            f = f.put("amount", BigDecimal.valueOf(rnd.nextInt(50_000), rnd.nextInt(3)).toPlainString());
        }
        return f.put("user", "u" + rnd.nextInt(users));
    }

    /**
     * {@code n} orders with explicit ids from {@link #T} over {@code spanMs}, several to a millisecond
     * now and then (sequence numbers above 0), written with redis-cli.
     */
    static List<RedisCli.Written> explicit(RedisCli cli, String key, Random rnd, int n, long spanMs, int users) {
        List<Long> ms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ms.add(T + (long) (rnd.nextDouble() * spanMs));
        }
        ms.sort(null);
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        long last = -1;
        int seq = 0;
        for (long m : ms) {
            seq = m == last ? seq + 1 : 0;
            last = m;
            ids.add(m + "-" + seq);
            fields.add(order(rnd, users));
        }
        return cli.xadd(key, ids, fields);
    }

    /** The entries of {@code all} in {@code [t0, t1]}. */
    static List<RedisCli.Written> within(List<RedisCli.Written> all, Instant t0, Instant t1) {
        return all.stream().filter(w -> !w.id().instant().isBefore(t0) && !w.id().instant().isAfter(t1)).toList();
    }
}
