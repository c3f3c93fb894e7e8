package echomq.sketches;

import io.vavr.collection.HashSet;
import io.vavr.collection.TreeSet;

import java.util.Arrays;

/**
 * The accumulator of a {@link DistinctCount} fold: the exact set of the values' 64-bit hashes while
 * there are at most {@value #EXACT_LIMIT} of them, HyperLogLog registers (each the greatest rank of the
 * hashes that fall in it) beyond. Which one, and its content, depend only on the set of values
 * counted, so two states built from the same values in any order or split are equal, and so are
 * their estimates, bit for bit. An immutable value: a step that raises no register returns the same
 * state, one that does copies one chunk of 256 registers.
 *
 * <p><b>Error.</b> Up to {@value #EXACT_LIMIT} distinct values the count is exact (barring a collision
 * of 64-bit hashes, about n²/2<sup>65</sup>). Beyond, the estimate (Ertl's improved estimator, a
 * function of the registers only) has a relative standard error of about 1.04/√m for m = 2<sup>p</sup>
 * registers: 0.81% for p = 14, so within 2% at two standard deviations.
 * <pre>{@code
 * DistinctState players = reader.fold(key, Window.last(Duration.ofHours(1)), DistinctCount.of("players", "player", 14));
 * players.rounded();   // exact below 512 distinct players, within 1.63% (2σ) beyond
 * }</pre>
 */
public final class DistinctState {

    /** Up to this many distinct values, the state is the exact set of their hashes. */
    public static final int EXACT_LIMIT = 512;

    private static final int CHUNK_BITS = 8;

    private final int precision;
    /** The hashes while exact; empty once the state is registers. */
    private final HashSet<Long> exact;
    /** The registers in chunks never written after construction, or null while exact. */
    private final byte[][] registers;

    private DistinctState(int precision, HashSet<Long> exact, byte[][] registers) {
        this.precision = precision;
        this.exact = exact;
        this.registers = registers;
    }

    static DistinctState empty(int precision) {
        if (precision < 4 || precision > 18) {
            throw new IllegalArgumentException("precision " + precision + " is outside [4, 18]");
        }
        return new DistinctState(precision, HashSet.empty(), null);
    }

    static DistinctState ofHashes(int precision, Iterable<Long> hashes) {
        HashSet<Long> set = HashSet.ofAll(hashes);
        return set.size() <= EXACT_LIMIT ? new DistinctState(precision, set, null)
                : new DistinctState(precision, HashSet.empty(), registersOf(precision, set));
    }

