package echomq.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Runs peers side by side: every round runs each contender once, in an order that rotates from
 * round to round, so drift of a shared machine falls on all of them alike. Reports the median
 * time per contender and its ratio to the baseline (the first contender).
 */
final class Harness {

    /** One contender's figures in one case. */
    record Row(String benchCase, String contender, long items, double medianMillis, double itemsPerSecond,
               double ratioToBaseline, double[] roundsMillis, double bytesPerItem) {
        Row(String benchCase, String contender, long items, double medianMillis, double itemsPerSecond, double ratioToBaseline,
            double[] roundsMillis) {
            this(benchCase, contender, items, medianMillis, itemsPerSecond, ratioToBaseline, roundsMillis, Double.NaN);
        }
    }

    /**
     * Bytes every live thread of this JVM has allocated so far (HotSpot's ThreadMXBean): the caller's
     * and a client's own I/O threads (Lettuce decodes on Netty's), since contenders run one at a time.
     * A thread that ended between two samples takes its count with it; the bench's threads live on.
     */
    static long allocated() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long a : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, a); // -1: a thread that ended meanwhile
        }
        return sum;
    }

    private final List<Row> rows = new ArrayList<>();

    /**
     * Each contender returns the number of items it processed and a checksum-ish value is checked
     * by the caller; here only the count matters for throughput.
     */
    List<Row> compare(String benchCase, int warmups, int rounds, Map<String, Callable<Long>> contenders) throws Exception {
        List<String> names = new ArrayList<>(contenders.keySet());
        Map<String, double[]> times = new LinkedHashMap<>();
        Map<String, double[]> bytes = new LinkedHashMap<>();
        Map<String, Long> items = new LinkedHashMap<>();
        names.forEach(n -> times.put(n, new double[rounds]));
        names.forEach(n -> bytes.put(n, new double[rounds]));
        for (int w = 0; w < warmups; w++) {
            for (String n : names) {
                contenders.get(n).call();
            }
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < names.size(); k++) {
                String n = names.get((k + r) % names.size());
                long a0 = allocated();
                long t0 = System.nanoTime();
                long count = contenders.get(n).call();
                times.get(n)[r] = (System.nanoTime() - t0) / 1e6;
                bytes.get(n)[r] = (allocated() - a0) / (double) Math.max(1, count);
                items.put(n, count);
            }
        }
        double base = median(times.get(names.get(0)));
        List<Row> out = new ArrayList<>();
        for (String n : names) {
            double m = median(times.get(n));
            // ratio as throughput: > 1 means faster than the baseline
            out.add(new Row(benchCase, n, items.get(n), m, items.get(n) / (m / 1000.0), base / m, times.get(n), median(bytes.get(n))));
        }
        rows.addAll(out);
        print(out);
        return out;
    }

    static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    static void print(List<Row> out) {
        System.out.printf("%n== %s%n", out.get(0).benchCase());
        System.out.printf("%-34s %12s %14s %16s %10s %12s%n", "contender", "items", "median ms", "items/s", "ratio", "B/item");
        for (Row r : out) {
            System.out.printf("%-34s %12d %14.1f %16.0f %10.3f %12.0f%n", r.contender(), r.items(), r.medianMillis(),
                    r.itemsPerSecond(), r.ratioToBaseline(), r.bytesPerItem());
        }
    }

    /** Adds figures measured outside {@link #compare} (the first row is the baseline). */
    void record(List<Row> out) {
        rows.addAll(out);
        print(out);
    }

    /** Keeps figures a case printed in a table of its own (they go to {@code bench-results.json}, not to the console again). */
    void keep(List<Row> out) {
        rows.addAll(out);
    }

    List<Row> rows() {
        return rows;
    }
}
