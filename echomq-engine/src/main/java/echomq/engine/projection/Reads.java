package echomq.engine.projection;

import echomq.domain.window.StreamWindows;

import java.util.Objects;

/**
 * What every part of the reader reads and counts with: the plain window folds, the page size of
 * its range reads, and the metrics.
 *
 * @param windows  the paged window folds over the range port
 * @param pageSize entries per range read
 * @param metrics  the reader's counts
 */
record Reads(StreamWindows windows, int pageSize, ReaderMetrics metrics) {

    Reads {
        Objects.requireNonNull(windows, "windows");
        Objects.requireNonNull(metrics, "metrics");
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be >= 1, got " + pageSize);
        }
    }
}
