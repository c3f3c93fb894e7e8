package echomq.wire;

import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What both adapters write for closing buckets, with no client: the hash that keeps each
 * subscription's last bucket, its field values, and the reply of {@code server-time.lua}.
 * <pre>{@code
 * BucketMarks.key(StreamKey.of("cm", "guess-scored"));   // emq:{cm}:closed:guess-scored
 * BucketMarks.encode(window);                            // "1764842400000-1764842459999"
 * }</pre>
 */
public final class BucketMarks {

    private BucketMarks() {
    }

    /**
     * The hash of {@code stream}'s subscriptions, in the stream's hash slot.
     *
     * @param stream the stream
     * @return {@code <own keys prefix>closed:<name>}: {@code emq:{queue}:closed:<name>}, or for an existing key {@code emq:{tag}:key:closed:<key>}
     */
    public static String key(StreamKey stream) {
        Objects.requireNonNull(stream, "stream");
        return stream.ownKeysPrefix() + "closed:" + stream.name();
    }

    /**
     * A bucket as a field value, its first and last millisecond.
     *
     * @param bucket the bucket
     * @return {@code <t0 ms>-<t1 ms>}
     */
    public static String encode(Window.Closed bucket) {
        return bucket.t0().toEpochMilli() + "-" + bucket.t1().toEpochMilli();
    }

    /**
     * A field value read back; none when the field is absent.
     *
     * @param key   the hash, for the error
     * @param value the value, null when absent
     * @return the bucket
     * @throws StreamStoreException when the value is not one {@link #encode} wrote
     */
    public static Option<Window.Closed> decode(String key, String value) {
        if (value == null) {
            return Option.none();
        }
        int dash = value.indexOf('-');
        try {
            long t0 = Long.parseLong(value.substring(0, dash));
            long t1 = Long.parseLong(value.substring(dash + 1));
            return Option.some(Window.closed(Instant.ofEpochMilli(t0), Instant.ofEpochMilli(t1)));
        } catch (RuntimeException e) {
            throw new StreamStoreException(key, "unreadable bucket mark '" + value + "': " + e.getMessage(), e);
        }
    }

    /**
     * The instant of a {@code TIME} reply.
     *
     * @param key   the key the call was routed by, for the error
     * @param reply {@code {seconds, microseconds}}
     * @return the instant, to the microsecond
     * @throws StreamStoreException when the reply is not that
     */
    public static Instant time(String key, Object reply) {
        if (reply instanceof List<?> parts && parts.size() == 2) {
            try {
                long seconds = Long.parseLong(text(parts.get(0)));
                long micros = Long.parseLong(text(parts.get(1)));
                return Instant.ofEpochSecond(seconds, micros * 1_000);
            } catch (NumberFormatException e) {
                throw new StreamStoreException(key, "unreadable TIME reply " + reply, e);
            }
        }
        throw new StreamStoreException(key, "unreadable TIME reply " + reply, null);
    }

    private static String text(Object part) {
        return part instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : String.valueOf(part);
    }
}
