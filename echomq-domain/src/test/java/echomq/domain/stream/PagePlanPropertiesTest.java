package echomq.domain.stream;

import echomq.domain.id.StreamId;
import echomq.domain.stream.PagePlan.Ask;
import echomq.domain.testing.Seeded;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * INV-PAGE of {@link PagePlan} against a model of one Redis connection: requests are answered in the
 * order sent, each at some moment between being sent and being read, while a writer appends above the
 * top in between. Whatever the density, the window and the page size, the pages taken are the range's
 * entries present when the last page was answered, in order, each once, and at most two pages (and
 * the top) are ever in flight.
 */
class PagePlanPropertiesTest {

    private static final long SEED = Seeded.seed("PagePlanPropertiesTest");
    private static final long BASE = 1_700_000_000_000L;

    /** The stream as Redis holds it: ids in order, appended only above the top. */
    static final class Server {
        final List<StreamId> ids = new ArrayList<>();
        /** Requests sent and not yet read, each with its answer once computed. */
        final ArrayDeque<Pending> queue = new ArrayDeque<>();

        record Pending(Ask ask, Answer[] answer) {
        }

        record Answer(List<StreamId> entries, int sizeAt) {
        }

        void send(Ask ask) {
            queue.add(new Pending(ask, new Answer[1]));
        }

        /** Computes the first request not yet answered, as Redis would now. */
        boolean computeOne() {
            for (Pending p : queue) {
                if (p.answer()[0] == null) {
                    p.answer()[0] = compute(p.ask());
                    return true;
                }
            }
            return false;
        }

        Answer read() {
            Pending p = queue.poll();
            if (p.answer()[0] == null) {
                // answered in order: everything before it was
                p.answer()[0] = compute(p.ask());
            }
            return p.answer()[0];
        }

        Answer compute(Ask ask) {
            if (ask instanceof Ask.Page page) {
                List<StreamId> out = new ArrayList<>();
                for (StreamId id : ids) {
                    if (!id.isBefore(page.from()) && page.to().forAll(t -> !id.isAfter(t))) {
                        out.add(id);
                        if (out.size() == page.count()) {
                            break;
                        }
                    }
                }
                return new Answer(out, ids.size());
            }
            return new Answer(ids.isEmpty() ? List.of() : List.of(ids.get(ids.size() - 1)), ids.size());
        }

        /** Appends above the top: a host-minted id ahead of it, in the same millisecond or a little after. */
        void append(Random r) {
            StreamId top = ids.isEmpty() ? StreamId.of(BASE, 0) : ids.get(ids.size() - 1);
            if (top.seq() > Long.MAX_VALUE - 4 || r.nextBoolean()) {
                ids.add(StreamId.of(top.ms() + 1 + r.nextInt(5), r.nextInt(3)));
            } else {
                ids.add(StreamId.of(top.ms(), top.seq() + 1 + r.nextInt(3)));
            }
        }
    }

    record Outcome(List<List<StreamId>> pages, List<StreamId> expected, int asks, int dropped, int maxPagesInFlight) {
    }

    /** Reads the range through the plan against {@code server}, with appends and answers at moments drawn from {@code r}. */
    static Outcome read(Server server, StreamId from, Option<StreamId> to, int pageSize, Random r, double appendRate) {
        PagePlan plan = new PagePlan(from, to, pageSize);
        List<List<StreamId>> pages = new ArrayList<>();
        int asks = 0;
        int dropped = 0;
        int maxPages = 0;
        int sizeAtEnd = -1;
        int bound = 64 + 16 * (server.ids.size() / pageSize + 1) + 16 * 64;
        while (!plan.done() || plan.inFlight() > 0) {
            for (Option<Ask> a = plan.ask(); a.isDefined(); a = plan.ask()) {
                Ask ask = a.get();
                if (ask instanceof Ask.Page p) {
                    assertThat(p.to().forAll(t -> !t.isBefore(p.from()))).as("a page asked from %s to %s", p.from(), p.to()).isTrue();
                }
                server.send(ask);
                asks++;
            }
            long pagesNow = server.queue.stream().filter(p -> p.ask() instanceof Ask.Page).count();
            maxPages = Math.max(maxPages, (int) pagesNow);
            assertThat(pagesNow).as("pages in flight").isLessThanOrEqualTo(plan.depth());
            assertThat(server.queue).as("requests in flight").hasSizeLessThanOrEqualTo(plan.depth() + 1).hasSize(plan.inFlight());
            // at most two pages' worth of entries asked for at once
            assertThat(server.queue.stream().mapToLong(p -> p.ask() instanceof Ask.Page page ? page.count() : 0).sum())
                    .as("entries asked for at once").isLessThanOrEqualTo(2L * pageSize);
            assertThat(asks).as("requests for a range of at most %d entries in pages of %d", server.ids.size(), pageSize)
                    .isLessThan(bound);
            if (server.queue.isEmpty()) {
                break;
            }
            // the server may answer ahead of the read, and a writer may append, at any moment
            while (r.nextInt(3) == 0 && server.computeOne()) {
                if (r.nextDouble() < appendRate) {
                    server.append(r);
                }
            }
            if (r.nextDouble() < appendRate) {
                server.append(r);
            }
            Ask head = plan.next().get();
            assertThat(head).isEqualTo(server.queue.peek().ask());
            Server.Answer answer = server.read();
            List<StreamId> got = answer.entries();
            if (head instanceof Ask.Top) {
                plan.onTop(got.isEmpty() ? Option.none() : Option.some(got.get(0)));
                continue;
            }
            boolean wasDone = plan.done();
            PagePlan.Use use = plan.onPage(got.size(), got.isEmpty() ? Option.none() : Option.some(got.get(got.size() - 1)));
            if (use == PagePlan.Use.DROP) {
                dropped++;
                continue;
            }
            assertThat(wasDone).as("a page taken after the range was done").isFalse();
            pages.add(got);
            if (plan.done()) {
                sizeAtEnd = answer.sizeAt();
            }
        }
        List<StreamId> expected = new ArrayList<>();
        for (StreamId id : server.ids.subList(0, Math.max(0, sizeAtEnd))) {
            if (!id.isBefore(from) && to.forAll(t -> !id.isAfter(t))) {
                expected.add(id);
            }
        }
        return new Outcome(pages, expected, asks, dropped, maxPages);
    }

