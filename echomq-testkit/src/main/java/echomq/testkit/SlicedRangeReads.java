package echomq.testkit;

import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a paging adapter of {@link StreamRangePort} owes a long range on a real Redis, read as
 * {@link echomq.domain.stream.PagePlan} says: one read of the stream's top, then about one
 * {@code XRANGE} per page below it (as the server itself counts them), pages above
 * {@link echomq.domain.stream.PagePlan#MAX_SLICE} in slices, and a burst of entries in one
 * millisecond (slices that come back full, the requests behind them read and dropped) with the
 * connection left in step. Each adapter's tests run it with their port and their client's appends.
 * <pre>{@code
 * SlicedRangeReads.check(server, new RedisStreamRange(jedis), StreamKey.of("slices", "s"), (stream, ids, firstN) -> ...);
 * }</pre>
 */
public final class SlicedRangeReads {

    private SlicedRangeReads() {
    }

    /** Appends entries under explicit ids through the adapter's own client. */
    @FunctionalInterface
    public interface Appender {
        /**
         * Appends one entry per id, in order, each with one field {@code n}: {@code firstN} for the
         * first, one more for each next.
         *
         * @param stream the stream
         * @param ids    the entries' ids, in increasing order
         * @param firstN the first entry's {@code n}
         */
        void append(StreamKey stream, List<StreamId> ids, int firstN);
    }

    /**
     * Runs the scenario on {@code stream}, empty until now, of {@code server}: 20,000 entries ten a
     * millisecond read in pages of 500 and of 3,072, then 8,000 more (5,000 of them in one
     * millisecond) read in pages of 100.
     *
     * @param server the Redis {@code port} and {@code append} reach, whose command counts are read
     * @param port   the adapter under test
     * @param stream an empty stream
     * @param append the adapter's client's appends
     */
    public static void check(RedisServerProcess server, StreamRangePort port, StreamKey stream, Appender append) {
        long base = 1_700_000_000_000L;
        int n = 20_000;
        // ten entries a millisecond, as the bench stores them
        append.append(stream, IntStream.range(0, n).mapToObj(i -> StreamId.of(base + i / 10, i % 10)).toList(), 0);
        server.command("CONFIG", "RESETSTAT");
        List<String> got = new ArrayList<>();
        int pages = 0;
        try (RangePages p = port.pages(stream, StreamId.MIN, Option.none(), 500)) {
            for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                assertThat(page.size()).isLessThanOrEqualTo(500);
                page.forEach(e -> got.add(e.field("n").get()));
                pages++;
            }
        }
        assertThat(got).isEqualTo(numbers(n));
        assertThat(server.calls("xrevrange")).as("reads of the top").isEqualTo(1);
        // 40 pages of 500; slices aim at 433 entries: 2 full pages, then 44 slices, and the tail above the top
        assertThat(server.calls("xrange")).as("XRANGE requests for %d pages", pages).isBetween(41L, 52L);
        // pages above PagePlan.MAX_SLICE: three slices of at most 2,048 entries in flight
        server.command("CONFIG", "RESETSTAT");
        assertThat(all(port, stream, 3_072)).isEqualTo(got);
        // two pages of 3,072, then slices of about 1,910 up to the top, and the tail
        assertThat(server.calls("xrange")).isBetween(9L, 14L);
        // a burst of 5,000 entries in one millisecond, then ten a millisecond again: slices come back full, the
        // requests behind them are read and dropped, and the connection stays in step
        long after = base + n / 10 + 1;
        append.append(stream, IntStream.range(0, 8_000)
                .mapToObj(i -> i < 5_000 ? StreamId.of(after, i) : StreamId.of(after + 1 + (i - 5_000) / 10, (i - 5_000) % 10)).toList(), n);
        assertThat(all(port, stream, 100)).isEqualTo(numbers(n + 8_000));
        assertThat(port.rangeFrom(stream, StreamId.MIN, 3)).extracting(e -> e.field("n").get()).containsExactly("0", "1", "2");
    }

    private static List<String> all(StreamRangePort port, StreamKey stream, int pageSize) {
        List<String> all = new ArrayList<>();
        try (RangePages p = port.pages(stream, StreamId.MIN, Option.none(), pageSize)) {
            for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                page.forEach(e -> all.add(e.field("n").get()));
            }
        }
        return all;
    }

    private static List<String> numbers(int n) {
        return IntStream.range(0, n).mapToObj(Integer::toString).toList();
    }
}
