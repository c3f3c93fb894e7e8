/**
 * The caching projection reader: {@link echomq.engine.projection.ProjectionReader} answers what
 * {@link echomq.domain.window.StreamWindows} answers for any {@link echomq.domain.window.Window}, but
 * folds only what changed since it last read the stream. Each read first proves, with one state read
 * and a probe of the last entry it saw, that the stream continues the history it folded before (its
 * lineage); only then does it serve kept folds, bring them up to date with the appends, or, for a
 * sliding window, combine running folds, pane stacks and trailing suffixes. The sealed windows of
 * checkpointable folds can also be kept in a {@link echomq.domain.checkpoint.CheckpointPort}, so a
 * restarted reader starts from them. Every other class here is a part of the reader, package-private.
 * <pre>{@code
 * ProjectionReader reader = new ProjectionReader(range, states, Clock.systemUTC(), 10_000);
 * long lastHour = reader.fold(StreamKey.of("cm", "guess-scored"), Window.last(Duration.ofHours(1)), counting);
 * }</pre>
 */
package echomq.engine.projection;
