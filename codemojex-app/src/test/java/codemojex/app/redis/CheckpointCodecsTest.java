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
    void aBucketOfTheFeedsSeriesRoundTripsWithItsSkippedEntries() {
        Tally<Map<String, Long>> t = new Tally<>(HashMap.of("PLR0000000000A", 3L, "PLR0000000000B", 1L), 2,
                Vector.of(new Tally.Skipped(echomq.domain.id.StreamId.parse("1700000000000-0"), "no field game")));
        assertThat(CheckpointCodecs.buckets().decode(CheckpointCodecs.buckets().encode(t))).isEqualTo(t);
        Tally<Map<String, Long>> empty = new Tally<>(HashMap.empty(), 0, Vector.empty());
        assertThat(CheckpointCodecs.buckets().decode(CheckpointCodecs.buckets().encode(empty))).isEqualTo(empty);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CheckpointCodecs.buckets()
                        .decode("{\"skipped\":0,\"examples\":[],\"value\":{\"PLR0000000000A\":\"three\"}}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"three\"");
    }
}