    static DistinctState ofRegisters(int precision, byte[] flat) {
        int m = 1 << precision;
        if (flat.length != m) {
            throw new IllegalArgumentException(flat.length + " registers where precision " + precision + " has " + m);
        }
        int chunk = Math.min(m, 1 << CHUNK_BITS);
        byte[][] chunks = new byte[m / chunk][];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = Arrays.copyOfRange(flat, i * chunk, (i + 1) * chunk);
            for (byte r : chunks[i]) {
                if (r < 0 || r > 64 - precision + 1) {
                    throw new IllegalArgumentException("register " + r + " is outside [0, " + (64 - precision + 1) + "]");
                }
            }
        }
        return new DistinctState(precision, HashSet.empty(), chunks);
    }

    private static byte[][] registersOf(int precision, Iterable<Long> hashes) {
        int m = 1 << precision;
        int chunk = Math.min(m, 1 << CHUNK_BITS);
        byte[][] chunks = new byte[m / chunk][chunk];
        for (long h : hashes) {
            int index = index(precision, h);
            byte rank = rank(precision, h);
            byte[] c = chunks[index / chunk];
            if (c[index % chunk] < rank) {
                c[index % chunk] = rank;
            }
        }
        return chunks;
    }

    /** The register a hash falls in: its top {@code precision} bits. */
    private static int index(int precision, long hash) {
        return (int) (hash >>> (64 - precision));
    }

    /** The hash's rank: one more than the leading zeros of its remaining bits, at most {@code 64 - precision + 1}. */
    private static byte rank(int precision, long hash) {
        long rest = hash << precision;
        return (byte) (rest == 0 ? 64 - precision + 1 : Long.numberOfLeadingZeros(rest) + 1);
    }

    /** This state with the value of {@code hash} counted. */
    DistinctState with(long hash) {
        if (registers == null) {
            if (exact.contains(hash)) {
                return this;
            }
            HashSet<Long> more = exact.add(hash);
            return more.size() <= EXACT_LIMIT ? new DistinctState(precision, more, null)
                    : new DistinctState(precision, HashSet.empty(), registersOf(precision, more));
        }
        int index = index(precision, hash);
        byte rank = rank(precision, hash);
        int chunk = registers[0].length;
        byte[] c = registers[index / chunk];
        if (c[index % chunk] >= rank) {
            return this;
        }
        byte[][] copy = registers.clone();
        byte[] raised = c.clone();
        raised[index % chunk] = rank;
        copy[index / chunk] = raised;
        return new DistinctState(precision, HashSet.empty(), copy);
    }

    /** The state of both states' values: a union of sets, or the greatest of each register. */
    DistinctState merge(DistinctState other) {
        if (precision != other.precision) {
            throw new IllegalArgumentException("cannot merge distinct counts of precision " + precision + " and " + other.precision);
        }
        if (registers == null && other.registers == null) {
            return exact.size() >= other.exact.size() ? ofHashes(precision, exact.addAll(other.exact))
                    : ofHashes(precision, other.exact.addAll(exact));
        }
        if (registers == null || other.registers == null) {
            DistinctState big = registers == null ? other : this;
            DistinctState small = big == this ? other : this;
            DistinctState merged = big;
            for (long h : small.exact) {
                merged = merged.with(h);
            }
            return merged;
        }
        byte[][] merged = registers.clone();
        for (int i = 0; i < merged.length; i++) {
            byte[] a = registers[i];
            byte[] b = other.registers[i];
            byte[] max = null;
            for (int j = 0; j < a.length; j++) {
                if (b[j] > a[j]) {
                    if (max == null) {
                        max = a.clone();
                    }
                    max[j] = b[j];
                }
            }
            if (max != null) {
                merged[i] = max;
            }
        }
        return new DistinctState(precision, HashSet.empty(), merged);
    }

    int precision() {
        return precision;
    }

    /** The hashes in ascending order, while exact. */
    TreeSet<Long> hashes() {
        return TreeSet.ofAll(exact);
    }

    /** The registers in one array, or null while exact. */
    byte[] flatRegisters() {
        if (registers == null) {
            return null;
        }
        int chunk = registers[0].length;
        byte[] flat = new byte[registers.length * chunk];
        for (int i = 0; i < registers.length; i++) {
            System.arraycopy(registers[i], 0, flat, i * chunk, chunk);
        }
        return flat;
    }

    /**
     * Whether the count is exact: at most {@value #EXACT_LIMIT} distinct values were counted.
     *
     * @return true while the state is the set of hashes
     */
    public boolean isExact() {
        return registers == null;
    }

    /**
     * The number of distinct values: exact while {@link #isExact()}, else the HyperLogLog estimate of
     * the registers (Ertl's improved estimator), a function of the registers only.
     *
     * @return the count or its estimate
     */
    public double estimate() {
        if (registers == null) {
            return exact.size();
        }
        int q = 64 - precision;
        int[] histogram = new int[q + 2];
        for (byte[] chunk : registers) {
            for (byte r : chunk) {
                histogram[r]++;
            }
        }
        double m = 1 << precision;
        double z = m * tau(1.0 - histogram[q + 1] / m);
        for (int k = q; k >= 1; k--) {
            z = 0.5 * (z + histogram[k]);
        }
        z += m * sigma(histogram[0] / m);
        return m * m / (2.0 * Math.log(2.0)) / z;
    }

    /**
     * {@link #estimate()} rounded to a whole number.
     * <pre>{@code
     * state.rounded();   // 317, say
     * }</pre>
     *
     * @return the rounded count
     */
    public long rounded() {
        return Math.round(estimate());
    }

    /**
     * The relative standard error of {@link #estimate()}: 0 while exact, about 1.04/√(2<sup>p</sup>) beyond.
     *
     * @return the relative standard error
     */
    public double relativeStandardError() {
        return registers == null ? 0.0 : 1.04 / Math.sqrt(1 << precision);
    }

    private static double sigma(double x) {
        if (x == 1.0) {
            return Double.POSITIVE_INFINITY;
        }
        double y = 1.0;
        double z = x;
        double previous;
        do {
            x *= x;
            previous = z;
            z += x * y;
            y += y;
        } while (z != previous);
        return z;
    }

    private static double tau(double x) {
        if (x == 0.0 || x == 1.0) {
            return 0.0;
        }
        double y = 1.0;
        double z = 1.0 - x;
        double previous;
        do {
            x = Math.sqrt(x);
            previous = z;
            y *= 0.5;
            z -= (1.0 - x) * (1.0 - x) * y;
        } while (z != previous);
        return z / 3.0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DistinctState that && precision == that.precision && exact.equals(that.exact)
                && Arrays.deepEquals(registers, that.registers);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * precision + exact.hashCode()) + Arrays.deepHashCode(registers);
    }

    @Override
    public String toString() {
        return "DistinctState[p=" + precision + (registers == null ? ", exact " + exact.size() : ", ~" + rounded()) + "]";
    }
}
