package codemojex.app.redis;

import codemojex.projections.Board;
import codemojex.projections.PlayerIds;
import echomq.domain.fold.Tally;
import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The checkpoint of every game's board: by player id with the name, and as it was saved before player ids. */
class CheckpointCodecsTest {

    @Test
    void theBoardsRoundTripByPlayerIdWithTheName() {
        Map<String, Map<String, Board.Standing>> boards = HashMap.of("GAM1", HashMap.of(
                "PLR0000000000A", new Board.Standing("ada", 560),
                "PLR0000000000B", new Board.Standing("ada", 400)));
        Tally<Map<String, Map<String, Board.Standing>>> t = new Tally<>(boards, 0, Vector.empty());
        assertThat(CheckpointCodecs.boards().decode(CheckpointCodecs.boards().encode(t))).isEqualTo(t);
    }

    @Test
    void aCheckpointSavedBeforePlayerIdsIsReadAsTheNamesDerivedPlayers() {
        // what the app saved when the board was keyed by name: retention may have removed the entries before it
        String before = "{\"skipped\":0,\"examples\":[],\"value\":{\"GAM1\":{\"ada\":560,\"bob\":120}}}";
        assertThat(CheckpointCodecs.boards().decode(before).value()).isEqualTo(HashMap.of("GAM1", HashMap.of(
                PlayerIds.ofName("ada"), new Board.Standing("ada", 560),
                PlayerIds.ofName("bob"), new Board.Standing("bob", 120))));
    }

    @Test
    void aBucketOfTheFeedsSeriesRoundTripsWithItsSkippedEntriesAndStats() {
        codemojex.app.core.FeedStats stats = codemojex.app.core.FeedStats.EMPTY;
        for (int i = 0; i < 7; i++) {
            String player = "PLR0000000000" + (char) ('A' + i % 3);
            stats = stats.with(scored(i, player, 100 * i % 601), codemojex.projections.GameEvent.GuessScored.decode(scored(i, player, 100 * i % 601)));
        }
        Tally<codemojex.app.core.FeedBucket> t = new Tally<>(new codemojex.app.core.FeedBucket(
                HashMap.of("PLR0000000000A", 3L, "PLR0000000000B", 2L, "PLR0000000000C", 2L), stats), 2,
                Vector.of(new Tally.Skipped(echomq.domain.id.StreamId.parse("1700000000000-0"), "no field game")));
        Tally<codemojex.app.core.FeedBucket> back = CheckpointCodecs.buckets().decode(CheckpointCodecs.buckets().encode(t));
        assertThat(back).isEqualTo(t);
        assertThat(back.value().stats().distinctPlayers()).isEqualTo(3);
        assertThat(back.value().stats().quantile(0.5).get()).isEqualTo(300L);
        Tally<codemojex.app.core.FeedBucket> empty = new Tally<>(codemojex.app.core.FeedBucket.EMPTY, 0, Vector.empty());
        assertThat(CheckpointCodecs.buckets().decode(CheckpointCodecs.buckets().encode(empty))).isEqualTo(empty);
        Tally<codemojex.app.core.FeedStats> pane = new Tally<>(stats, 1, Vector.empty());
        assertThat(CheckpointCodecs.feedStats().decode(CheckpointCodecs.feedStats().encode(pane))).isEqualTo(pane);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CheckpointCodecs.buckets()
                        .decode("{\"skipped\":0,\"examples\":[],\"value\":{\"players\":{\"PLR0000000000A\":\"three\"},"
                                + "\"scores\":\"\",\"distinct\":\"\"}}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"three\"");
        // what the count alone kept (fold version 1) is not this codec's: refused, never read as an empty bucket
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CheckpointCodecs.buckets()
                        .decode("{\"skipped\":0,\"examples\":[],\"value\":{\"PLR0000000000A\":3}}"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A {@code guess-scored} entry of {@code player} scoring {@code total}. */
    private static echomq.domain.stream.StreamEntry scored(int i, String player, int total) {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        new codemojex.projections.GameEvent.GuessScored("GAM0000000001", "ROOM1", player, "ada", "GUE000000000" + i, total,
                Math.round(total / 6f), total).writeFields(m::put);
        return new echomq.domain.stream.StreamEntry(echomq.domain.id.StreamId.parse("1700000000000-" + i), io.vavr.control.Option.none(),
                io.vavr.collection.LinkedHashMap.ofAll(m));
    }
}
