/**
 * Rollups that are streams: each closed bucket of a source stream written once, as one entry, to
 * a target stream, at the id {@code <bucket start ms>-0}.
 *
 * <p>Exactly once comes from Redis itself: an {@code XADD} whose id is not above the target's top
 * is refused, and buckets are written in time order, so a second writer, a rerun or a resumed run
 * writes no bucket twice; resuming is reading the target's top and going on after its bucket.
 * {@link echomq.domain.rollup.RollupPlan} makes the decisions, purely (the bucket that holds an id,
 * where a run resumes, which buckets to write next given the source's next entry and the store's
 * clock past the writers' skew); {@link echomq.domain.rollup.RollupAppendPort} is the one write
 * (append at an id, or be told the top it is not above); {@link echomq.domain.rollup.RollupFold}
 * is what a bucket is folded with and the fields it is written as; {@link echomq.domain.rollup.RollupSpec}
 * names source, target, buckets and skew, checked before anything reaches a store. The engine's
 * {@code echomq.engine.rollup.Rollup} runs them.
 * <pre>{@code
 * RollupSpec spec = RollupSpec.of(StreamKey.existing("orders"), StreamKey.existing("orders:1m"),
 *         Buckets.tumbling(Duration.ofMinutes(1)), Duration.ofSeconds(2));
 * Option<RollupPlan.Plan> next = RollupPlan.next(spec.buckets(), sourceNextEntry, serverNow, spec.skew(), 100);
 * }</pre>
 */
package echomq.domain.rollup;
