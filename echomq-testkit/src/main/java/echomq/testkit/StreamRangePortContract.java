package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of {@link StreamRangePort}, run against every implementation: extend it, give the
 * port and a way to store entries with explicit ids.
 */
public abstract class StreamRangePortContract {

    /**
     * For a subclass that names the implementation under test.
     */
    public StreamRangePortContract() {
    }

    /**
     * The port under test.
     *
     * @return the range port, over the store {@link #store} writes to
     */
    protected abstract StreamRangePort port();

    /**
     * Stores entries with their own ids under {@code key}, in order.
     *
     * @param key     the stream
     * @param entries the entries, in id order, each under its branded id
     */
    protected abstract void store(StreamKey key, List<StreamEntry> entries);

    /** This test's stream, fresh for each test. */
    protected StreamKey key;
    /** What each test finds in {@link #key}: three entries in each of five milliseconds (tails 0, 1 and the largest), in order. */
    protected List<StreamEntry> stored;

    @BeforeEach
    void seedStream() {
        key = StreamKey.of("contract", "s-" + UUID.randomUUID());
        stored = new ArrayList<>();
        long base = Snowflake.EPOCH_MS + 1_000_000;
        // three entries in each of five milliseconds, tails 0, 1 and MAX_SNOWFLAKE_TAIL
        for (int ms = 0; ms < 5; ms++) {
            for (int tail : new int[] {0, 1, (int) StreamId.MAX_SNOWFLAKE_TAIL}) {
                long flake = (base + ms - Snowflake.EPOCH_MS) << 22 | tail;
                stored.add(StreamEntry.of(BrandedId.event(flake),
                        LinkedHashMap.of("z", "last-" + ms, "a", "first", "n", Integer.toString(stored.size()))));
            }
        }
        store(key, stored);
    }

    /** Paged reads, at every page size and with or without an end, hold exactly the entries of one range, in order. */
    @Test
    void pagesHoldTheSameEntriesAsOneRange() {
        for (int pageSize : new int[] {1, 2, 4, 14, 15, 16, 100}) {
            for (io.vavr.control.Option<StreamId> to : List.of(io.vavr.control.Option.<StreamId>none(), io.vavr.control.Option.some(stored.get(9).id()))) {
                StreamId from = stored.get(2).id();
                List<StreamEntry> expected = to.isDefined() ? port().range(key, from, to.get(), 1000) : port().rangeFrom(key, from, 1000);
                List<StreamEntry> got = new ArrayList<>();
                try (echomq.domain.stream.RangePages pages = port().pages(key, from, to, pageSize)) {
                    // a read that says it is done before its last entry was handed out fails here
                    for (List<StreamEntry> page = pages.next(); !page.isEmpty(); page = pages.done() ? List.of() : pages.next()) {
                        assertThat(page.size()).isLessThanOrEqualTo(pageSize);
                        got.addAll(page);
                    }
                    assertThat(pages.next()).as("a finished read stays finished").isEmpty();
                    assertThat(pages.done()).as("and says so").isTrue();
                }
                assertThat(got).as("page size %d, to %s", pageSize, to).isEqualTo(expected);
            }
        }
        // closed with a page still coming: the port serves the next read as ever
        try (echomq.domain.stream.RangePages pages = port().pages(key, StreamId.MIN, io.vavr.control.Option.none(), 2)) {
            assertThat(pages.next()).hasSize(2);
        }
        assertThat(port().rangeFrom(key, StreamId.MIN, 100)).isEqualTo(stored);
    }

    @Test
    void rangeIsInclusiveAtBothEnds() {
        StreamId from = stored.get(1).id();
        StreamId to = stored.get(7).id();
        assertThat(port().range(key, from, to, 100)).isEqualTo(stored.subList(1, 8));
    }

    @Test
    void rangeHonoursCountFromTheLowEnd() {
        assertThat(port().range(key, StreamId.MIN, StreamId.MAX, 4)).isEqualTo(stored.subList(0, 4));
    }

    @Test
    void rangeFromReadsToTheTop() {
        assertThat(port().rangeFrom(key, stored.get(10).id(), 100)).isEqualTo(stored.subList(10, stored.size()));
        assertThat(port().rangeFrom(key, stored.get(10).id(), 2)).isEqualTo(stored.subList(10, 12));
    }

    @Test
    void aRangeBetweenEntriesIsEmpty() {
        StreamId a = stored.get(1).id();
        assertThat(port().range(key, a.successor(), a.successor().successor(), 10)).isEmpty();
    }

    @Test
    void aMissingStreamReadsAsEmpty() {
        StreamKey missing = StreamKey.of("contract", "missing-" + UUID.randomUUID());
        assertThat(port().range(missing, StreamId.MIN, StreamId.MAX, 10)).isEmpty();
        assertThat(port().rangeFrom(missing, StreamId.MIN, 10)).isEmpty();
    }

    @Test
    void entriesKeepTheirBrandedIdAndFieldOrder() {
        StreamEntry e = port().range(key, stored.get(2).id(), stored.get(2).id(), 1).get(0);
        assertThat(e.branded()).isEqualTo(Option.some(stored.get(2).branded().get()));
        assertThat(e.fields().keySet().toJavaList()).containsExactly("z", "a", "n");
        assertThat(e.fields().get("z")).isEqualTo(Option.some("last-0"));
    }

    @Test
    void theLargestTailOfAMillisecondIsInItsCeiling() {
        StreamId ceiling = StreamId.ceiling(stored.get(0).id().instant());
        List<StreamEntry> firstMs = port().range(key, StreamId.floor(stored.get(0).id().instant()), ceiling, 10);
        assertThat(firstMs).isEqualTo(stored.subList(0, 3));
    }

    /**
     * A stream another service writes, under a key of its own naming: Redis-minted ids (several in a
     * millisecond), no branded {@code id} field, fields in any order. It reads like any other.
     */
    @Test
    void anExistingKeysEntriesReadLikeAnyOther() {
        for (String name : List.of("orders-" + UUID.randomUUID(), "shop:{eu-" + UUID.randomUUID() + "}:orders")) {
            StreamKey orders = StreamKey.existing(name);
            List<StreamEntry> written = new ArrayList<>();
            long ms = 1_765_000_000_000L;
            for (int i = 0; i < 12; i++) {
                ms += i % 3 == 0 ? 7 : 0;
                LinkedHashMap<String, String> fields = i % 2 == 0 ? LinkedHashMap.of("amount", Integer.toString(i), "user", "u" + i)
                        : LinkedHashMap.of("user", "u" + i, "amount", i + ".5");
                written.add(new StreamEntry(StreamId.of(ms, i % 3), Option.none(), fields));
            }
            store(orders, written);
            assertThat(port().rangeFrom(orders, StreamId.MIN, 100)).as(name).isEqualTo(written);
            assertThat(port().range(orders, written.get(3).id(), written.get(8).id(), 100)).isEqualTo(written.subList(3, 9));
            StreamEntry odd = port().range(orders, written.get(1).id(), written.get(1).id(), 1).get(0);
            assertThat(odd.fields().keySet().toJavaList()).containsExactly("user", "amount");
            assertThat(odd.branded()).isEmpty();
        }
    }
}
