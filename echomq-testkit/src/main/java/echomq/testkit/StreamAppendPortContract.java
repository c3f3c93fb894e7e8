package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of {@link StreamAppendPort}; reads back through a {@link StreamRangePort} of the same
 * store: appends land once, under their branded ids, in mint order (from many threads too, and
 * async); a caller's id is kept or refused when not above the top; an append below another writer's
 * top is minted again above it; bad input is refused before the wire. Each test appends to a fresh
 * stream, {@link #key}.
 */
public abstract class StreamAppendPortContract {

    /**
     * For a subclass that names the implementation under test.
     */
    public StreamAppendPortContract() {
    }

    /**
     * The appender under test.
     *
     * @return the port; the same one for the whole test, as a minter is one per writer
     */
    protected abstract StreamAppendPort appender();

    /**
     * Reads back what was appended.
     *
     * @return a range port over the same store
     */
    protected abstract StreamRangePort reader();

    /** The queue of every stream the tests append to: {@code contract}. */
    protected String queue = "contract";
    /** The name of this test's stream, fresh for each test ({@code append-<uuid>}). */
    protected String name;
    /** This test's stream, {@code StreamKey.of(queue, name)}, set before each test. */
    protected StreamKey key;

    @BeforeEach
    void freshStream() {
        name = "append-" + UUID.randomUUID();
        key = StreamKey.of(queue, name);
    }

    private List<StreamEntry> all() {
        return reader().rangeFrom(key, StreamId.MIN, 100_000);
    }

    @Test
    void appendStoresTheRecordUnderTheA1IdOfAnEvtId() {
        LinkedHashMap<String, String> fields = LinkedHashMap.of("b", "2", "a", "1");
        BrandedId id = appender().append(key, fields);
        assertThat(id.namespace()).isEqualTo("EVT");
        assertThat(all()).containsExactly(new StreamEntry(id.streamId(), Option.some(id), fields));
    }

    @Test
    void receiptsAreInMintOrderAndReadBackInThatOrder() {
        List<BrandedId> ids = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            ids.add(appender().append(key, LinkedHashMap.of("i", Integer.toString(i))));
        }
        assertThat(ids).isSorted().doesNotHaveDuplicates();
        assertThat(all()).extracting(e -> e.branded().get()).containsExactlyElementsOf(ids);
    }

    @Test
    void appendBatchReturnsTheReceiptsInOrder() {
        List<LinkedHashMap<String, String>> records = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            records.add(LinkedHashMap.of("i", Integer.toString(i)));
        }
        List<BrandedId> ids = appender().appendBatch(key, records);
        assertThat(ids).hasSize(250).isSorted().doesNotHaveDuplicates();
        List<StreamEntry> read = all();
        assertThat(read).extracting(e -> e.branded().get()).containsExactlyElementsOf(ids);
        assertThat(read).extracting(e -> e.field("i").get()).containsExactlyElementsOf(
                records.stream().map(r -> r.get("i").get()).toList());
        assertThat(appender().appendBatch(key, List.of())).isEmpty();
    }

    @Test
    void concurrentAppendsOfOneProcessAllLandInMintOrder() throws Exception {
        int threads = 8;
        int each = 100;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        List<java.util.concurrent.Future<List<BrandedId>>> futures = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    List<BrandedId> mine = new ArrayList<>();
                    for (int i = 0; i < each; i++) {
                        LinkedHashMap<String, String> f = LinkedHashMap.of("t", Integer.toString(thread), "i", Integer.toString(i));
                        if (i % 10 == 0) {
                            mine.addAll(appender().appendBatch(key, List.of(f, f.put("b", "1"))));
                        } else {
                            mine.add(appender().append(key, f));
                        }
                    }
                    return mine;
                }));
            }
            List<BrandedId> all = new ArrayList<>();
            for (java.util.concurrent.Future<List<BrandedId>> f : futures) {
                List<BrandedId> mine = f.get();
                assertThat(mine).isSorted();
                all.addAll(mine);
            }
            all.sort(null);
            assertThat(all()).extracting(e -> e.branded().get()).containsExactlyElementsOf(all);
            assertThat(all).hasSize(threads * (each + each / 10));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void appendWithIdKeepsTheCallersIdAndRefusesOneNotAboveTheTop() {
        BrandedId mine = BrandedId.event(123_456_789L << 22 | 5);
        assertThat(appender().appendWithId(key, mine, LinkedHashMap.of("k", "v"))).isEqualTo(mine);
        assertThat(all()).extracting(StreamEntry::id).containsExactly(mine.streamId());
        assertThatThrownBy(() -> appender().appendWithId(key, mine, LinkedHashMap.of("k", "again")))
                .isInstanceOf(NonMonotonicAppendException.class)
                .hasMessageContaining(mine.streamId().toString())
                .hasMessageContaining(key.toString());
        BrandedId lower = BrandedId.event(mine.snowflake() - 1);
        assertThatThrownBy(() -> appender().appendWithId(key, lower, LinkedHashMap.of("k", "lower")))
                .isInstanceOf(NonMonotonicAppendException.class);
        assertThat(all()).hasSize(1);
    }

    /**
     * Another writer whose clock runs 5 s ahead put the stream's top in our future: our appends are
     * minted again above the top (the smallest id of our node above it), land once, and keep the
     * stream in order; a top no snowflake can pass leaves the refusal standing.
     */
    @Test
    void anAppendBelowAnotherWritersTopIsMintedAgainAboveIt() {
        long ahead = System.currentTimeMillis() + 5_000;
        BrandedId theirs = BrandedId.event(Snowflake.compose(ahead, 1000, 7));
        appender().appendWithId(key, theirs, LinkedHashMap.of("k", "ahead"));
        BrandedId one = appender().append(key, LinkedHashMap.of("k", "one"));
        List<BrandedId> batch = appender().appendBatch(key, List.of(LinkedHashMap.of("k", "b0"), LinkedHashMap.of("k", "b1")));
        BrandedId async = appender().appendAsync(key, LinkedHashMap.of("k", "async")).join();
        assertThat(one.streamId()).isGreaterThan(theirs.streamId());
        assertThat(one.streamId().ms()).as("one millisecond past the top at most").isLessThanOrEqualTo(ahead + 1);
        assertThat(all()).extracting(e -> e.field("k").get()).containsExactly("ahead", "one", "b0", "b1", "async");
        assertThat(all()).extracting(e -> e.branded().get()).containsExactly(theirs, one, batch.get(0), batch.get(1), async);

        BrandedId last = BrandedId.event(Long.MAX_VALUE); // the end of the snowflake range: nothing can be minted above it
        appender().appendWithId(key, last, LinkedHashMap.of("k", "end"));
        assertThatThrownBy(() -> appender().append(key, LinkedHashMap.of("k", "refused")))
                .isInstanceOf(NonMonotonicAppendException.class)
                .hasMessageContaining(key.toString());
        assertThat(all()).hasSize(6);
    }

    @Test
    void refusesAnIdFieldAWrongNamespaceAndBadNamesBeforeTheWire() {
        assertThatThrownBy(() -> appender().append(key, LinkedHashMap.of("id", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"id\"");
        assertThatThrownBy(() -> appender().appendWithId(key, new BrandedId("USR", 1), LinkedHashMap.of("k", "v")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("USR");
        assertThatThrownBy(() -> appender().append(StreamKey.of("bad queue", name), LinkedHashMap.of("k", "v")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whitespace");
        assertThatThrownBy(() -> appender().appendBatch(key,
                List.of(LinkedHashMap.of("k", "v"), LinkedHashMap.of("id", "v"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("record 1");
        assertThat(all()).isEmpty();
    }

    @Test
    void asyncAppendsFromManyThreadsAllLandOnceInMintOrder() throws Exception {
        int threads = 8;
        int each = 200;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<BrandedId>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    List<java.util.concurrent.CompletableFuture<BrandedId>> receipts = new ArrayList<>();
                    for (int i = 0; i < each; i++) {
                        receipts.add(appender().appendAsync(key, LinkedHashMap.of("t", "" + thread, "i", "" + i)));
                    }
                    List<BrandedId> mine = new ArrayList<>();
                    for (var r : receipts) {
                        mine.add(r.get(30, java.util.concurrent.TimeUnit.SECONDS));
                    }
                    return mine;
                }));
            }
            List<BrandedId> all = new ArrayList<>();
            for (Future<List<BrandedId>> f : futures) {
                List<BrandedId> mine = f.get();
                assertThat(mine).isSorted(); // one thread's records land in the order it handed them over
                all.addAll(mine);
            }
            all.sort(null);
            assertThat(all).doesNotHaveDuplicates().hasSize(threads * each);
            assertThat(all()).extracting(e -> e.branded().get()).containsExactlyElementsOf(all); // wire order is mint order
        } finally {
            pool.shutdownNow();
        }
        assertThatThrownBy(() -> appender().appendAsync(key, LinkedHashMap.of("id", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"id\"");
    }
}
