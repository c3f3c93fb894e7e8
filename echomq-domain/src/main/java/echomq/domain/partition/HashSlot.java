package echomq.domain.partition;

import java.nio.charset.StandardCharsets;

/**
 * The Redis Cluster slot of a key: CRC16-XMODEM of the key's hash tag (the text between the first
 * {@code {} and the first {@code }} after it, when not empty) or of the whole key, mod 16384.
 * {@code HashSlot.of("123456789") == 12739}; every key of a queue shares {@code HashSlot.of("{queue}")}.
 */
public final class HashSlot {

    /** The number of slots of a Redis Cluster, 16384. */
    public static final int SLOTS = 16384;

    private static final int[] TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int crc = i << 8;
            for (int b = 0; b < 8; b++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            TABLE[i] = crc & 0xFFFF;
        }
    }

    private HashSlot() {
    }

    /**
     * The slot of a key, as Redis Cluster computes it from the key's UTF-8 bytes.
     * <pre>{@code
     * HashSlot.of("123456789");                       // 12739
     * HashSlot.of("emq:{cm}:stream:guesses") == HashSlot.of("cm");   // true: only the hash tag counts
     * }</pre>
     *
     * @param key the key
     * @return its slot, 0..{@value #SLOTS}-1
     */
    public static int of(String key) {
        return of(key.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The slot of a binary key: CRC16 of its hash tag (the bytes between the first {@code {} and
     * the next {@code }}, when not empty), else of the whole key, mod {@value #SLOTS}.
     *
     * @param key the key's bytes
     * @return its slot, 0..{@value #SLOTS}-1
     */
    public static int of(byte[] key) {
        int start = 0;
        int end = key.length;
        for (int i = 0; i < key.length; i++) {
            if (key[i] == '{') {
                for (int j = i + 1; j < key.length; j++) {
                    if (key[j] == '}') {
                        if (j > i + 1) {
                            start = i + 1;
                            end = j;
                        }
                        break;
                    }
                }
                break;
            }
        }
        return crc16(key, start, end) % SLOTS;
    }

    /**
     * CRC16-XMODEM (polynomial 0x1021, initial 0) of {@code bytes[from, to)}: the checksum Redis
     * Cluster hashes keys with.
     *
     * @param bytes the bytes
     * @param from  the first index, inclusive
     * @param to    the last index, exclusive
     * @return the checksum, 0..65535
     */
    public static int crc16(byte[] bytes, int from, int to) {
        int crc = 0;
        for (int i = from; i < to; i++) {
            crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ bytes[i]) & 0xFF]) & 0xFFFF;
        }
        return crc;
    }
}
