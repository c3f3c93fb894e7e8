package echomq.redis;

import echomq.domain.id.BrandedId;
import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** INV-TT, INV-BOUND and INV-PAGE on a real Redis, through the adapters. */
class WireInvariantsTest {

    static final String Q = "wire";
    static final String NAME = "inv-" + UUID.randomUUID();
    static final StreamKey KEY = StreamKey.of(Q, NAME);
    static final long T0 = Snowflake.EPOCH_MS + 30L * 86_400_000L;
    static final int SPAN_MS = 400;
    static final Fold<Vector<StreamEntry>> COLLECT = Fold.of("collect", Vector.empty(), Vector::append);

    static List<StreamEntry> stream;
    static StreamWindows windows;
    static Random random;

    /** Several entries in most milliseconds, minted by the adapter under a clock the test moves. */
    @BeforeAll
    static void fill() {
        random = Seeded.random("WireInvariantsTest");
        AtomicLong clock = new AtomicLong(T0);
        RedisStreamAppend appender = new RedisStreamAppend(SharedRedis.client(), new Snowflake(5, clock::get));
        for (int ms = 0; ms < SPAN_MS; ms++) {
            clock.set(T0 + ms);
            int n = random.nextInt(5);
            if (n == 1) {
                appender.append(StreamKey.of(Q, NAME), LinkedHashMap.of("ms", Integer.toString(ms), "p", Integer.toString(random.nextInt(100))));
            } else if (n > 1) {
                List<LinkedHashMap<String, String>> batch = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    batch.add(LinkedHashMap.of("ms", Integer.toString(ms), "p", Integer.toString(random.nextInt(100))));
                }
                appender.appendBatch(StreamKey.of(Q, NAME), batch);
            }
        }
        windows = new StreamWindows(new RedisStreamRange(SharedRedis.client()));
        // the whole stream, read raw (XRANGE - +) and decoded independently of the adapter's paging
        stream = new RedisStreamRange(SharedRedis.client()).range(KEY, StreamId.MIN, StreamId.MAX, 1_000_000);
        assertThat(stream).hasSizeGreaterThan(SPAN_MS);
    }

    static List<StreamEntry> filterByMintInstant(Instant t0, Instant t1) {
        long from = t0.toEpochMilli();
        long to = t1 == null ? Long.MAX_VALUE : t1.toEpochMilli();
        return stream.stream().filter(e -> {
            long minted = e.branded().get().instant().toEpochMilli();
            return minted >= from && minted <= to;
        }).toList();
    }

    @TestFactory
    Stream<DynamicTest> windowsReadExactlyTheirMintInstantsWithEveryPageSize() {
        return IntStream.range(0, 200).mapToObj(i -> {
            long a = T0 - 2 + random.nextInt(SPAN_MS + 4);
            long b = a + random.nextInt(60);
            Instant t0 = Instant.ofEpochMilli(a).plusNanos(random.nextInt(1_000_000));
            Instant t1 = Instant.ofEpochMilli(b).plusNanos(999_999);
            return DynamicTest.dynamicTest("[" + t0 + ", " + t1 + "]", () -> {
                List<StreamEntry> expected = filterByMintInstant(t0, t1);
                List<StreamEntry> expectedOpen = filterByMintInstant(t0, null);
                for (int page : new int[] {1, 2, 7, 1000}) {
                    assertThat(windows.foldWindow(StreamKey.of(Q, NAME), Window.closed(t0, t1), COLLECT, page).toJavaList())
                            .as("closed, page %d", page).isEqualTo(expected);
                    assertThat(windows.foldWindow(StreamKey.of(Q, NAME), Window.since(t0), COLLECT, page).toJavaList())
                            .as("since, page %d", page).isEqualTo(expectedOpen);
                }
                assertThat(windows.readWindow(Q, NAME, t0, t1, 10_000)).isEqualTo(expected);
                assertThat(windows.readWindow(Q, NAME, t0, t1, 3)).isEqualTo(expected.subList(0, Math.min(3, expected.size())));
                assertThat(windows.readSince(Q, NAME, t0, 10_000)).isEqualTo(expectedOpen);
            });
        });
    }

    /** INV-BOUND at both edges, with entries at t0 - 1ms, t0, t1 and t1 + 1ms and tails 0 and MAX_SNOWFLAKE_TAIL. */
    @Test
    void invBoundOnTheWire() {
        String name = "bound-" + UUID.randomUUID();
        RedisStreamAppend appender = new RedisStreamAppend(SharedRedis.client(), new Snowflake(0, () -> T0));
        long t0 = T0 + 10;
        long t1 = T0 + 20;
        List<BrandedId> in = new ArrayList<>();
        List<BrandedId> out = new ArrayList<>();
        for (long ms : new long[] {t0 - 1, t0, t1, t1 + 1}) {
            for (long tail : new long[] {0, 1, StreamId.MAX_SNOWFLAKE_TAIL}) {
                BrandedId id = BrandedId.event((ms - Snowflake.EPOCH_MS) << 22 | tail);
                appender.appendWithId(StreamKey.of(Q, name), id, LinkedHashMap.of("ms", Long.toString(ms)));
                (ms == t0 || ms == t1 ? in : out).add(id);
            }
        }
        List<StreamEntry> read = windows.readWindow(Q, name, Instant.ofEpochMilli(t0).plusNanos(999_999),
                Instant.ofEpochMilli(t1), 100);
        assertThat(read).extracting(e -> e.branded().get()).containsExactlyElementsOf(in);
        assertThat(windows.readSince(Q, name, Instant.ofEpochMilli(t0), 100)).extracting(e -> e.branded().get())
                .containsExactlyElementsOf(concat(in, out.subList(3, 6))); // t0, t1, then t1 + 1ms
    }

    private static List<BrandedId> concat(List<BrandedId> a, List<BrandedId> b) {
        List<BrandedId> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** Adjacent windows partition the log on the wire too. */
    @Test
    void adjacentWindowsPartitionTheStream() {
        List<StreamEntry> union = new ArrayList<>();
        long a = T0 - 5;
        while (a < T0 + SPAN_MS + 5) {
            long b = a + random.nextInt(30);
            union.addAll(windows.foldWindow(StreamKey.of(Q, NAME), Window.closed(Instant.ofEpochMilli(a), Instant.ofEpochMilli(b)),
                    COLLECT, 1 + random.nextInt(8)).toJavaList());
            a = b + 1;
        }
        assertThat(union).isEqualTo(stream);
    }
}
