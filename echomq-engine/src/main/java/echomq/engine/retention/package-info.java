/**
 * Runs retention: {@link echomq.engine.retention.RetentionDriver} applies a pure
 * {@link echomq.domain.retention.RetentionPolicy} (which streams to trim, how, how often) through a
 * {@link echomq.domain.retention.StreamRetentionPort}, once or on a schedule, and reports each trim's
 * outcome, failures included. Given a {@link echomq.domain.retention.SafeRetention} port, no trim
 * removes entries a consumer group or a checkpoint still needs; the outcomes name who held it back.
 */
package echomq.engine.retention;
