package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.RoomOpened;
import codemojex.projections.Projections.Feed;
import codemojex.projections.testkit.InMemoryBoard;
import echomq.domain.id.BrandedId;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.domain.fold.Tally;
import echomq.testkit.Seeded;
import echomq.testkit.SortedMapStreamRange;
import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProjectionsTest {

    static final long T = Instant.parse("2026-03-10T09:00:00Z").toEpochMilli();
    static int seq;

    static StreamEntry at(long ms, GameEvent e) {
        return StreamEntry.of(BrandedId.event(Snowflake.compose(ms, 0, seq++ % 4096)), e.fields());
    }

    static GuessScored scored(String game, String player, int total, int best) {
        return new GuessScored(game, "r1", PlayerIds.ofName(player), player, "G" + total + player.length(), total, Scoring.percentage(total), best);
    }

    @Test
    void roomOpeningsCountPerRoom() {
        List<StreamEntry> log = List.of(
                at(T, new RoomOpened("r1", "g1", Keyboard.standard())),
                at(T + 1, new RoomOpened("r2", "g2", Keyboard.standard())),
                at(T + 2, new RoomOpened("r1", "g3", Keyboard.standard())));
        assertThat(Projections.roomOpenings().foldAll(log)).isEqualTo(HashMap.of("r1", 2, "r2", 1));
        assertThat(Projections.roomOpenings().foldAll(List.of())).isEmpty();
    }

    @Test
    void theFeedIsTheNewestFirstWithTotalsAndNoGuessContent() {
        List<StreamEntry> log = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            log.add(at(T + i, scored("g1", "p" + (i % 3), 20 * i, 20 * i)));
        }
        Feed f = Projections.recentFeed(3).foldAll(log);
        assertThat(f.newest()).extracting(Projections.FeedItem::total).containsExactly(140, 120, 100);
        assertThat(f.newest()).extracting(Projections.FeedItem::at)
                .containsExactly(Instant.ofEpochMilli(T + 7), Instant.ofEpochMilli(T + 6), Instant.ofEpochMilli(T + 5));
        assertThat(f.guesses()).isEqualTo(8);
        assertThat(f.distinctPlayers()).isEqualTo(3);
        assertThat(Projections.FeedItem.class.getRecordComponents()).extracting(c -> c.getName())
                .doesNotContain("guess", "secret", "positions");
        assertThatThrownBy(() -> Projections.recentFeed(0)).hasMessageContaining("got 0");
    }

    @Test
    void theDaysResultsAreTheSettlementsOfThatDayInItsZone() {
        ZoneId paris = ZoneId.of("Europe/Paris");
        LocalDate day = LocalDate.of(2026, 3, 10);
        Window.Closed w = Projections.day(day, paris);
        assertThat(w.from()).isEqualTo(Instant.parse("2026-03-09T23:00:00Z"));
        assertThat(w.to().get()).isEqualTo(Instant.parse("2026-03-10T22:59:59.999999999Z"));

        Code secret = Code.parse("🐙🦊🐸🦄🐝🐢");
        long startMs = w.from().toEpochMilli();
        long endMs = w.to().get().toEpochMilli();
        List<StreamEntry> log = List.of(
                at(startMs - 1, new GameSettled("g0", "r", PlayerIds.ofName("eve"), "eve", "G0", secret)),
                at(startMs, new GameSettled("g1", "r", PlayerIds.ofName("ada"), "ada", "G1", secret)),
                at(endMs, new GameSettled("g2", "r", PlayerIds.ofName("bob"), "bob", "G2", secret)),
                at(endMs + 1, new GameSettled("g3", "r", PlayerIds.ofName("cy"), "cy", "G3", secret)));
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(StreamKey.of(Channels.QUEUE, Channels.GAME_SETTLED), log);
        Vector<Projections.Result> results = new StreamWindows(port).foldWindow(StreamKey.of(Channels.QUEUE, Channels.GAME_SETTLED), w,
                Projections.dayResults());
        assertThat(results).extracting(r -> r.settled().game()).containsExactly("g1", "g2");
        assertThat(results.get(0).settledAt()).isEqualTo(Instant.ofEpochMilli(startMs));
    }

    @Test
    void theBoardRebuiltFromTheLogEqualsTheLiveBoard() {
        Random r = Seeded.random("ProjectionsTest.board");
        InMemoryBoard live = new InMemoryBoard();
        List<StreamEntry> log = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            String game = "g" + r.nextInt(3);
            // twelve names, each taken by up to three players in turn (and by the data before player ids)
            String player = "p" + r.nextInt(12);
            int turn = r.nextInt(4);
            String playerId = turn == 0 ? PlayerIds.ofName(player)
                    : new BrandedId(PlayerIds.BRAND, player.hashCode() * 4L + turn & Long.MAX_VALUE).toString();
            int total = 20 * r.nextInt(31);
            int best = live.record(game, playerId, player, total);
            log.add(at(T + i, new GuessScored(game, "r", playerId, player, "G" + i, total, Scoring.percentage(total), best)));
        }
        for (String game : List.of("g0", "g1", "g2")) {
            assertThat(Board.rebuild(game, log).toJavaList()).isEqualTo(live.top(game, 1000));
        }
    }

    @Test
    void skippingMalformedCountsInsteadOfFailing() {
        List<StreamEntry> log = List.of(
                at(T, scored("g1", "ada", 200, 200)),
                StreamEntry.of(BrandedId.event(Snowflake.compose(T + 1, 0, 0)), LinkedHashMap.of("v", "1", "game", "g1")),
                at(T + 2, scored("g1", "bob", 100, 100)));
        assertThatThrownBy(() -> Projections.recentFeed(5).foldAll(log))
                .isInstanceOf(MalformedEntryException.class).hasMessageContaining(log.get(1).id().toString());
        Tally<Feed> t = Tally.counting(Projections.recentFeed(5)).foldAll(log);
        assertThat(t.value().guesses()).isEqualTo(2);
        assertThat(t.skipped()).isEqualTo(1);
        assertThat(t.examples().last().reason()).contains(log.get(1).id().toString());
        assertThat(t.examples().map(Tally.Skipped::id)).containsExactly(log.get(1).id());
        assertThatThrownBy(() -> Tally.strict(Projections.recentFeed(5)).foldAll(log))
                .isInstanceOf(MalformedEntryException.class).hasMessageContaining(log.get(1).id().toString());
    }

    // ---- one pass equals two adjacent windows combined ------------------------------------------

    record Split(String name, CombinableFold<?> fold, List<StreamEntry> log) {
        @Override
        public String toString() {
            return name + " over " + log.size() + " entries";
        }
    }

    static Stream<Split> splits() {
        Random r = Seeded.random("ProjectionsTest.splits");
        Code secret = Code.parse("🐙🦊🐸🦄🐝🐢");
        return IntStream.range(0, 40).boxed().flatMap(i -> {
            List<StreamEntry> scoredLog = new ArrayList<>();
            List<StreamEntry> opened = new ArrayList<>();
            List<StreamEntry> settled = new ArrayList<>();
            for (int k = 0; k < 30 + r.nextInt(30); k++) {
                int total = 20 * r.nextInt(31);
                String game = "g" + r.nextInt(2);
                String player = "p" + r.nextInt(6);
                scoredLog.add(at(T + k, new GuessScored(game, "r", PlayerIds.ofName(player), player, "G" + k, total,
                        Scoring.percentage(total), total)));
                opened.add(at(T + k, new RoomOpened("r" + r.nextInt(4), "g" + k, Keyboard.standard())));
                String winner = "p" + r.nextInt(6);
                settled.add(at(T + k, new GameSettled("g" + k, "r", PlayerIds.ofName(winner), winner, "G" + k, secret)));
            }
            // the logs again with unreadable entries (no version, no fields) here and there, for the tallies
            List<StreamEntry> scoredWithBad = new ArrayList<>(scoredLog);
            List<StreamEntry> openedWithBad = new ArrayList<>(opened);
            for (int k = r.nextInt(6); k > 0; k--) {
                StreamEntry bad = StreamEntry.of(BrandedId.event(Snowflake.compose(T + r.nextInt(60), 1, seq++ % 4096)), LinkedHashMap.of("x", "1"));
                scoredWithBad.add(r.nextInt(scoredWithBad.size() + 1), bad);
                openedWithBad.add(r.nextInt(openedWithBad.size() + 1), bad);
            }
            return Stream.of(
                    new Split("room-openings", Projections.roomOpenings(), opened),
                    new Split("guesses-by-player", Projections.guessesByPlayer(), scoredLog),
                    new Split("guesses-by-game", Projections.guessesByGame(), scoredLog),
                    new Split("feed", Projections.recentFeed(1 + r.nextInt(10)), scoredLog),
                    new Split("board", Projections.allTimeBoard("g1"), scoredLog),
                    new Split("day-results", Projections.dayResults(), settled),
                    new Split("skipping", Tally.counting(Projections.recentFeed(1 + r.nextInt(10))), scoredWithBad),
                    new Split("skipping-by-player", Tally.counting(Projections.guessesByPlayer()), scoredWithBad),
                    new Split("skipping-by-game", Tally.counting(Projections.guessesByGame()), scoredWithBad),
                    new Split("skipping-openings", Tally.counting(Projections.roomOpenings()), openedWithBad));
        });
    }

    @ParameterizedTest
    @MethodSource("splits")
    void foldingInOnePassEqualsCombiningAdjacentWindows(Split s) {
        assertCombines(s.fold(), s.log());
    }

    // ---- the counts retract: a sliding window of them is kept running -------------------------

    static Stream<Split> invertibleSplits() {
        return splits().filter(s -> s.fold() instanceof InvertibleFold<?>);
    }

    @ParameterizedTest
    @MethodSource("invertibleSplits")
    void retractingTheOldestEntriesEqualsFoldingTheRest(Split s) {
        assertRetracts((InvertibleFold<?>) s.fold(), s.log());
    }

    static <A> void assertRetracts(InvertibleFold<A> fold, List<StreamEntry> log) {
        A running = fold.foldAll(log);
        for (int cut = 0; cut < log.size(); cut++) {
            running = fold.retract(running, log.get(cut));
            assertThat(running).as("without the first %d", cut + 1).isEqualTo(fold.foldAll(log.subList(cut + 1, log.size())));
        }
        assertThat(running).isEqualTo(fold.initial());
    }

    static <A> void assertCombines(CombinableFold<A> fold, List<StreamEntry> log) {
        A whole = fold.foldAll(log);
        for (int cut = 0; cut <= log.size(); cut++) {
            A left = fold.foldAll(log.subList(0, cut));
            A right = fold.foldAll(log.subList(cut, log.size()));
            assertThat(fold.combine(left, right)).as("cut at %d", cut).isEqualTo(whole);
        }
        assertThat(fold.combine(fold.initial(), whole)).isEqualTo(whole);
        assertThat(fold.combine(whole, fold.initial())).isEqualTo(whole);
    }
}