    /** A stream of runs: steady densities, gaps, bursts of more than a page in one millisecond, sequences near the largest. */
    static Server randomStream(Random r, int pageSize) {
        Server s = new Server();
        long ms = BASE + r.nextInt(1000);
        int runs = 1 + r.nextInt(8);
        for (int run = 0; run < runs; run++) {
            int kind = r.nextInt(5);
            int length = 1 + r.nextInt(60);
            for (int k = 0; k < length; k++) {
                int n = switch (kind) {
                    case 0 -> 1 + r.nextInt(3);                       // a few per millisecond
                    case 1 -> r.nextInt(10) == 0 ? 1 : 0;             // sparse
                    case 2 -> k == 0 ? 1 + r.nextInt(3 * pageSize) : 0; // a burst in one millisecond
                    case 3 -> r.nextInt(2 * pageSize + 1);            // uneven
                    default -> 1;
                };
                long seq = kind == 4 && r.nextBoolean() ? Long.MAX_VALUE - n : r.nextInt(3);
                for (int i = 0; i < n; i++) {
                    s.ids.add(StreamId.of(ms, seq + i));
                }
                ms += kind == 1 ? 1 + r.nextInt(200) : 1;
            }
            ms += r.nextInt(4) == 0 ? r.nextInt(100_000) : 0; // a gap
        }
        return s;
    }

