package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.Session;
import echomq.domain.window.Sessioned;
import echomq.domain.window.Sessions;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;

import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Sessions through the reader ({@link SessionFolds} over the fold cache) answer what a fresh
 * {@link StreamWindows#foldSessions} answers at every read of a seeded run of appends, deletes and
 * clock moves, closed and sliding, keyed or not; a re-read folds only what was appended, so a closed
 * session is never read again.
 */
class SessionFoldsTest {

    static final long SEED = Seeded.seed("SessionFoldsTest");

    static StreamEntry append(ReaderFixture f, String player) {
        return f.streams.append(ReaderFixture.KEY, f.minter.nextId(), LinkedHashMap.of("player", player));
    }

    @TestFactory
    Stream<DynamicTest> everyReadEqualsAFreshRead() {
        Random cases = new Random(SEED);
        return IntStream.range(0, 60).mapToObj(i -> {
            long seed = cases.nextLong();
            return DynamicTest.dynamicTest("case " + i + " seed " + seed, () -> run(seed));
        });
    }

    void run(long seed) {
        Random r = new Random(seed);
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1 + r.nextInt(7));
        StreamWindows fresh = new StreamWindows(f.streams, f.clock);
        long gap = 1 + r.nextInt(40);
        long length = 20 + r.nextInt(400);
        Sessions s = Sessions.of(Duration.ofMillis(gap)).longest(Duration.ofMillis(length * (r.nextBoolean() ? 1 : 4)));
        if (r.nextBoolean()) {
            s = s.perKey("player");
        }
        Instant start = f.clock.instant();
        Sessioned w = r.nextBoolean() ? s.within(Window.last(Duration.ofMillis(length)))
                : s.within(Window.closed(start.plusMillis(r.nextInt(100)), start.plusMillis(100 + length * 2)));
        List<StreamEntry> appended = new ArrayList<>();
        for (int step = 0; step < 100; step++) {
            int move = r.nextInt(10);
            if (move < 6) {
                for (int k = r.nextInt(3); k >= 0; k--) {
                    appended.add(append(f, "p" + r.nextInt(3)));
                }
            } else if (move == 6 && !appended.isEmpty()) {
                f.streams.delete(ReaderFixture.KEY, appended.get(r.nextInt(appended.size())).id());
            }
            f.clock.advance(r.nextInt((int) gap * 2 + 2));
            Window.Closed range = w.at(f.clock.instant());
            for (Fold<?> fold : List.of(ReaderFixture.IDS, ReaderFixture.COUNT)) {
                Object expected;
                try {
                    expected = fresh.foldSessions(ReaderFixture.KEY, s, range, fold);
                } catch (IllegalStateException refused) {
                    // refused alike, naming the same end; where the over-long session starts ("from X (or before)")
                    // a kept read may know further back than a fresh one, which reads back only `longest + gap`
                    String said = refused.getMessage();
                    int at = said.indexOf(" (or before) to ");
                    if (at < 0) {
                        assertThatThrownBy(() -> reader.fold(ReaderFixture.KEY, w, fold)).as("step %d", step)
                                .isInstanceOf(IllegalStateException.class).hasMessage(said);
                    } else {
                        assertThatThrownBy(() -> reader.fold(ReaderFixture.KEY, w, fold)).as("step %d", step)
                                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith(said.substring(0, said.indexOf(" from ") + 6))
                                .hasMessageEndingWith(said.substring(at));
                    }
                    continue;
                }
                assertThat(reader.fold(ReaderFixture.KEY, w, fold)).as("%s at step %d", fold.name(), step).isEqualTo(expected);
            }
        }
    }

    @Test
    void aReReadFoldsOnlyWhatWasAppendedNeverAClosedSession() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 100);
        Sessioned hour = Sessions.of(Duration.ofSeconds(30)).perKey("player").longest(Duration.ofMinutes(10))
                .within(Window.last(Duration.ofHours(1)));
        // 100 players, each a burst of 20 guesses (one a second) every 2 minutes, for 50 minutes
        for (int sec = 0; sec < 50 * 60; sec++) {
            f.clock.advance(1_000);
            if (sec % 120 < 20) {
                for (int p = 0; p < 100; p++) {
                    append(f, "p" + p);
                }
            }
        }
        List<Session<Long>> first = reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT).asJava();
        assertThat(first).hasSize(100 * 25);
        long before = reader.metrics().entriesFolded();
        for (int read = 0; read < 5; read++) {
            f.clock.advance(1_000);
            for (int p = 0; p < 10; p++) {
                append(f, "p" + p);
            }
            List<Session<Long>> s = reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT).asJava();
            assertThat(s).isEqualTo(new StreamWindows(f.streams, f.clock).foldSessions(ReaderFixture.KEY, hour.sessions(),
                    hour.at(f.clock.instant()), ReaderFixture.COUNT).asJava());
        }
        long folded = reader.metrics().entriesFolded() - before;
        System.out.println("[sessions] 2,500 sessions of the last hour re-read after 10 appends: " + folded / 5 + " entries folded per read");
        assertThat(folded).as("entries folded by five re-reads of 10 appends each").isEqualTo(50);
    }

    @Test
    void aClosedRangeIsFoldedOnceAndServedAfter() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 10);
        Instant t0 = f.clock.instant();
        for (int i = 0; i < 100; i++) {
            f.clock.advance(i % 10 == 0 ? 5_000 : 100);
            append(f, "p");
        }
        Sessioned w = Sessions.of(Duration.ofSeconds(1)).within(Window.closed(t0, f.clock.instant()));
        List<Session<Long>> once = reader.fold(ReaderFixture.KEY, w, ReaderFixture.COUNT).asJava();
        assertThat(once).hasSize(10).allSatisfy(x -> assertThat(x.value()).isEqualTo(10L));
        long before = reader.metrics().entriesFolded();
        assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.COUNT).asJava()).isEqualTo(once);
        assertThat(reader.metrics().entriesFolded()).isEqualTo(before);
    }
}
