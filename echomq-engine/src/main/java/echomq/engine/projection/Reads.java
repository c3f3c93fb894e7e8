package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.window.FoldResult;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import java.util.Objects;

/**
 * What every part of the reader reads and counts with: the plain window folds, the page size of
 * its range reads, and the metrics.
 *
 * @param range    the range port (a page of ids, for what a part reads ahead)
 * @param windows  the paged window folds over the range port
 * @param pageSize entries per range read
 * @param metrics  the reader's counts
 */
record Reads(StreamRangePort range, StreamWindows windows, int pageSize, ReaderMetrics metrics) {

    Reads {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(windows, "windows");
        Objects.requireNonNull(metrics, "metrics");
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be >= 1, got " + pageSize);
        }
    }

    /**
     * Folds on from {@code progress} (its {@code last}: folded up to there) through the window's
     * entries up to the last id the state read saw ({@code state}), never past it: an entry appended
     * between the state read and the range read is left for the next read, which proves the fold and
     * folds on from here. Read as far as the top instead, a window appended to all the time (the
     * open pane of a live feed) would fold past its state at nearly every read and never be kept.
     * The answer is the window as the state read saw it. Every kept fold of the reader is made here.
     */
    <A> FoldResult<A> upToState(StreamKey key, Window.Fixed window, Fold<A> fold, FoldResult<A> progress, StreamState state) {
        return windows.resume(key, window, fold, progress, state.lastGenerated(), pageSize);
    }
}
