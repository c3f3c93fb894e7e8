package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.UnreadableEntryException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Quantiles of a numeric field as a fold that merges exactly: values are counted in HdrHistogram's
 * buckets and folds combine by adding counts, so the answer depends only on which values were
 * counted, never on how the entries were split into pages, panes, buckets or partitions. A p90 of
 * the last hour, per minute, per key or across partitions equals the one-pass fold bit for bit.
 *
 * <p><b>Error.</b> With {@code d} significant digits, a quantile is never below the exact value of
 * its rank and above it by less than 10<sup>-d</sup> of it (1% for 2 digits, 0.1% for 3); the count,
 * least and greatest values are exact. A value must be a whole number in {@code [0, highest]}: an
 * entry without the field, or with anything else in it, is an {@link UnreadableEntryException} naming
 * the entry and the field ({@link echomq.domain.fold.Tally#counting} skips and counts those).
 * <pre>{@code
 * Checkpointable<QuantileState> scores = Quantiles.of("scores", "total", 2, 1_000_000L);
 * Series<QuantileState> perMinute = reader.fold(key, Buckets.tumbling(Duration.ofMinutes(1)).within(lastHour), scores);
 * perMinute.buckets().map(b -> b.value().quantile(0.9));
 * }</pre>
 */
public final class Quantiles {

    /** The version of the step and of the codec's text; bumped when either changes. */
    static final int VERSION = 1;

    private Quantiles() {
    }

    /**
     * The quantiles of {@code field}, a whole number in {@code [0, highestTrackableValue]}.
     * <pre>{@code
     * Quantiles.of("latency", "ms", 2, 60_000L);   // within 1%, values up to a minute in ms
     * }</pre>
     *
     * @param name                  the fold's name, part of every cache and checkpoint key: one name per
     *                              field and configuration
     * @param field                 the entry field holding the value
     * @param significantDigits     from 1 to 5: the relative error is below 10<sup>-d</sup>
     * @param highestTrackableValue the greatest value accepted, at least 2
     * @return a combinable, checkpointable fold (named {@code name}, version {@value #VERSION})
     * @throws IllegalArgumentException naming a bad digit count, highest value, name or field
     */
    public static Checkpointable<QuantileState> of(String name, String field, int significantDigits, long highestTrackableValue) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(field, "field");
        if (name.isBlank() || field.isBlank()) {
            throw new IllegalArgumentException("name \"" + name + "\" and field \"" + field + "\" must not be blank");
        }
        QuantileState.Layout layout = new QuantileState.Layout(significantDigits, highestTrackableValue);
        CombinableFold<QuantileState> fold = CombinableFold.of(name, VERSION, QuantileState.empty(layout),
                (acc, e) -> acc.with(Fields.wholeNumber(e, field, highestTrackableValue)), QuantileState::merge);
        return Checkpointable.of(fold, new Codec(layout));
    }

    /**
     * The text of a state: {@code q1;digits;highest;min;max;bucket*count,...}, the buckets in
     * ascending order, so equal states write equal text.
     */
    private record Codec(QuantileState.Layout layout) implements StateCodec<QuantileState> {

        @Override
        public String encode(QuantileState value) {
            StringBuilder text = new StringBuilder(16 + 12 * value.buckets()).append("q").append(VERSION).append(';')
                    .append(layout.significantDigits()).append(';').append(layout.highestTrackableValue()).append(';')
                    .append(value.min().getOrElse(0L)).append(';').append(value.max().getOrElse(0L)).append(';');
            boolean first = true;
            for (long[] bucket : value.counts()) {
                text.append(first ? "" : ",").append(bucket[0]).append('*').append(bucket[1]);
                first = false;
            }
            return text.toString();
        }

        @Override
        public QuantileState decode(String text) {
            String[] parts = text.split(";", -1);
            if (parts.length != 6 || !parts[0].equals("q" + VERSION)) {
                throw new IllegalArgumentException("not a quantile state of version " + VERSION + ": \"" + text + "\"");
            }
            try {
                if (Integer.parseInt(parts[1]) != layout.significantDigits() || Long.parseLong(parts[2]) != layout.highestTrackableValue()) {
                    throw new IllegalArgumentException("quantile state of " + parts[1] + " digits up to " + parts[2]
                            + " read by a fold of " + layout);
                }
                long min = Long.parseLong(parts[3]);
                long max = Long.parseLong(parts[4]);
                List<long[]> counts = new ArrayList<>();
                long previous = -1;
                for (String bucket : parts[5].isEmpty() ? new String[0] : parts[5].split(",")) {
                    int star = bucket.indexOf('*');
                    long lowest = Long.parseLong(bucket.substring(0, star));
                    long n = Long.parseLong(bucket.substring(star + 1));
                    if (n <= 0 || lowest <= previous || lowest > layout.highestTrackableValue() || layout.lowest(lowest) != lowest) {
                        throw new IllegalArgumentException("bad bucket \"" + bucket + "\" in quantile state \"" + text + "\"");
                    }
                    counts.add(new long[] {lowest, n});
                    previous = lowest;
                }
                if (!counts.isEmpty() && (min > max || layout.lowest(min) != counts.get(0)[0]
                        || layout.lowest(max) != counts.get(counts.size() - 1)[0])) {
                    throw new IllegalArgumentException("min " + min + " and max " + max + " do not match the buckets of \"" + text + "\"");
                }
                return QuantileState.of(layout, counts, min, max);
            } catch (NumberFormatException | StringIndexOutOfBoundsException bad) {
                throw new IllegalArgumentException("not a quantile state: \"" + text + "\"", bad);
            }
        }
    }
}
