package echomq.domain.retention;

import echomq.domain.stream.StreamKey;
import echomq.domain.id.StreamId;
import io.vavr.control.Option;

/**
 * Bounds a stream, and so the replay of every fold over it. The adapters trim blindly;
 * {@link SafeRetention} wraps one so a trim never removes what a reader still needs.
 * <pre>{@code
 * long removed = retention.trim(StreamKey.of("cm", "guesses"), Retention.maxLen(10_000));
 * }</pre>
 * Every method throws {@link echomq.domain.stream.StreamStoreException} when the store fails.
 */
public interface StreamRetentionPort {

    /**
     * Trims the stream as {@code retention} says ({@code XTRIM}).
     *
     * @param key       the stream
     * @param retention what to keep
     * @return the number of entries removed
     */
    long trim(StreamKey key, Retention retention);

    /**
     * The id a trim to the newest {@code n} entries would keep from: the {@code n}-th newest entry's
     * ({@code XREVRANGE key + - COUNT n}); for {@code n = 0}, the id after the newest. None when the
     * stream holds no more than {@code n} entries.
     *
     * @param key the stream
     * @param n   how many of the newest entries to keep, {@code >= 0}
     * @return the id the trim would keep from; none when it would remove nothing
     */
    Option<StreamId> newestFrom(StreamKey key, long n);

    /**
     * Trims as {@link #trim} and reports; implementations that hear the stream's readers say who
     * held the trim back (the default reports none).
     *
     * @param key       the stream
     * @param retention what to keep
     * @return what was asked, what ran and how many entries were removed
     */
    default TrimReport trimReported(StreamKey key, Retention retention) {
        long removed = trim(key, retention);
        TrimPlan plan = new TrimPlan(retention, Option.none(), Option.some(retention), io.vavr.collection.List.empty());
        return new TrimReport(key, plan, removed);
    }
}
