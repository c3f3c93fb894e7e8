/**
 * Checkpoints of projections: a fold's accumulator saved with the entry it is folded up to, so a
 * rebuild folds only the tail after it and retention may remove what came before.
 *
 * <p>A {@link echomq.domain.checkpoint.Checkpoint} is trusted only while the stream continues the
 * history it was taken in (same version, the entry {@code upTo} still there, no counter of the
 * stream gone down); {@link echomq.domain.checkpoint.Checkpoints} checks that and falls back to a
 * full fold, saying why. The store is the {@link echomq.domain.checkpoint.CheckpointPort} (Redis in
 * the adapters); the accumulator's format is the projection's own
 * {@link echomq.domain.checkpoint.StateCodec}, so the domain knows no serialisation.
 * <pre>{@code
 * Checkpoints checkpoints = new Checkpoints(range, states, store, Clock.systemUTC());
 * Checkpoints.Resumed<Long> r = checkpoints.foldLog(StreamKey.of("cm", "guesses"), count, codec, 1_000);
 * }</pre>
 */
package echomq.domain.checkpoint;
