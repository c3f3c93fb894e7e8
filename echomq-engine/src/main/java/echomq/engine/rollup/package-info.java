/**
 * The rollup runner: {@link echomq.engine.rollup.Rollup} writes each closed bucket of a source
 * stream once, as one entry at {@code <bucket start ms>-0}, to a target stream; once (a backfill
 * that returns a {@link echomq.engine.rollup.RollupReport}) or continuously, as buckets close on the
 * store's clock ({@link echomq.engine.rollup.Rollup.Running}: a report so far, a way to stop). The
 * decisions are the domain's ({@code echomq.domain.rollup.RollupPlan}); exactly once is Redis',
 * which refuses an {@code XADD} not above the target's top.
 * <pre>{@code
 * Rollup<AggregateState> rollup = Rollup.over(RedisPorts.over(jedis), spec, Aggregates.parse("count,sum:amount").rollup());
 * RollupReport backfill = rollup.once();
 * try (Rollup.Running running = rollup.start(Duration.ofSeconds(1), Throwable::printStackTrace)) { … }
 * }</pre>
 */
package echomq.engine.rollup;