    @TestFactory
    Stream<DynamicTest> pagesAreTheRangeInOrderEachOnceWhateverTheDensityAndTheAppends() {
        Random seeds = new Random(SEED);
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                int pageSize = r.nextInt(10) == 0 ? 1 : 1 + r.nextInt(r.nextBoolean() ? 8 : 60);
                Server server = randomStream(r, pageSize);
                List<StreamId> ids = server.ids;
                StreamId first = ids.isEmpty() ? StreamId.of(BASE, 0) : ids.get(0);
                StreamId top = ids.isEmpty() ? first : ids.get(ids.size() - 1);
                long span = Math.max(1, top.ms() - first.ms());
                StreamId from = switch (r.nextInt(4)) {
                    case 0 -> StreamId.MIN;
                    case 1 -> StreamId.of(first.ms() + (long) (r.nextDouble() * span), 0);
                    case 2 -> ids.isEmpty() ? first : ids.get(r.nextInt(ids.size()));
                    default -> StreamId.of(first.ms() - r.nextInt(50), r.nextInt(3));
                };
                Option<StreamId> to = switch (r.nextInt(5)) {
                    case 0 -> Option.none();
                    case 1 -> Option.some(StreamId.MAX);
                    case 2 -> Option.some(StreamId.of(from.ms() + (long) (r.nextDouble() * span), Long.MAX_VALUE));
                    case 3 -> Option.some(StreamId.of(top.ms() + r.nextInt(20), r.nextInt(3)));
                    default -> Option.some(ids.isEmpty() ? top : ids.get(r.nextInt(ids.size())));
                };
                double appendRate = r.nextInt(3) == 0 ? 0 : r.nextDouble() * 0.5;
                Outcome o = read(server, from, to, pageSize, r, appendRate);
                List<StreamId> seen = new ArrayList<>();
                for (List<StreamId> page : o.pages()) {
                    assertThat(page).hasSizeLessThanOrEqualTo(pageSize);
                    seen.addAll(page);
                }
                assertThat(seen).as("the pages, joined").containsExactlyElementsOf(o.expected());
            });
        });
    }

    /** A server holding {@code entries} entries, ten a millisecond from {@link #BASE}. */
    private static Server steady(int entries) {
        Server server = new Server();
        for (int i = 0; i < entries; i++) {
            server.ids.add(StreamId.of(BASE + i / 10, i % 10));
        }
        return server;
    }

    /** A steady stream below its top is read in slices two at a time, and they seldom come back full. */
    @Test
    void aSteadyStreamIsReadTwoRequestsAtATime() {
        Server server = steady(20_000);
        Outcome o = read(server, StreamId.MIN, Option.none(), 1000, new Random(SEED), 0);
        assertThat(o.pages().stream().mapToInt(List::size).sum()).isEqualTo(20_000);
        assertThat(o.maxPagesInFlight()).isEqualTo(2);
        assertThat(o.dropped()).as("pages dropped behind a full slice").isLessThanOrEqualTo(1);
        // two serial pages, the top, then slices of about 905 entries, and the tail from the top
        assertThat(o.asks()).isBetween(20, 30);
    }

    /**
     * Pages larger than {@link PagePlan#MAX_SLICE}: slices of at most that many entries, as many in
     * flight as two pages hold, and the pages are the stream still.
     */
    @Test
    void largePagesAreReadInSlicesOfAtMostMaxSliceEntriesManyInFlight() {
        Server server = steady(200_000);
        Outcome o = read(server, StreamId.MIN, Option.none(), 10_000, new Random(SEED), 0);
        assertThat(o.pages().stream().flatMap(List::stream).toList()).containsExactlyElementsOf(server.ids);
        assertThat(new PagePlan(StreamId.MIN, Option.none(), 10_000).depth()).isEqualTo(9);
        assertThat(o.maxPagesInFlight()).isEqualTo(9);
        // the two first pages are whole; every page after them a slice
        assertThat(o.pages().subList(2, o.pages().size())).allSatisfy(p -> assertThat(p).hasSizeLessThanOrEqualTo(PagePlan.MAX_SLICE));
        assertThat(o.dropped()).isLessThanOrEqualTo(8);
    }

    /** A burst of entries in one millisecond, more than a page, goes one request at a time and loses nothing. */
    @Test
    void aBurstDenserThanTheEstimateIsReadOnFromItsLastId() {
        Server server = steady(3_000);
        long burst = server.ids.get(server.ids.size() - 1).ms() + 1;
        for (int i = 0; i < 5_000; i++) {
            server.ids.add(StreamId.of(burst, i));
        }
        for (int i = 0; i < 3_000; i++) {
            server.ids.add(StreamId.of(burst + 1 + i / 10, i % 10));
        }
        Outcome o = read(server, StreamId.MIN, Option.none(), 100, new Random(SEED), 0);
        List<StreamId> seen = o.pages().stream().flatMap(List::stream).toList();
        assertThat(seen).containsExactlyElementsOf(server.ids);
        assertThat(o.dropped()).as("a page dropped on entering the burst, a few more leaving it").isLessThanOrEqualTo(5);
    }

    @Test
    void aShortFirstPageEndsTheReadWithOneRequest() {
        Server server = new Server();
        for (int i = 0; i < 10; i++) {
            server.ids.add(StreamId.of(BASE + i, 0));
        }
        Outcome o = read(server, StreamId.MIN, Option.none(), 1000, new Random(SEED), 0);
        assertThat(o.asks()).isEqualTo(1);
        assertThat(o.pages()).containsExactly(server.ids);
    }

    @Test
    void anEmptyRangeAsksNothing() {
        PagePlan plan = new PagePlan(StreamId.of(5, 0), Option.some(StreamId.of(4, 0)), 10);
        assertThat(plan.done()).isTrue();
        assertThat(plan.ask()).isEmpty();
    }

    @Test
    void theLargestIdsEndTheRange() {
        Server server = new Server();
        for (int i = 0; i < 7; i++) {
            server.ids.add(StreamId.of(Long.MAX_VALUE, Long.MAX_VALUE - 6 + i));
        }
        for (int pageSize : new int[] {1, 2, 3, 7, 8}) {
            Outcome o = read(server, StreamId.of(Long.MAX_VALUE, 0), Option.none(), pageSize, new Random(SEED), 0);
            assertThat(o.pages().stream().flatMap(List::stream).toList()).containsExactlyElementsOf(server.ids);
        }
    }

    @Test
    void repliesThatDoNotAnswerTheirRequestAreRefusedNamingThem() {
        PagePlan plan = new PagePlan(StreamId.of(5, 0), Option.some(StreamId.of(9, 0)), 10);
        assertThat(plan.ask()).contains(new Ask.Page(StreamId.of(5, 0), Option.some(StreamId.of(9, 0)), 10));
        assertThatThrownBy(() -> plan.onPage(11, Option.some(StreamId.of(6, 0))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("11 entries");
        assertThatThrownBy(() -> plan.onPage(1, Option.some(StreamId.of(10, 0))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ending at 10-0");
        assertThatThrownBy(() -> plan.onPage(1, Option.none())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> plan.onTop(Option.none())).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new PagePlan(StreamId.MIN, Option.none(), 0)).hasMessageContaining("got 0");
    }
}
