package echomq.domain.window;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamStoreException;

/**
 * A window fold broken by a store failure part way through. Never a partial result passed off as
 * complete: the accumulator so far is here only to resume from, with
 * {@link StreamWindows#resume(echomq.domain.stream.StreamKey, Window, Fold, FoldResult, int)}.
 * <pre>{@code
 * try { r = windows.foldDetailed(key, w, fold, 1000); }
 * catch (FoldInterruptedException e) { r = windows.resume(key, w, fold, e.progress(), 1000); }
 * }</pre>
 */
public class FoldInterruptedException extends StreamStoreException {

    private final transient FoldResult<?> progress;

    /**
     * A fold of {@code key} broken after {@code progress} by {@code cause}.
     *
     * @param key      the stream's key, as text
     * @param progress what was folded before the failure
     * @param cause    the store's failure
     */
    public FoldInterruptedException(String key, FoldResult<?> progress, StreamStoreException cause) {
        super(key, "window fold interrupted after " + progress.entries() + " entries (last folded "
                + progress.last().map(StreamId::toString).getOrElse("none") + "): " + cause.getMessage(), cause);
        this.progress = progress;
    }

    /**
     * What was folded before the failure, to resume from; never an answer on its own.
     *
     * @param <A> the fold's accumulator (unchecked: the caller knows the fold it ran)
     * @return the accumulator so far, the last id folded and how many entries were
     */
    @SuppressWarnings("unchecked")
    public <A> FoldResult<A> progress() {
        return (FoldResult<A>) progress;
    }
}
