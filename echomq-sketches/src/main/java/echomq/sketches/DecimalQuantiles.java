package echomq.sketches;

import io.vavr.control.Option;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The accumulator of a text-spelled percentile ({@code pN:F}): how many of a field's numbers fell in
 * each bucket of four significant decimal digits, with the exact count, least and greatest number.
 * An immutable value whose content is a function of the multiset of numbers counted, so any split
 * of them into pages, panes, partitions or rollups merges (by adding counts) into the one-pass state.
 *
 * <p><b>Buckets.</b> A positive number {@code x} falls in the bucket of {@code x} rounded <em>up</em>
 * to four significant digits ({@code 0.01234567} in {@code 0.01235}, {@code 0.0123} in {@code 0.0123},
 * {@code 99995} in {@code 100000}); a negative one in the bucket of {@code -|x|} with {@code |x|}
 * rounded <em>down</em> ({@code -0.01234567} in {@code -0.01234}); zero in a bucket of its own. So a
 * bucket's value is the greatest number that falls in it, computed with exact decimal arithmetic (no
 * logarithm, no floating point), and every number of the grammar of {@link FieldNumber} has one.
 *
 * <p><b>Error.</b> {@link #quantile(BigDecimal) quantile(q)} is the value of the bucket that holds
 * the number of rank {@code max(1, ⌈q·n⌉)}, at most the greatest number counted: never below the
 * exact number of that rank, and above it by less than 0.1% of its magnitude ({@code 10^-3}). A number
 * of at most four significant digits is answered exactly.
 */
final class DecimalQuantiles {

    /** The version of the buckets and of the text; bumped when either changes. */
    static final int VERSION = 2;
    /** Significant digits of a bucket. */
    static final int DIGITS = 4;
    /** The relative error bound: 10<sup>-(DIGITS-1)</sup>. */
    static final BigDecimal RELATIVE_ERROR = BigDecimal.ONE.movePointLeft(DIGITS - 1);

    private static final int MANTISSAS = 9_000;         // 1000 .. 9999
    private static final int LEAST_EXPONENT = -FieldNumber.MAX_DIGITS;   // 10^-40, the least magnitude
    private static final int GREATEST_EXPONENT = FieldNumber.MAX_DIGITS; // rounding up may reach 10^40
    private static final int MAGNITUDES = (GREATEST_EXPONENT - LEAST_EXPONENT + 1) * MANTISSAS;
    /** The greatest bucket key; keys run from {@code -MAX_KEY} (the most negative) through 0 (zero) to {@code MAX_KEY}. */
    static final int MAX_KEY = MAGNITUDES;

    private static final int BITS = 7;
    private static final int WIDTH = 1 << BITS;
    private static final int MASK = WIDTH - 1;

    static final DecimalQuantiles EMPTY = new DecimalQuantiles(new long[WIDTH][][], 0, null, null);

    static {
        if (2 * MAX_KEY + 1 > WIDTH * WIDTH * WIDTH) {
            throw new ExceptionInInitializerError("bucket keys do not fit the three levels");
        }
    }

    /**
     * The count of each bucket by {@code key + MAX_KEY}, in a three-level radix tree of 128 wide
     * levels: null holds only zeros. Never written after construction: a step copies the path it changes.
     */
    private final long[][][] root;
    private final long count;
    private final BigDecimal min;
    private final BigDecimal max;

    private DecimalQuantiles(long[][][] root, long count, BigDecimal min, BigDecimal max) {
        this.root = root;
        this.count = count;
        this.min = min;
        this.max = max;
    }

    /** This state with {@code x} (a number of {@link FieldNumber}'s, trailing zeros stripped) counted once more. */
    DecimalQuantiles with(BigDecimal x) {
        int slot = key(x) + MAX_KEY;
        long[][][] top = root.clone();
        long[][] mid = top[slot >>> 2 * BITS];
        mid = mid == null ? new long[WIDTH][] : mid.clone();
        top[slot >>> 2 * BITS] = mid;
        long[] leaf = mid[(slot >>> BITS) & MASK];
        leaf = leaf == null ? new long[WIDTH] : leaf.clone();
        mid[(slot >>> BITS) & MASK] = leaf;
        leaf[slot & MASK]++;
        return new DecimalQuantiles(top, count + 1, min == null || x.compareTo(min) < 0 ? x : min,
                max == null || x.compareTo(max) > 0 ? x : max);
    }

    /** The state of this state's numbers and {@code other}'s: counts add up, so the order does not matter. */
    DecimalQuantiles merge(DecimalQuantiles other) {
        if (other.count == 0) {
            return this;
        }
        if (count == 0) {
            return other;
        }
        long[][][] top = root.clone();
        for (int i = 0; i < WIDTH; i++) {
            long[][] a = root[i];
            long[][] b = other.root[i];
            if (a == null) {
                top[i] = b;
            } else if (b != null) {
                long[][] mid = a.clone();
                for (int j = 0; j < WIDTH; j++) {
                    long[] x = a[j];
                    long[] y = b[j];
                    if (x == null) {
                        mid[j] = y;
                    } else if (y != null) {
                        long[] leaf = x.clone();
                        for (int k = 0; k < WIDTH; k++) {
                            leaf[k] = Math.addExact(leaf[k], y[k]);
                        }
                        mid[j] = leaf;
                    }
                }
                top[i] = mid;
            }
        }
        return new DecimalQuantiles(top, Math.addExact(count, other.count), min.compareTo(other.min) <= 0 ? min : other.min,
                max.compareTo(other.max) >= 0 ? max : other.max);
    }

    /** How many numbers were counted. */
    long count() {
        return count;
    }

    /** The least number counted, none when empty. */
    Option<BigDecimal> min() {
        return Option.of(min);
    }

    /** The greatest number counted, none when empty. */
    Option<BigDecimal> max() {
        return Option.of(max);
    }

    /**
     * The {@code q}-quantile: the value of the bucket of the number of rank {@code max(1, ⌈q·n⌉)}
     * (computed exactly), at most the greatest number.
     *
     * @param q in {@code [0, 1]}
     * @return the quantile, none when empty
     */
    Option<BigDecimal> quantile(BigDecimal q) {
        if (q.signum() < 0 || q.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("quantile " + q + " is outside [0, 1]");
        }
        if (count == 0) {
            return Option.none();
        }
        long rank = Math.max(1L, q.multiply(BigDecimal.valueOf(count)).setScale(0, RoundingMode.CEILING).longValueExact());
        long seen = 0;
        for (long[] bucket : buckets()) {
            seen += bucket[1];
            if (seen >= rank) {
                BigDecimal value = valueOf((int) bucket[0]);
                return Option.some(value.compareTo(max) > 0 ? max : value);
            }
        }
        return Option.some(max);   // not reached: the counts add up to count
    }

    /** The non-empty buckets in ascending order: the key of each and its count. */
    List<long[]> buckets() {
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < WIDTH; i++) {
            if (root[i] == null) {
                continue;
            }
            for (int j = 0; j < WIDTH; j++) {
                long[] leaf = root[i][j];
                if (leaf == null) {
                    continue;
                }
                for (int k = 0; k < WIDTH; k++) {
                    if (leaf[k] != 0) {
                        out.add(new long[] {(i << 2 * BITS | j << BITS | k) - MAX_KEY, leaf[k]});
                    }
                }
            }
        }
        return out;
    }

    /**
     * The bucket key of {@code x}: 0 for zero; for a positive number {@code 1 +} the index of its
     * decimal exponent and its four leading digits rounded up; for a negative one minus that of its
     * magnitude rounded down. Keys ascend as the numbers do.
     */
    static int key(BigDecimal x) {
        int sign = x.signum();
        if (sign == 0) {
            return 0;
        }
        int precision = x.precision();
        // x = ±0.d1d2… × 10^(precision - scale): its leading digit's exponent is precision - scale - 1
        int exponent = precision - x.scale() - 1;
        int mantissa;
        if (precision <= DIGITS) {
            mantissa = (int) Math.abs(unscaledLong(x)) * (int) FieldNumber.ten(DIGITS - precision);
        } else if (precision <= 18) {
            long u = Math.abs(unscaledLong(x));
            long unit = FieldNumber.ten(precision - DIGITS);
            mantissa = (int) (u / unit);
            if (sign > 0 && u % unit != 0) {
                mantissa++;
            }
        } else {
            BigInteger[] qr = x.unscaledValue().abs().divideAndRemainder(BigInteger.TEN.pow(precision - DIGITS));
            mantissa = qr[0].intValueExact();
            if (sign > 0 && qr[1].signum() != 0) {
                mantissa++;
            }
        }
        if (mantissa == 10_000) {   // 9999.5 rounded up: 1000 of the next decade
            mantissa = 1_000;
            exponent++;
        }
        if (exponent < LEAST_EXPONENT || exponent > GREATEST_EXPONENT) {
            throw new IllegalArgumentException(x.toPlainString() + " is outside the numbers a percentile counts");
        }
        int index = 1 + (exponent - LEAST_EXPONENT) * MANTISSAS + (mantissa - 1_000);
        return sign * index;
    }

    /** The value of the bucket {@code key}: the greatest number that falls in it. */
    static BigDecimal valueOf(int key) {
        if (key == 0) {
            return BigDecimal.ZERO;
        }
        int index = Math.abs(key) - 1;
        int exponent = index / MANTISSAS + LEAST_EXPONENT;
        int mantissa = index % MANTISSAS + 1_000;
        return BigDecimal.valueOf(key < 0 ? -mantissa : mantissa, DIGITS - 1 - exponent).stripTrailingZeros();
    }

    private static long unscaledLong(BigDecimal x) {
        return x.scaleByPowerOfTen(x.scale()).longValue();
    }

    /**
     * The text of this state: {@code r2;min;max;key*count,…}, the buckets ascending, so equal states
     * write equal text ({@code r2;;;} when empty).
     */
    String encode() {
        StringBuilder text = new StringBuilder(16 + 12 * Math.min(1_000, (int) Math.min(count, 1_000))).append('r').append(VERSION)
                .append(';').append(min == null ? "" : min.toPlainString()).append(';').append(max == null ? "" : max.toPlainString())
                .append(';');
        boolean first = true;
        for (long[] bucket : buckets()) {
            text.append(first ? "" : ",").append(bucket[0]).append('*').append(bucket[1]);
            first = false;
        }
        return text.toString();
    }

    /** Whether {@code text} is, by its tag, a state {@link #encode()} of this version wrote (not whether it is well formed). */
    static boolean isState(String text) {
        return text.startsWith("r" + VERSION + ";");
    }

    /**
     * The state {@link #encode()} wrote.
     *
     * @throws IllegalArgumentException naming text that {@code encode} does not write
     */
    static DecimalQuantiles decode(String text) {
        String[] parts = text.split(";", -1);
        if (parts.length != 4 || !parts[0].equals("r" + VERSION)) {
            throw new IllegalArgumentException("not a percentile state of version " + VERSION + ": \"" + abbreviated(text) + "\"");
        }
        if (parts[3].isEmpty()) {
            if (!parts[1].isEmpty() || !parts[2].isEmpty()) {
                throw new IllegalArgumentException("an empty percentile state with a least or greatest number: \"" + abbreviated(text) + "\"");
            }
            return EMPTY;
        }
        BigDecimal min = FieldNumber.orNull(parts[1]);
        BigDecimal max = FieldNumber.orNull(parts[2]);
        if (min == null || max == null || min.compareTo(max) > 0) {
            throw new IllegalArgumentException("bad least or greatest number in percentile state \"" + abbreviated(text) + "\"");
        }
        long[][][] root = new long[WIDTH][][];
        long n = 0;
        long previous = Long.MIN_VALUE;
        int firstKey = 0;
        int lastKey = 0;
        try {
            for (String bucket : parts[3].split(",", -1)) {
                int star = bucket.indexOf('*');
                int key = Integer.parseInt(bucket.substring(0, star));
                long c = Long.parseLong(bucket.substring(star + 1));
                if (c <= 0 || key <= previous || key < -MAX_KEY || key > MAX_KEY) {
                    throw new IllegalArgumentException("bad bucket \"" + bucket + "\" in percentile state \"" + abbreviated(text) + "\"");
                }
                if (previous == Long.MIN_VALUE) {
                    firstKey = key;
                }
                lastKey = key;
                previous = key;
                int slot = key + MAX_KEY;
                long[][] mid = root[slot >>> 2 * BITS];
                if (mid == null) {
                    mid = new long[WIDTH][];
                    root[slot >>> 2 * BITS] = mid;
                }
                long[] leaf = mid[(slot >>> BITS) & MASK];
                if (leaf == null) {
                    leaf = new long[WIDTH];
                    mid[(slot >>> BITS) & MASK] = leaf;
                }
                leaf[slot & MASK] = c;
                n = Math.addExact(n, c);
            }
        } catch (NumberFormatException | StringIndexOutOfBoundsException | ArithmeticException bad) {
            throw new IllegalArgumentException("not a percentile state: \"" + abbreviated(text) + "\"", bad);
        }
        if (key(min) != firstKey || key(max) != lastKey) {
            throw new IllegalArgumentException("least " + min.toPlainString() + " and greatest " + max.toPlainString()
                    + " do not match the buckets of percentile state \"" + abbreviated(text) + "\"");
        }
        return new DecimalQuantiles(root, n, min, max);
    }

    private static String abbreviated(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DecimalQuantiles that && count == that.count && Objects.equals(min, that.min) && Objects.equals(max, that.max)
                && Arrays.deepEquals(root, that.root);
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, min, max, Arrays.deepHashCode(root));
    }

    @Override
    public String toString() {
        return "DecimalQuantiles[n=" + count + (count == 0 ? "" : ", min=" + min.toPlainString() + ", max=" + max.toPlainString())
                + ", " + buckets().size() + " buckets]";
    }
}
