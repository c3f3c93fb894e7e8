/**
 * Quantiles and distinct counts as folds that merge exactly: the answer is a function of the merged
 * state only, never of how the entries were split into pages, panes, buckets, partitions or kept
 * pieces, so a cached, hopping, sliding or partitioned answer equals a fresh one-pass fold bit for bit.
 *
 * <p>{@link echomq.sketches.Quantiles} counts values in HdrHistogram's buckets (merged by adding
 * counts); {@link echomq.sketches.DistinctCount} keeps the exact set of hashes while it is small and
 * HyperLogLog registers beyond (merged by taking the maximum). Both are
 * {@link echomq.domain.checkpoint.Checkpointable}, so the reader's kept pieces survive a restart, and
 * their accumulators are immutable values with value equality. {@link echomq.sketches.Aggregates}
 * folds spelled as text ({@code count,sum:amount,p99:amount}), each kind of fold one
 * {@link echomq.sketches.Aggregate} type that owns its accumulator, listed in
 * {@link echomq.sketches.Aggregates#KINDS}; what such a fold counts as a number is
 * {@link echomq.sketches.FieldNumber}'s one rule.
 * <pre>{@code
 * Checkpointable<QuantileState> latency = Quantiles.of("latency", "ms", 2, 3_600_000L);
 * reader.fold(key, Window.last(Duration.ofHours(1)), latency).quantile(0.9);   // Option of the p90
 * }</pre>
 */
package echomq.sketches;
