package echomq.docs;

import echomq.domain.stream.StreamKey;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import redis.clients.jedis.UnifiedJedis;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The samples of {@code docs/12-existing-streams.md}, compiled; {@link ExistingStreamSamplesTest}
 * runs them on a real Redis, over a stream written with {@code XADD orders * …}.
 */
final class ExistingStreamSamples {

    /** What the samples "show": kept, so that a run can be checked. */
    final java.util.List<Object> shown = new CopyOnWriteArrayList<>();

    void show(Object... values) {
        shown.add(java.util.List.of(values));
    }

    AggregateState window(UnifiedJedis jedis) {
        // sample:existing-window
        StreamKey orders = StreamKey.existing("orders");                 // the key as the other service named it
        Aggregates folds = Aggregates.parse("count,sum:amount,p99:amount,distinct:user");
        ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 10_000);

        AggregateState lastHour = reader.fold(orders, Window.last(Duration.ofHours(1)), folds.fold());
        show(lastHour.entries(), lastHour.value("sum:amount").get(), lastHour.value("p99:amount").getOrElse(BigDecimal.ZERO));

        Series<AggregateState> perMinute = reader.fold(orders, Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))),
                folds.fold());
        perMinute.buckets().forEach(b -> show(b.window(), b.value().values()));   // every minute, a quiet one with count 0
        // end:existing-window
        return lastHour;
    }
}
