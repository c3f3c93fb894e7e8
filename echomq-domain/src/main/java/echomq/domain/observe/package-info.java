/**
 * Observation: the events the library tells of what it did (folds, appends, trims, groups,
 * reconnects) and the listener port a metrics adapter binds.
 *
 * <p>{@link echomq.domain.observe.EchoEvent} values carry only bounded names (stream keys, projection
 * names), never per-entry values, so they are safe as metric tags; an
 * {@link echomq.domain.observe.EchoListener} is called inline and what it throws is dropped.
 * <pre>{@code
 * EchoListener counting = event -> { if (event instanceof EchoEvent.Trimmed t) removed.add(t.removed()); };
 * }</pre>
 */
package echomq.domain.observe;
