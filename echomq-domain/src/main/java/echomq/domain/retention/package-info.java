/**
 * Retention: how much of a stream to keep, and the pure decision of how far a trim may go without
 * removing what a reader still needs.
 *
 * <p>A {@link echomq.domain.retention.Retention} is one {@code XTRIM} ({@code MAXLEN} or {@code MINID});
 * a {@link echomq.domain.retention.RetentionPolicy} declares one rule per stream and says which trims
 * are due. {@link echomq.domain.retention.SafeRetention} hears the stream's readers (consumer groups,
 * whole-log checkpoints) as {@link echomq.domain.retention.Hold}s, lowers the trim to the safe horizon
 * ({@link echomq.domain.retention.RetentionPolicy#plan}) and reports who held it back.
 * <pre>{@code
 * TrimReport r = safe.trimReported(StreamKey.of("cm", "guesses"), Retention.minAge(Duration.ofDays(7), clock));
 * r.plan().heldBack();   // whether a reader kept it from removing all it was asked to
 * }</pre>
 */
package echomq.domain.retention;
