package echomq.docs;

import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Buckets;
import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupReport;
import echomq.redis.RedisPorts;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;

import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The rollup samples of {@code docs/03-windows-and-series.md}, compiled; {@link RollupSamplesTest}
 * runs them on a real Redis.
 */
final class RollupSamples {

    /** What the samples "show": kept, so that a run can be checked. */
    final java.util.List<Object> shown = new CopyOnWriteArrayList<>();

    void show(Object value) {
        shown.add(value);
    }

    Rollup<AggregateState>.Running rollup(UnifiedJedis jedis, String source, String target) {
        // sample:rollup
        // echomq.domain.rollup.RollupSpec, echomq.engine.rollup.{Rollup, RollupReport}, echomq.sketches.Aggregates
        RollupSpec spec = RollupSpec.of(StreamKey.existing(source), StreamKey.existing(target),   // e.g. orders into orders:1m
                Buckets.tumbling(Duration.ofMinutes(1)), Duration.ofMillis(100));                 // the writers' skew
        Rollup<AggregateState> rollup = Rollup.over(RedisPorts.over(jedis), spec,
                Aggregates.parse("count,sum:amount,p99:amount").rollup());
        RollupReport backfill = rollup.once();            // every closed minute so far, each once
        show(backfill);                                   // written 42 buckets, 0 already there, last [...]
        Rollup<AggregateState>.Running live = rollup.start(Duration.ofSeconds(1), e -> show(e));   // then each as it closes
        // end:rollup
        return live;
    }
}
