package echomq.spring.boot;

import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.eventtime.TimeFormat;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.LateCopies;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import echomq.testkit.RedisExtension;
import echomq.testkit.RedisUri;
import echomq.testkit.Seeded;
import io.lettuce.core.RedisClient;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;

import static echomq.spring.boot.EchoMqRollupPropertiesTest.configurationFailure;
import static echomq.spring.boot.EchoMqRollupPropertiesTest.runner;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code echomq.event-times[i].*} on a real Redis (#57): a stream declared with its own time is rolled
 * up by it (each minute's entry equal to the brute force of the rule over every entry written: those on
 * time, {@code m - L <= e <= m + E}, in the minute of their event time), what the rule leaves out copied
 * to {@code .late-into} once each with its reason; {@code EchoMqEventTimes.over} reads the declared
 * stream's series by event time (and counts what it leaves out as the brute force does) and any other
 * stream by its ids; every bad value named before anything reaches Redis.
 */
@ExtendWith(RedisExtension.class)
class EchoMqEventTimePropertiesTest {

    static final long L = 20_000;
    static final long E = 500;

    /** One entry written: its id's milliseconds, its event time (null when missing or not a time) and its amount. */
    record Written(StreamId id, Long e, int amount) {
        boolean onTime() {
            return e != null && e >= id.ms() - L && e <= id.ms() + E;
        }

        LeftOut.Reason reason() {
            return e == null ? LeftOut.Reason.UNTIMED : e < id.ms() - L ? LeftOut.Reason.LATE : LeftOut.Reason.EARLY;
        }
    }

    @Test
    void aDeclaredStreamIsRolledUpAndReadByItsEventTime(RedisUri redis) {
        Random rnd = Seeded.random("EchoMqEventTimePropertiesTest");
        String orders = "orders:" + UUID.randomUUID();
        String other = orders + ":by-id";
        String into = orders + ":1m";
        String late = orders + ":late";
        RedisClient client = RedisClient.create(redis.uri());
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            long now = Long.parseLong(c.sync().time().get(0)) * 1000;
            long start = now - 3_600_000L;
            List<Written> all = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                long m = start + i * 3_000L + rnd.nextInt(3_000);
                int kind = rnd.nextInt(16);
                Long e = switch (kind) {
                    case 0 -> m - L - 1 - rnd.nextInt(60_000);
                    case 1 -> m + E + 1 + rnd.nextInt(60_000);
                    case 2 -> m - L;
                    case 3 -> m + E;
                    case 4, 5 -> null;
                    default -> m - rnd.nextInt((int) (L + E + 1)) + E;
                };
                int amount = rnd.nextInt(1000);
                Map<String, String> fields = new HashMap<>(Map.of("amount", Integer.toString(amount)));
                if (kind == 5) {
                    fields.put("ts", "soon");
                } else if (e != null) {
                    fields.put("ts", Long.toString(e / 1000));            // epoch seconds
                    e = e / 1000 * 1000;
                }
                String id = c.sync().xadd(orders, new XAddArgs().id(m + "-1"), fields);
                c.sync().xadd(other, new XAddArgs().id(m + "-1"), fields);
                all.add(new Written(StreamId.parse(id), e, amount));
            }
            // the brute force: each minute of event time holds the entries on time stamped in it
            TreeMap<Long, List<Written>> perMinute = new TreeMap<>();
            all.stream().filter(Written::onTime).forEach(w -> perMinute.computeIfAbsent(w.e() - Math.floorMod(w.e(), 60_000L),
                    k -> new ArrayList<>()).add(w));
            List<Written> leftOut = all.stream().filter(w -> !w.onTime()).toList();
            assertThat(leftOut).as("the seed draws entries left out").isNotEmpty();

            runner(redis).withPropertyValues("echomq.event-times[0].stream=" + orders, "echomq.event-times[0].field=ts",
                    "echomq.event-times[0].format=s", "echomq.event-times[0].lateness=20s", "echomq.event-times[0].lead=500ms",
                    "echomq.rollups[0].stream=" + orders, "echomq.rollups[0].bucket=1m", "echomq.rollups[0].folds=count,sum:amount",
                    "echomq.rollups[0].into=" + into, "echomq.rollups[0].late-into=" + late, "echomq.rollups[0].every=20ms").run(context -> {
                assertThat(context).hasNotFailed();
                EchoMqEventTimes times = context.getBean(EchoMqEventTimes.class);
                EventTime declared = times.of(StreamKey.existing(orders)).get();
                assertThat(declared).isEqualTo(EventTime.field("ts").format(TimeFormat.EPOCH_SECONDS).lateness(Duration.ofSeconds(20))
                        .lead(Duration.ofMillis(500)));
                assertThat(context.getBean(EchoMqRollups.class).rollups().get(0).spec().eventTime()).contains(declared);
                StreamRangePort range = context.getBean(StreamRangePort.class);

                long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
                while (range.rangeFrom(StreamKey.existing(into), StreamId.MIN, 1_000).size() < perMinute.size()
                        || range.rangeFrom(StreamKey.existing(late), StreamId.MIN, 1_000).size() < leftOut.size()) {
                    assertThat(System.nanoTime()).as("the rollup wrote within 15 s").isLessThan(deadline);
                    Thread.sleep(20);
                }
                List<StreamEntry> written = range.rangeFrom(StreamKey.existing(into), StreamId.MIN, 1_000);
                assertThat(written).extracting(w -> w.id().ms()).containsExactlyElementsOf(perMinute.keySet());
                int i = 0;
                for (Map.Entry<Long, List<Written>> minute : perMinute.entrySet()) {
                    StreamEntry w = written.get(i++);
                    assertThat(Long.parseLong(w.field("entries").get())).as("minute %s", Instant.ofEpochMilli(minute.getKey()))
                            .isEqualTo(minute.getValue().size());
                    assertThat(new java.math.BigDecimal(w.field("sum_amount").get())).isEqualByComparingTo(
                            java.math.BigDecimal.valueOf(minute.getValue().stream().mapToLong(Written::amount).sum()));
                }
                List<StreamEntry> copies = range.rangeFrom(StreamKey.existing(late), StreamId.MIN, 1_000);
                assertThat(copies).extracting(StreamEntry::id).containsExactlyElementsOf(leftOut.stream().map(Written::id).toList());
                for (int k = 0; k < copies.size(); k++) {
                    assertThat(copies.get(k).field(LateCopies.REASON).get()).isEqualTo(leftOut.get(k).reason().spelling());
                }

                // the same series read through the bean's view: the declared stream by event time, the other by its ids
                Aggregates folds = Aggregates.parse("count,sum:amount");
                LeftOut.Tally missed = new LeftOut.Tally();
                StreamWindows windows = new StreamWindows(times.over(range, missed));
                Window.Closed hour = Window.closed(Instant.ofEpochMilli(start - 120_000), Instant.ofEpochMilli(now));
                Series<AggregateState> byTs = windows.foldSeries(StreamKey.existing(orders), Buckets.tumbling(Duration.ofMinutes(1)), hour,
                        folds.fold());
                for (Bucket<AggregateState> b : byTs.buckets()) {
                    assertThat(b.value().entries()).as("bucket %s by event time", b.window())
                            .isEqualTo(perMinute.getOrDefault(b.window().t0().toEpochMilli(), List.of()).size());
                }
                assertThat(missed.counts()).isEqualTo(new LeftOut(count(leftOut, LeftOut.Reason.LATE), count(leftOut, LeftOut.Reason.EARLY),
                        count(leftOut, LeftOut.Reason.UNTIMED)));
                Series<AggregateState> byId = windows.foldSeries(StreamKey.existing(other), Buckets.tumbling(Duration.ofMinutes(1)), hour,
                        folds.fold());
                for (Bucket<AggregateState> b : byId.buckets()) {
                    long t0 = b.window().t0().toEpochMilli();
                    long t1 = b.window().t1().toEpochMilli();
                    assertThat(b.value().entries()).as("bucket %s by id", b.window())
                            .isEqualTo(all.stream().filter(w -> w.id().ms() >= t0 && w.id().ms() <= t1).count());
                }
                assertThat(missed.counts().total()).as("a stream not declared leaves nothing out").isEqualTo(leftOut.size());
            });
        } finally {
            client.shutdown();
        }
    }

    /** A rollup of a declared stream that another rollup writes waits for that one, and stays by event time. */
    @Test
    void aChainedRollupKeepsItsEventTimeAndItsLateStream(RedisUri redis) {
        runner(redis).withPropertyValues("echomq.event-times[0].stream=orders:1m", "echomq.event-times[0].field=ts",
                "echomq.event-times[0].lateness=1m",
                "echomq.rollups[0].stream=orders", "echomq.rollups[0].bucket=1m", "echomq.rollups[0].folds=count",
                "echomq.rollups[0].into=orders:1m", "echomq.rollups[0].every=2s",
                "echomq.rollups[1].stream=orders:1m", "echomq.rollups[1].bucket=1h", "echomq.rollups[1].folds=count",
                "echomq.rollups[1].into=orders:1h", "echomq.rollups[1].late-into=orders:1m:late").run(context -> {
            assertThat(context).hasNotFailed();
            var second = context.getBean(EchoMqRollups.class).rollups().get(1).spec();
            assertThat(second.skew()).isEqualTo(Duration.ofMillis(100).plusSeconds(2).plus(RollupRules.CHAIN_MARGIN));
            assertThat(second.eventTime()).contains(EventTime.field("ts").lateness(Duration.ofMinutes(1)));
            assertThat(second.lateInto()).contains(StreamKey.existing("orders:1m:late"));
            assertThat(second.closesAfter()).isEqualTo(second.skew().plus(Duration.ofMinutes(1)));
            assertThat(context.getBean(EchoMqRollups.class).rollups().get(0).spec().eventTime()).isEmpty();
        });
    }

    private static long count(List<Written> left, LeftOut.Reason reason) {
        return left.stream().filter(w -> w.reason() == reason).count();
    }

    @Test
    void aBadEventTimePropertyIsNamed(RedisUri redis) {
        String[] good = {"echomq.event-times[0].stream=orders", "echomq.event-times[0].field=ts"};
        String[][] bad = {
                {"echomq.event-times[0].format=epoch"},
                {"echomq.event-times[0].lateness=-5m"},
                {"echomq.event-times[0].lead=4000d"},
                {"echomq.event-times[0].field="},
                {"echomq.event-times[0].stream="},
                {"echomq.event-times[1].stream=orders", "echomq.event-times[1].field=at"},
                {"echomq.rollups[0].stream=payments", "echomq.rollups[0].bucket=1m", "echomq.rollups[0].folds=count",
                        "echomq.rollups[0].into=payments:1m", "echomq.rollups[0].late-into=payments:late"},
                {"echomq.rollups[0].stream=orders", "echomq.rollups[0].bucket=1m", "echomq.rollups[0].folds=count",
                        "echomq.rollups[0].into=orders:1m", "echomq.rollups[0].late-into=orders:1m"},
        };
        String[] named = {"echomq.event-times[0].format", "echomq.event-times[0].lateness", "echomq.event-times[0].lead",
                "echomq.event-times[0].field is not set", "echomq.event-times[0].stream is not set",
                "echomq.event-times[1].stream declares \"orders\" again", "echomq.rollups[0].late-into is set but",
                "echomq.rollups[0].late-into is not valid"};
        for (int i = 0; i < bad.length; i++) {
            String what = named[i];
            runner(redis).withPropertyValues(good).withPropertyValues(bad[i]).run(context ->
                    assertThat(configurationFailure(context.getStartupFailure())).isInstanceOf(EchoMqConfigurationException.class)
                            .hasMessageContaining(what));
        }
        // none declared: the bean is there, and every stream goes by its ids
        runner(redis).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(EchoMqEventTimes.class).declared()).isEmpty();
        });
    }
}
