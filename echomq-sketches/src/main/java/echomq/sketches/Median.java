package echomq.sketches;

import java.math.BigDecimal;

/**
 * {@code median:F}: the median of a field's numbers, which is {@code p50:F} under another name (a
 * {@link Percentile} of quantile 0.5, the number of rank {@code max(1, ⌈n/2⌉)}, within 0.1% and never
 * below it). Its rollup fields are {@code median_F} and {@code median_F_state}, which any percentile
 * of the same field reads, as it reads theirs.
 */
public final class Median {

    /** {@code median:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("median", f -> new Percentile("median:" + f, new BigDecimal("0.5"), f));

    private Median() {
    }
}
