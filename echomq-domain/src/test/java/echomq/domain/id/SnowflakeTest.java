package echomq.domain.id;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;

import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeTest {

    static final long T = Snowflake.EPOCH_MS + 86_400_000L;

    @Test
    void aMintCarriesTheClockAndTheNode() {
        Snowflake s = new Snowflake(7, () -> T);
        long flake = s.next();
        assertThat(Snowflake.unixMillis(flake)).isEqualTo(T);
        assertThat(Snowflake.node(flake)).isEqualTo(7);
        assertThat(flake & Snowflake.MAX_SEQUENCE).isZero();
        assertThat(BrandedId.event(flake).streamId()).isEqualTo(StreamId.of(T, 7 << 12));
    }

    /**
     * After observing a stream's top, the next mint is the smallest id of the minter's node above it
     * unless the clock is already past: above the top, in its millisecond when the node's bits allow,
     * never more than one millisecond past it, and never behind the minter's own clock.
     */
    @Test
    void observingATopMintsTheSmallestIdOfTheNodeAboveIt() {
        Random r = Seeded.random("SnowflakeTest.observe");
        for (int c = 0; c < Seeded.CASES; c++) {
            int node = r.nextInt(Snowflake.MAX_NODE + 1);
            long now = T + r.nextInt(1000);
            long topMs = now - 100 + r.nextInt(200);
            long topTail = r.nextInt(4) == 0 ? (long) node << 12 | r.nextInt(4096) : r.nextLong(StreamId.MAX_SNOWFLAKE_TAIL + 1);
            StreamId top = StreamId.of(topMs, topTail);
            Snowflake s = new Snowflake(node, () -> now);
            s.observe(top);
            StreamId next = BrandedId.event(s.next()).streamId();
            String what = "node " + node + ", now " + now + ", top " + top + ": " + next;
            assertThat(next).as(what).isGreaterThan(top);
            assertThat(next.ms()).as(what).isGreaterThanOrEqualTo(now);
            assertThat(next.ms()).as(what).isLessThanOrEqualTo(Math.max(now, topMs + 1));
            if (next.ms() > now) {
                // as small as it can be: in the top's millisecond exactly when the node's bits are above the top's tail
                assertThat(next.ms()).as(what).isEqualTo((long) node << 12 > topTail ? topMs : topMs + 1);
                assertThat(next.seq()).as(what).isEqualTo((long) node << 12);
            }
        }
    }

    @Test
    void aBurstOfMoreThan4096InOneMillisecondCarriesIntoTheNextKeepingTheNode() {
        Snowflake s = new Snowflake(1023, () -> T);
        long prev = -1;
        for (int i = 0; i < 4096 * 3 + 5; i++) {
            long f = s.next();
            assertThat(f).isGreaterThan(prev);
            assertThat(Snowflake.node(f)).isEqualTo(1023);
            assertThat(Snowflake.unixMillis(f)).isEqualTo(T + i / 4096);
            assertThat(f & Snowflake.MAX_SEQUENCE).isEqualTo(i % 4096);
            prev = f;
        }
    }

    @Test
    void aClockThatRunsBackwardsNeverRepeatsOrReorders() {
        Random r = Seeded.random("SnowflakeTest.backwards");
        AtomicLong clock = new AtomicLong(T);
        Snowflake s = new Snowflake(3, clock::get);
        long prev = -1;
        for (int i = 0; i < 20_000; i++) {
            clock.addAndGet(r.nextInt(7) - 4); // drifts backwards on average
            long f = s.next();
            assertThat(f).isGreaterThan(prev);
            assertThat(Snowflake.node(f)).isEqualTo(3);
            prev = f;
        }
        clock.set(T + 10_000_000);
        long jumped = s.next();
        assertThat(Snowflake.unixMillis(jumped)).isEqualTo(T + 10_000_000);
    }

    /**
     * Following a faster writer's top (#29): the next mint is above the top, and later mints keep the
     * lead the top showed over this clock (capped), so a trailing writer is not below the faster one's
     * next ids; the lead never exceeds the cap, so ids stay within it of this writer's clock.
     */
    @Test
    void followingATopKeepsItsLeadUpToTheCap() {
        Random r = Seeded.random("SnowflakeTest.follow");
        for (int c = 0; c < Seeded.CASES; c++) {
            int node = r.nextInt(Snowflake.MAX_NODE + 1);
            AtomicLong clock = new AtomicLong(T + r.nextInt(1000));
            long cap = r.nextInt(200);
            long ahead = r.nextInt(400) - 100;
            StreamId top = StreamId.of(clock.get() + ahead, r.nextLong(StreamId.MAX_SNOWFLAKE_TAIL + 1));
            Snowflake s = new Snowflake(node, clock::get);
            s.follow(top, cap);
            String what = "node " + node + ", cap " + cap + ", top " + ahead + " ms ahead";
            assertThat(BrandedId.event(s.next()).streamId()).as(what).isGreaterThan(top);
            long expectedLead = Math.max(0, Math.min(ahead, cap));
            assertThat(s.lead()).as(what).isEqualTo(expectedLead);
            clock.addAndGet(5 + r.nextInt(50)); // the clock moves on: the lead stays
            long later = Snowflake.unixMillis(s.next());
            assertThat(later).as(what).isGreaterThanOrEqualTo(clock.get() + expectedLead);
            assertThat(later).as(what).isLessThanOrEqualTo(Math.max(clock.get() + expectedLead, top.ms() + 1));
        }
    }

    @Test
    void aLeadOnlyGrowsAndANegativeCapIsRefused() {
        AtomicLong clock = new AtomicLong(T);
        Snowflake s = new Snowflake(1, clock::get);
        s.follow(StreamId.of(T + 30, 0), 100);
        s.follow(StreamId.of(T + 10, 0), 100); // a smaller lead seen later does not lower it
        assertThat(s.lead()).isEqualTo(30);
        s.follow(StreamId.of(T + 1_000, 0), 100);
        assertThat(s.lead()).isEqualTo(100);
        assertThatThrownBy(() -> s.follow(StreamId.of(T, 0), -1)).hasMessageContaining("-1");
    }

    @Test
    void mintsFromSeveralThreadsAreUniqueAndEachThreadSeesThemIncreasing() throws InterruptedException {
        AtomicLong clock = new AtomicLong(T);
        Snowflake s = new Snowflake(42, () -> clock.getAndAdd(r(clock)));
        int threads = 4;
        int each = 25_000;
        List<long[]> seen = new ArrayList<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long[] mine = new long[each];
            seen.add(mine);
            Thread w = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < each; i++) {
                    mine[i] = s.next();
                }
            });
            workers.add(w);
            w.start();
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        Set<Long> all = new HashSet<>();
        for (long[] mine : seen) {
            for (int i = 0; i < each; i++) {
                if (i > 0) {
                    assertThat(mine[i]).isGreaterThan(mine[i - 1]);
                }
                all.add(mine[i]);
            }
        }
        assertThat(all).hasSize(threads * each);
    }

    /** The clock goes back by one millisecond every 1000 reads and forward otherwise. */
    private static long r(AtomicLong clock) {
        return clock.get() % 1000 == 0 ? -1 : (clock.get() % 3 == 0 ? 1 : 0);
    }

    @Test
    void refusesANodeOutOfRangeAndAClockBeforeTheEpoch() {
        assertThatThrownBy(() -> new Snowflake(1024, () -> T)).hasMessageContaining("1024");
        assertThatThrownBy(() -> new Snowflake(-1, () -> T)).hasMessageContaining("-1");
        Snowflake early = new Snowflake(0, () -> Snowflake.EPOCH_MS - 1);
        assertThatThrownBy(early::next).hasMessageContaining(Long.toString(Snowflake.EPOCH_MS - 1));
    }
}
