/**
 * Time windows over streams and their bound math, and the plain folds that read them.
 *
 * <p>Because entry ids start with their millisecond, a time window is an id range: a closed window
 * {@code [t0, t1]} reads from {@code <t0 ms>-0} to {@code <t1 ms>-4194303} (the largest 22-bit
 * snowflake tail), a half-open one since {@code t0} from {@code <t0 ms>-0} to {@code +}, and a
 * sliding window "the last hour" is the half-open window since {@code now - 1h} at each read.
 * {@link echomq.domain.window.StreamWindows} folds one stream's window page by page, each entry
 * once; {@link echomq.domain.window.PartitionedWindows} merges the partitions of a channel in id order.
 *
 * <p>A series cuts a range into {@link echomq.domain.window.Buckets} (tumbling, hopping, or the
 * calendar days, weeks, months and years of a zone) and folds every bucket in one pass, empty
 * ones included: {@link echomq.domain.window.StreamWindows#foldSeries} answers a
 * {@link echomq.domain.window.Series} of {@link echomq.domain.window.Bucket}s; a
 * {@link echomq.domain.window.Bucketed} range is the same as a window value for the caching reader.
 * <pre>{@code
 * StreamWindows windows = new StreamWindows(port);
 * long n = windows.foldWindow(StreamKey.of("cm", "guesses"), Window.last(Duration.ofHours(1)),
 *         Fold.of("count", 0L, (c, e) -> c + 1));
 * }</pre>
 */
package echomq.domain.window;
