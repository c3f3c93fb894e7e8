package echomq.cli;

import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The folds of a list of written entries, computed here, apart from the command line: count, sum,
 * min, max and avg with {@link BigDecimal}, distinct values as a set; a percentile as the sketch
 * itself folds the same entries (its error is the sketch's, documented in {@code Aggregates}).
 */
record Exact(long count, BigDecimal sum, BigDecimal min, BigDecimal max, BigDecimal avg, long distinct, BigDecimal p90,
             BigDecimal p90Exact, long numbers, long withoutKey) {

    /** The folds of {@code entries}: numbers in {@code number}, distinct values of {@code key}. */
    static Exact of(List<RedisCli.Written> entries, String number, String key) {
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal min = null;
        BigDecimal max = null;
        long n = 0;
        List<BigDecimal> values = new java.util.ArrayList<>();
        Set<String> keys = new HashSet<>();
        long withoutKey = 0;
        for (RedisCli.Written w : entries) {
            BigDecimal v = decimal(w.field(number));
            if (v != null) {
                sum = sum.add(v);
                min = min == null || v.compareTo(min) < 0 ? v : min;
                max = max == null || v.compareTo(max) > 0 ? v : max;
                n++;
                values.add(v);
            }
            if (w.field(key) != null) {
                keys.add(w.field(key));
            } else {
                withoutKey++;
            }
        }
        BigDecimal avg = n == 0 ? null : sum.divide(BigDecimal.valueOf(n), MathContext.DECIMAL64);
        AggregateState sketch = Aggregates.parse("p90:" + number).fold().foldAll(entries.stream().map(RedisCli.Written::entry).toList());
        values.sort(null);
        // the value of rank ceil(0.9 n): what the sketch reports within its 0.1%
        BigDecimal p90Exact = values.isEmpty() ? null : values.get((int) Math.ceil(0.9 * values.size()) - 1);
        return new Exact(entries.size(), sum, min, max, avg, keys.size(), sketch.value("p90:" + number).getOrNull(), p90Exact, n, withoutKey);
    }

    /** A number as docs/11 defines it: JSON's grammar (written out here apart from the library's parser), at most 40 digits either side. */
    private static BigDecimal decimal(String text) {
        if (text == null || text.length() > 100 || !text.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            return null;
        }
        BigDecimal d = new BigDecimal(text).stripTrailingZeros();
        return d.precision() - d.scale() > 40 || d.scale() > 40 ? null : d;
    }
}
