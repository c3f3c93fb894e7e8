package codemojex.projections;

import echomq.domain.stream.StreamKey;
import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.RoomOpened;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Tally;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.PartitionedWindows;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;
import echomq.testkit.SortedMapStreamRange;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The merges of partitions' folds ({@link Projections#mergeFeeds}, {@link Projections#mergeResults},
 * the count's combine) answer what one fold of the merged log answers: per-partition folds merged
 * in partition order equal {@link PartitionedWindows#foldWindow}, which steps through every
 * partition in {@code (StreamId, partition)} order.
 */
class PartitionMergeTest {

    static final long T = Instant.parse("2026-03-10T09:00:00Z").toEpochMilli();

    /** A log spread over {@code partitions} partitions, ids often equal across partitions (the tie the merges must order). */
    static SortedMapStreamRange log(Random r, PartitionedChannel channel, int entries, java.util.function.IntFunction<GameEvent> event) {
        SortedMapStreamRange range = new SortedMapStreamRange();
        List<List<StreamEntry>> parts = new ArrayList<>();
        IntStream.range(0, channel.partitions()).forEach(p -> parts.add(new ArrayList<>()));
        long[] ms = new long[channel.partitions()];
        int[] seq = new int[channel.partitions()];
        java.util.Arrays.fill(ms, T);
        for (int i = 0; i < entries; i++) {
            int p = r.nextInt(channel.partitions());
            if (r.nextInt(3) > 0) { // else the same millisecond again, one sequence up
                ms[p] += r.nextInt(4);
                seq[p] = r.nextBoolean() ? 0 : seq[p];
            }
            seq[p]++;
            parts.get(p).add(StreamEntry.of(BrandedId.event(Snowflake.compose(ms[p], 1, seq[p])), event.apply(i).fields()));
        }
        for (int p = 0; p < channel.partitions(); p++) {
            range.put(channel.partition(p), parts.get(p));
        }
        return range;
    }

    static <A> A perPartition(SortedMapStreamRange range, PartitionedChannel channel, Window w, CombinableFold<A> fold, BinaryOperator<A> merge) {
        StreamWindows windows = new StreamWindows(range);
        A acc = windows.foldWindow(StreamKey.of(channel.partitionQueue(0), channel.name()), w, fold, 7);
        for (int p = 1; p < channel.partitions(); p++) {
            acc = merge.apply(acc, windows.foldWindow(StreamKey.of(channel.partitionQueue(p), channel.name()), w, fold, 7));
        }
        return acc;
    }

    static Window window(Random r) {
        long from = T + r.nextInt(40);
        return r.nextBoolean() ? Window.since(Instant.ofEpochMilli(from)) : Window.closed(Instant.ofEpochMilli(from),
                Instant.ofEpochMilli(from + r.nextInt(200)));
    }

    @TestFactory
    Stream<DynamicTest> mergedPartitionFoldsEqualTheFoldOfTheMergedLog() {
        Random seeds = Seeded.random("PartitionMergeTest");
        int cases = Math.max(50, Seeded.CASES / 5);
        return IntStream.range(0, cases).mapToObj(c -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("case " + c + " (seed " + seed + ")", () -> {
                Random r = new Random(seed);
                int partitions = 1 + r.nextInt(4);
                int entries = r.nextInt(120);
                int size = 1 + r.nextInt(25);
                Window w = window(r);

                PartitionedChannel scored = new PartitionedChannel("cm", Channels.GUESS_SCORED, partitions);
                SortedMapStreamRange feedLog = log(r, scored, entries, i -> new GuessScored("g" + i % 5, "r1", PlayerIds.ofName("p" + i % 7), "p" + i % 7, "G" + i,
                        20 * (i % 31), Scoring.percentage(20 * (i % 31)), 20 * (i % 31)));
                CombinableFold<Tally<Projections.Feed>> feed = Tally.counting(Projections.recentFeed(size));
                assertThat(perPartition(feedLog, scored, w, feed, Tally.merging(Projections.mergeFeeds(size))))
                        .isEqualTo(new PartitionedWindows(feedLog).foldWindow(scored, w, feed, 7));

                // the feed's series bucket: player -> scored guesses, partitions merged with its own combine
                CombinableFold<Tally<io.vavr.collection.Map<String, Long>>> perPlayer = Tally.counting(Projections.guessesByPlayer());
                io.vavr.collection.Map<String, Long> players = perPartition(feedLog, scored, w, perPlayer, perPlayer::combine).value();
                assertThat(players).isEqualTo(new PartitionedWindows(feedLog).foldWindow(scored, w, perPlayer, 7).value());
                assertThat(players.values().sum().longValue()).as("every scored guess by one player")
                        .isEqualTo(new PartitionedWindows(feedLog).foldWindow(scored, w, feed, 7).value().guesses());

                PartitionedChannel settled = new PartitionedChannel("cm", Channels.GAME_SETTLED, partitions);
                SortedMapStreamRange settledLog = log(r, settled, entries, i -> new GameSettled("g" + i, "r" + i % 3, PlayerIds.ofName("p" + i % 4), "p" + i % 4, "G" + i,
                        Code.parse("🐙🦊🐸🦄🐝🐢")));
                CombinableFold<Tally<io.vavr.collection.Vector<Projections.Result>>> results = Tally.counting(Projections.dayResults());
                assertThat(perPartition(settledLog, settled, w, results, Tally.merging(Projections::mergeResults)))
                        .isEqualTo(new PartitionedWindows(settledLog).foldWindow(settled, w, results, 7));

                PartitionedChannel opened = new PartitionedChannel("cm", Channels.ROOM_OPENED, partitions);
                SortedMapStreamRange openedLog = log(r, opened, entries, i -> new RoomOpened("r" + i % 6, "g" + i, Keyboard.standard()));
                CombinableFold<Tally<io.vavr.collection.Vector<Projections.Opening>>> lobby = Tally.counting(Projections.recentOpenings(size));
                assertThat(perPartition(openedLog, opened, w, lobby, Tally.merging(Projections.mergeOpenings(size))))
                        .isEqualTo(new PartitionedWindows(openedLog).foldWindow(opened, w, lobby, 7));
                CombinableFold<Tally<io.vavr.collection.Map<String, Integer>>> openings = Tally.counting(Projections.roomOpenings());
                assertThat(perPartition(openedLog, opened, w, openings, openings::combine))
                        .isEqualTo(new PartitionedWindows(openedLog).foldWindow(opened, w, openings, 7));
            });
        });
    }

    @Test
    void equalIdsInTwoPartitionsKeepTheMergedLogsOrder() {
        PartitionedChannel scored = new PartitionedChannel("cm", Channels.GUESS_SCORED, 2);
        SortedMapStreamRange range = new SortedMapStreamRange();
        BrandedId same = BrandedId.event(Snowflake.compose(T, 1, 1));
        range.put(scored.partition(0), List.of(StreamEntry.of(same, new GuessScored("g0", "r", PlayerIds.ofName("in-p0"), "in-p0", "G0", 100, Scoring.percentage(100), 100).fields())));
        range.put(scored.partition(1), List.of(StreamEntry.of(same, new GuessScored("g1", "r", PlayerIds.ofName("in-p1"), "in-p1", "G1", 200, Scoring.percentage(200), 200).fields())));
        Window.Since all = Window.since(Instant.ofEpochMilli(T));
        Projections.Feed merged = perPartition(range, scored, all, Projections.recentFeed(2), Projections.mergeFeeds(2));
        // the merged log steps partition 0 then 1 at an equal id: partition 1's item is the newer
        assertThat(merged.newest()).extracting(Projections.FeedItem::player).containsExactly("in-p1", "in-p0");
        assertThat(merged).isEqualTo(new PartitionedWindows(range).foldWindow(scored, all, Projections.recentFeed(2), 7));
    }

    @Test
    void aMergeOfNothingIsTheOtherSide() {
        Projections.Feed empty = Projections.recentFeed(3).initial();
        StreamEntry e = StreamEntry.of(BrandedId.event(Snowflake.compose(T, 1, 1)), new GuessScored("g", "r", PlayerIds.ofName("p"), "p", "G", 20, Scoring.percentage(20), 20).fields());
        Projections.Feed one = Projections.recentFeed(3).step(empty, e);
        assertThat(Projections.mergeFeeds(3).apply(empty, one)).isEqualTo(one);
        assertThat(Projections.mergeFeeds(3).apply(one, empty)).isEqualTo(one);
    }
}
