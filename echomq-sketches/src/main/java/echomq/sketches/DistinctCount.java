package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.UnreadableEntryException;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * The distinct values of a field as a fold that merges exactly: the exact set of their hashes up to
 * {@value DistinctState#EXACT_LIMIT}, HyperLogLog registers beyond, merged by union or by the greatest
 * of each register. The state, and so the estimate, depend only on which values were counted, so a
 * cached, hopping, sliding or partitioned distinct count equals the one-pass fold bit for bit.
 *
 * <p><b>Error.</b> Exact up to {@value DistinctState#EXACT_LIMIT} distinct values; beyond, a relative
 * standard error of about 1.04/√(2<sup>p</sup>): 1.63% at two standard deviations for p = 14, whose
 * registers take 16 KiB. Values are the field's text, hashed (one lane of MurmurHash3 over its chars);
 * an entry without the field is an {@link UnreadableEntryException} naming it.
 * <pre>{@code
 * Checkpointable<DistinctState> players = DistinctCount.of("players", "player", 14);
 * reader.fold(key, Window.last(Duration.ofHours(1)), players).rounded();
 * }</pre>
 */
public final class DistinctCount {

    /** The version of the step (the hash) and of the codec's text; bumped when either changes. */
    static final int VERSION = 1;

    private DistinctCount() {
    }

    /**
     * The distinct values of {@code field}, with {@code 2^precision} registers beyond the exact range.
     * <pre>{@code
     * DistinctCount.of("players", "player", 14);   // 0.81% standard error beyond 512 players
     * }</pre>
     *
     * @param name      the fold's name, part of every cache and checkpoint key: one name per field and precision
     * @param field     the entry field whose distinct values are counted
     * @param precision from 4 to 18: {@code 2^precision} one-byte registers
     * @return a combinable, checkpointable fold (named {@code name}, version {@value #VERSION})
     * @throws IllegalArgumentException naming a bad precision, name or field
     */
    public static Checkpointable<DistinctState> of(String name, String field, int precision) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(field, "field");
        if (name.isBlank() || field.isBlank()) {
            throw new IllegalArgumentException("name \"" + name + "\" and field \"" + field + "\" must not be blank");
        }
        DistinctState empty = DistinctState.empty(precision);
        CombinableFold<DistinctState> fold = CombinableFold.of(name, VERSION, empty,
                (acc, e) -> acc.with(hash(Fields.text(e, field))), DistinctState::merge);
        return Checkpointable.of(fold, new Codec(precision));
    }

    /**
     * A 64-bit hash of {@code value}: one lane of MurmurHash3 (x64) over its chars, four to a block,
     * and its finaliser, so that structured values ({@code "user-1"}, {@code "user-2"}, ...) spread over
     * every bit HyperLogLog reads.
     */
    static long hash(String value) {
        final long c1 = 0x87c37b91114253d5L;
        final long c2 = 0x4cf5ad432745937fL;
        int length = value.length();
        long h = 0x9368e53c2f6af274L;
        int i = 0;
        for (; i + 4 <= length; i += 4) {
            long k = value.charAt(i) | (long) value.charAt(i + 1) << 16 | (long) value.charAt(i + 2) << 32
                    | (long) value.charAt(i + 3) << 48;
            h ^= Long.rotateLeft(k * c1, 31) * c2;
            h = Long.rotateLeft(h, 27) * 5 + 0x52dce729;
        }
        long tail = 0;
        for (int shift = 0; i < length; i++, shift += 16) {
            tail |= (long) value.charAt(i) << shift;
        }
        h ^= Long.rotateLeft(tail * c1, 31) * c2;
        h ^= length;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /**
     * The text of a state: {@code d1;p;E;<base64 of the sorted hashes>} while exact, else
     * {@code d1;p;R;<base64 of the registers>}; equal states write equal text.
     */
    private record Codec(int precision) implements StateCodec<DistinctState> {

        @Override
        public String encode(DistinctState value) {
            String head = "d" + VERSION + ";" + precision + ";";
            if (value.isExact()) {
                ByteBuffer bytes = ByteBuffer.allocate(8 * value.hashes().size());
                value.hashes().forEach(bytes::putLong);
                return head + "E;" + Base64.getEncoder().encodeToString(bytes.array());
            }
            return head + "R;" + Base64.getEncoder().encodeToString(value.flatRegisters());
        }

        @Override
        public DistinctState decode(String text) {
            String[] parts = text.split(";", -1);
            if (parts.length != 4 || !parts[0].equals("d" + VERSION)) {
                throw new IllegalArgumentException("not a distinct-count state of version " + VERSION + ": \"" + text + "\"");
            }
            if (!parts[1].equals(Integer.toString(precision))) {
                throw new IllegalArgumentException("distinct-count state of precision " + parts[1] + " read by a fold of precision " + precision);
            }
            byte[] bytes;
            try {
                bytes = Base64.getDecoder().decode(parts[3]);
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException("not a distinct-count state: \"" + text + "\"", bad);
            }
            switch (parts[2]) {
                case "E" -> {
                    if (bytes.length % 8 != 0 || bytes.length / 8 > DistinctState.EXACT_LIMIT) {
                        throw new IllegalArgumentException("bad exact set of " + bytes.length + " bytes in \"" + text + "\"");
                    }
                    ByteBuffer buffer = ByteBuffer.wrap(bytes);
                    List<Long> hashes = new ArrayList<>(bytes.length / 8);
                    while (buffer.hasRemaining()) {
                        hashes.add(buffer.getLong());
                    }
                    return DistinctState.empty(precision).merge(DistinctState.ofHashes(precision, hashes));
                }
                case "R" -> {
                    return DistinctState.ofRegisters(precision, bytes);
                }
                default -> throw new IllegalArgumentException("not a distinct-count state: \"" + text + "\"");
            }
        }
    }
}
