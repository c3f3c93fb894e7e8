package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A name is not a player (#27): the board, the results and the events are keyed by the player id
 * minted at join, the name is what is shown; entries written before player ids are read with the
 * id derived from their name.
 */
class PlayerIdsTest {

    static final long T = Instant.parse("2026-03-10T09:00:00Z").toEpochMilli();
    static final Code SECRET = Code.parse("🐙🦊🐸🦄🐝🐢");
    static int seq;

    static StreamEntry at(long ms, LinkedHashMap<String, String> fields) {
        return StreamEntry.of(BrandedId.event(Snowflake.compose(ms, 0, seq++ % 4096)), fields);
    }

    static String minted(long snowflake) {
        return new BrandedId(PlayerIds.BRAND, snowflake).toString();
    }

    @Test
    void aPlayerIdIsAMintedPlrBrandedId() {
        Snowflake minter = new Snowflake(3, () -> T);
        String a = PlayerIds.mint(minter);
        String b = PlayerIds.mint(minter);
        assertThat(a).startsWith("PLR").hasSize(BrandedId.LENGTH).isNotEqualTo(b);
        assertThat(a.compareTo(b)).as("minted in order").isNegative();
        assertThat(BrandedId.parse(a).instant()).isEqualTo(Instant.ofEpochMilli(T));
        assertThat(PlayerIds.require(a)).isEqualTo(a);
        assertThatThrownBy(() -> PlayerIds.require("EVT0KHTOWnGLuC")).hasMessageContaining("PLR");
        assertThatThrownBy(() -> PlayerIds.require("ada")).hasMessageContaining("PLR");
        assertThatThrownBy(() -> PlayerIds.require(null)).hasMessageContaining("null");
    }

    @Test
    void theIdOfANameIsDerivedTheSameEveryTimeAndDiffersPerName() {
        assertThat(PlayerIds.ofName("ada")).isEqualTo(PlayerIds.ofName("ada")).startsWith("PLR").hasSize(14)
                .isNotEqualTo(PlayerIds.ofName("Ada")).isNotEqualTo(PlayerIds.ofName("bob"));
        assertThat(PlayerIds.require(PlayerIds.ofName("Zoë 🐙"))).isNotEmpty();
        assertThat(PlayerIds.derived(PlayerIds.ofName("ada"), "ada")).isTrue();
        assertThat(PlayerIds.derived(minted(7), "ada")).isFalse();
    }

    @Test
    void eventsCarryThePlayerIdAndTheName() {
        String id = minted(42);
        GuessSubmitted submitted = new GuessSubmitted("g1", "r", id, "ada", SECRET);
        GuessScored scored = new GuessScored("g1", "r", id, "ada", "EVT0KHTOWnGLuC", 480, 80, 480);
        GameSettled settled = new GameSettled("g1", "r", id, "ada", "EVT0KHTOWnGLuC", SECRET);
        assertThat(submitted.fields().get("playerId")).contains(id);
        assertThat(scored.fields().get("playerId")).contains(id);
        assertThat(scored.fields().last()._1).as("best last: the commit script appends it").isEqualTo("best");
        assertThat(settled.fields().get("winnerId")).contains(id);
        assertThat(settled.fields().get("winner")).contains("ada");
        assertThat(GuessSubmitted.decode(at(T, submitted.fields()))).isEqualTo(submitted);
        assertThat(GuessScored.decode(at(T, scored.fields()))).isEqualTo(scored);
        assertThat(GameSettled.decode(at(T, settled.fields()))).isEqualTo(settled);
        assertThatThrownBy(() -> GuessScored.decode(at(T, scored.fields().put("playerId", "EVT0KHTOWnGLuC"))))
                .isInstanceOf(MalformedEntryException.class).hasMessageContaining("field \"playerId\"");
    }

    @Test
    void anEntryWrittenBeforePlayerIdsIsReadWithTheIdOfItsName() {
        LinkedHashMap<String, String> oldScored = LinkedHashMap.of("v", "1", "game", "g1", "room", "r", "player", "ada",
                "guess", "EVT0KHTOWnGLuC", "total", "300", "pct", "50", "best", "300");
        LinkedHashMap<String, String> oldSubmitted = LinkedHashMap.of("v", "1", "game", "g1", "room", "r", "player", "ada",
                "guess", SECRET.text());
        LinkedHashMap<String, String> oldSettled = LinkedHashMap.of("v", "1", "game", "g1", "room", "r", "winner", "ada",
                "guess", "EVT0KHTOWnGLuC", "secret", SECRET.text());
        assertThat(GuessScored.decode(at(T, oldScored)).playerId()).isEqualTo(PlayerIds.ofName("ada"));
        assertThat(GuessSubmitted.decode(at(T, oldSubmitted)).playerId()).isEqualTo(PlayerIds.ofName("ada"));
        assertThat(GameSettled.decode(at(T, oldSettled)).winnerId()).isEqualTo(PlayerIds.ofName("ada"));
        GameRecord before = new GameRecord("g1", "r", Keyboard.standard(), Keyboard.standard().drawSecret(new java.util.Random(1)),
                Instant.ofEpochMilli(T), Option.some("ada"));
        assertThat(before.winnerId()).contains(PlayerIds.ofName("ada"));
    }

    @Test
    void theBoardIsKeyedByPlayerIdSoANameTakenAgainStartsFromZero() {
        String first = minted(1);   // ada's first session
        String second = minted(2);  // a new session that took the name once the first expired
        List<StreamEntry> log = new ArrayList<>();
        log.add(at(T, new GuessScored("g1", "r", first, "ada", "G1", 480, 80, 480).fields()));
        log.add(at(T + 1, new GuessScored("g1", "r", second, "ada", "G2", 100, 17, 100).fields()));
        log.add(at(T + 2, new GuessScored("g1", "r", minted(3), "bob", "G3", 200, 33, 200).fields()));
        Vector<Board.Ranked> board = Board.rebuild("g1", log);
        assertThat(board).containsExactly(
                new Board.Ranked(1, first, "ada", 480),
                new Board.Ranked(2, minted(3), "bob", 200),
                new Board.Ranked(3, second, "ada", 100));
        // the old data's one "ada" beside the new ones: its id is the name's, and it sorts first of its name on a tie
        log.add(at(T + 3, LinkedHashMap.of("v", "1", "game", "g1", "room", "r", "player", "ada", "guess", "G4",
                "total", "100", "pct", "17", "best", "100")));
        assertThat(Board.rebuild("g1", log)).extracting(Board.Ranked::playerId)
                .containsExactly(first, minted(3), PlayerIds.ofName("ada"), second);
        // every game's board, the checkpointed projection, agrees
        assertThat(Board.ranking(Projections.allTimeBoards().foldAll(log).get("g1").get())).isEqualTo(Board.rebuild("g1", log));
        // the feed counts players, not names
        assertThat(Projections.recentFeed(10).foldAll(log).distinctPlayers()).isEqualTo(4);
        assertThat(Projections.recentFeed(10).foldAll(log).newest().head().playerId()).isEqualTo(PlayerIds.ofName("ada"));
    }

    @Test
    void theRefereeDecidesForThePlayerIdAndTheWinnerIsRecordedById() {
        String id = minted(9);
        GameRecord game = new GameRecord("g1", "r", Keyboard.standard(), SECRET, Instant.ofEpochMilli(T), Option.none());
        GuessOutcome o = Referee.decide(new GuessSubmitted("g1", "r", id, "ada", SECRET), "G1", game);
        assertThat(o).isInstanceOf(GuessOutcome.ScoredAndSettled.class);
        GuessOutcome.ScoredAndSettled s = (GuessOutcome.ScoredAndSettled) o;
        assertThat(s.scored().playerId()).isEqualTo(id);
        assertThat(s.settled().winnerId()).isEqualTo(id);
        assertThat(s.settled().winner()).isEqualTo("ada");
        GuessOutcome.Rejected r = Referee.settled(new GuessSubmitted("g1", "r", id, "ada", SECRET), "G2");
        assertThat(r.playerId()).isEqualTo(id);
    }
}
