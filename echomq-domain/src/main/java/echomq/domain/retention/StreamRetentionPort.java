package echomq.domain.retention;

import echomq.domain.stream.StreamKey;
import echomq.domain.id.StreamId;
import io.vavr.control.Option;

/** Bounds a stream, and so the replay of every fold over it. */
public interface StreamRetentionPort {

    /** Trims the stream as {@code retention} says; returns the number of entries removed. */
    long trim(StreamKey key, Retention retention);

    /**
     * The id a trim to the newest {@code n} entries would keep from: the {@code n}-th newest entry's
     * ({@code XREVRANGE key + - COUNT n}); for {@code n = 0}, the id after the newest. None when the
     * stream holds no more than {@code n} entries.
     */
    Option<StreamId> newestFrom(StreamKey key, long n);

    /** Trims as {@link #trim} and reports; implementations that hear the stream's readers say who held the trim back. */
    default TrimReport trimReported(StreamKey key, Retention retention) {
        long removed = trim(key, retention);
        TrimPlan plan = new TrimPlan(retention, Option.none(), Option.some(retention), io.vavr.collection.List.empty());
        return new TrimReport(key, plan, removed);
    }
}
