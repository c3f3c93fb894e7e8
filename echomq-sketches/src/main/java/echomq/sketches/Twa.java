package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * {@code twa:F}: the time-weighted average of a field's numbers ({@link FieldNumber}), each entry a
 * sample at its id's millisecond: the area under the line through the samples in id order (the
 * trapezoids between consecutive samples, {@code (t₂ − t₁)·(v₁ + v₂)/2}, summed exactly) over the
 * time from the first sample to the last, to 16 significant digits. When every sample has one
 * millisecond, it is their mean. None when there is no number.
 *
 * <p><b>Where it differs from RedisTimeSeries' {@code twa}.</b> RedisTimeSeries draws the line out to
 * a bucket's edges, through the samples just before and just after the bucket, and divides by the
 * time between those edges; ours takes only the bucket's own samples, from its first to its last (as
 * RedisTimeSeries does at the ends of a series, where no sample lies beyond). So ours is a function of
 * the bucket's entries alone, and two adjacent runs combine exactly (their areas, and the trapezoid
 * bridging the one's last sample to the other's first), as panes, pages, rollups and a rollup of a
 * rollup need; a bucket's answer does not change when its neighbours do. For samples at 12, 15, 19
 * and 22 ms with those values and buckets of 10 ms, RedisTimeSeries answers 16 and 21, ours 15.5 and
 * 22. RedisTimeSeries keeps one sample per timestamp; ours counts every entry, and samples of one
 * millisecond add no area. The combination needs adjacent runs, earlier then later (never the
 * interleaved partitions of a channel: the reader merges those entry by entry, in id order).
 *
 * <p>A rollup entry carries the first and last sample, the exact area and the samples' sum and
 * number as {@code twa_F_state}, {@code t₁/v₁/t₂/v₂/area/sum/n}.
 *
 * @param field the entry field
 */
public record Twa(String field) implements Aggregate<Twa.Area> {

    /** {@code twa:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("twa", Twa::new);

    /** @param field the entry field, checked */
    public Twa {
        Aggregate.requireField("twa", field);
    }

    /**
     * The samples of a run, as far as a combination needs them: the first and the last (millisecond and
     * number), the exact area between them, and the sum and number of all its numbers.
     *
     * @param firstMs   the first sample's millisecond
     * @param first     its number
     * @param lastMs    the last sample's millisecond
     * @param last      its number
     * @param area      the exact area from the first sample to the last, in number × ms
     * @param sum       the sum of the numbers
     * @param n         how many numbers (0: the empty run, the rest unused)
     */
    public record Area(long firstMs, BigDecimal first, long lastMs, BigDecimal last, BigDecimal area, BigDecimal sum, long n) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Area a && a.n == n && (n == 0 || a.firstMs == firstMs && a.lastMs == lastMs && a.first.compareTo(first) == 0
                    && a.last.compareTo(last) == 0 && a.area.compareTo(area) == 0 && a.sum.compareTo(sum) == 0);
        }

        @Override
        public int hashCode() {
            return n == 0 ? 0 : java.util.Objects.hash(n, firstMs, lastMs, FieldNumber.stripped(first), FieldNumber.stripped(last),
                    FieldNumber.stripped(area), FieldNumber.stripped(sum));
        }
    }

    private static final BigDecimal HALF = new BigDecimal("0.5");

    @Override
    public String spelling() {
        return "twa:" + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public Area empty() {
        return new Area(0, BigDecimal.ZERO, 0, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, 0);
    }

    @Override
    public Option<Area> step(Area a, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        long ms = entry.id().ms();
        return v == null ? Option.none() : Option.some(combine(a, new Area(ms, v, ms, v, BigDecimal.ZERO, v, 1)));
    }

    @Override
    public Area combine(Area earlier, Area later) {
        if (earlier.n() == 0) {
            return later;
        }
        if (later.n() == 0) {
            return earlier;
        }
        BigDecimal bridge = BigDecimal.valueOf(later.firstMs() - earlier.lastMs()).multiply(earlier.last().add(later.first())).multiply(HALF);
        return new Area(earlier.firstMs(), earlier.first(), later.lastMs(), later.last(), earlier.area().add(bridge).add(later.area()),
                earlier.sum().add(later.sum()), earlier.n() + later.n());
    }

    @Override
    public Option<BigDecimal> value(Area a) {
        if (a.n() == 0) {
            return Option.none();
        }
        long span = a.lastMs() - a.firstMs();
        BigDecimal mean = span == 0 ? a.sum().divide(BigDecimal.valueOf(a.n()), MathContext.DECIMAL64)
                : a.area().divide(BigDecimal.valueOf(span), MathContext.DECIMAL64);
        return Option.some(FieldNumber.stripped(mean));
    }

    @Override
    public LinkedHashMap<String, String> state(Area a) {
        return LinkedHashMap.of(column() + "_state", a.n() == 0 ? "" : a.firstMs() + "/" + a.first().toPlainString() + "/" + a.lastMs()
                + "/" + a.last().toPlainString() + "/" + FieldNumber.stripped(a.area()).toPlainString() + "/"
                + FieldNumber.stripped(a.sum()).toPlainString() + "/" + a.n());
    }

    @Override
    public Area read(StateFields fields) {
        String name = column() + "_state";
        if (fields.text(name).isEmpty()) {
            return empty();
        }
        String[] p = fields.parts(name, 7);
        long firstMs = fields.count(name, p[0]);
        long lastMs = fields.count(name, p[2]);
        long n = fields.count(name, p[6]);
        if (lastMs < firstMs || n == 0) {
            throw new IllegalArgumentException("field \"" + name + "\" of " + fields.where() + " has its last sample before its first, or none");
        }
        return new Area(firstMs, fields.number(name, p[1]), lastMs, fields.number(name, p[3]), fields.exact(name, p[4]), fields.exact(name, p[5]), n);
    }
}
