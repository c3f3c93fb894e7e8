package codemojex.app.redis;

import codemojex.app.core.ScoreResult;
import codemojex.projections.Code;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import codemojex.projections.GuessOutcome;
import codemojex.projections.Keyboard;
import codemojex.projections.Referee;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The commit script's codec on its own: the blocks it sends and every reply it reads (the script itself: RedisScoreCommitTest). */
class CommitCodecTest {

    static final Keyboard K = Keyboard.standard();
    static final GameRecord GAME = new GameRecord("g1", "r", K, new Code(K.keys().take(6)), Instant.parse("2026-12-02T10:00:00Z"),
            Option.none());
    static final GuessSubmitted PERFECT = new GuessSubmitted("g1", "r", codemojex.app.TestPlayers.id("ada"), "ada", GAME.secret());
    static final GuessSubmitted MISS = new GuessSubmitted("g1", "r", codemojex.app.TestPlayers.id("bob"), "bob", new Code(K.keys().drop(6).take(6)));
    static final Snowflake MINTER = new Snowflake(3, () -> 1_800_000_000_000L);

    static CommitCodec.Block block(GuessSubmitted guess, String id, GameRecord game) {
        GuessOutcome decided = Referee.decide(guess, id, game);
        return new CommitCodec.Block(StreamId.parse("1-" + id.length()), guess, decided,
                decided.events().map(e -> MINTER.nextId()).toJavaList());
    }

    @Test
    void aBlockCarriesOneIdPerEntryItAppends() {
        GuessOutcome settles = Referee.decide(PERFECT, "G1", GAME);
        BrandedId id = MINTER.nextId();
        assertThatThrownBy(() -> new CommitCodec.Block(StreamId.parse("1-0"), PERFECT, settles, List.of(id)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 entries");
        CommitCodec.Block rejected = block(MISS, "G2", new GameRecord("g1", "r", K, GAME.secret(), GAME.openedAt(), Option.some("eve")));
        assertThat(rejected.entryIds()).isEmpty();
        assertThat(rejected.scoredId()).isEmpty();
    }

    @Test
    void theCallNamesThePartitionsStreamsAndLeaseThenEachGuesssKeys() {
        CommitCodec.Call call = CommitCodec.call("scorers", Keys.ONE, List.of(block(PERFECT, "G1", GAME), block(MISS, "G2", GAME)), 7);
        assertThat(call.keys()).hasSize(4 + 2 * 3);
        assertThat(call.keys().get(3)).isEqualTo("emq:{cm}:lease:guesses").isEqualTo(Keys.ONE.lease(0));
        assertThat(call.keys().subList(4, 7)).containsExactly(Keys.ONE.board("g1"), Keys.ONE.scores("g1"), Keys.ONE.game("g1"));
        assertThat(call.argv().subList(0, 3)).containsExactly("scorers", "2", "7");
        // the perfect guess's block: the delivery, the guess id, the board member, the player id, the name, the rejection, then
        // how many entries it appends: guess-scored and game-settled
        assertThat(call.argv().subList(5, 8)).containsExactly("ada\t" + PERFECT.playerId(),
                PERFECT.playerId(), "ada");
        assertThat(call.argv().get(3 + 6)).isEqualTo("2");
        // one `best` field per scored guess, its value the script replaces with the best it finds
        assertThat(call.argv().stream().filter("best"::equals)).hasSize(2);
    }

    @Test
    void aScoredGuesssEntryIsItsBrandedIdThenItsFieldsInTheEventsOrderBestLastAfterItsCount() {
        CommitCodec.Block perfect = block(PERFECT, "G1", GAME);
        CommitCodec.Call call = CommitCodec.call("scorers", Keys.ONE, List.of(perfect), 0);
        GuessOutcome.ScoredAndSettled decided = (GuessOutcome.ScoredAndSettled) perfect.decided();
        List<String> items = echomq.wire.Xadd.fields(perfect.scoredId().get(), decided.scored().fields());
        assertThat(items).hasSize(2 + 2 * 9);
        assertThat(items.get(items.size() - 2)).isEqualTo("best");
        int at = java.util.Collections.indexOfSubList(call.argv(), items);
        assertThat(at).as("the items %s in %s", items, call.argv()).isPositive();
        assertThat(call.argv().get(at - 1)).isEqualTo(Integer.toString(items.size())); // n: the script reads the last item's place from it
    }

    @Test
    void everyReplyIsReadIntoItsType() {
        CommitCodec.Block scored = block(MISS, "G3", GAME);
        CommitCodec.Reply reply = CommitCodec.reply(Option.some(List.of(List.of("SCORED", "480"), List.of("CLOSED"),
                List.of("DUPLICATE"))), 3);
        assertThat(reply).isEqualTo(new CommitCodec.Answers(List.of(new CommitCodec.Scored(480), new CommitCodec.GameClosed(),
                new CommitCodec.AlreadyApplied())));
        List<CommitCodec.Answer> each = ((CommitCodec.Answers) reply).each();
        assertThat(each.get(0).of(scored)).isEqualTo(new ScoreResult.Applied(scored.decided().withBest(480)));
        assertThat(each.get(1).of(scored)).isEqualTo(new ScoreResult.Applied(Referee.settled(MISS, "G3")));
        assertThat(each.get(2).of(scored)).isEqualTo(new ScoreResult.AlreadyScored("G3"));
        assertThat(CommitCodec.reply(Option.some(List.of("BEHIND", "17-3")), 2)).isEqualTo(new CommitCodec.Behind(StreamId.parse("17-3")));
        assertThat(CommitCodec.reply(Option.some(List.of("FENCED", "4")), 2)).isEqualTo(new CommitCodec.Fenced(4));
    }

    @Test
    void aReplyTheScriptDoesNotGiveIsRefused() {
        assertThatThrownBy(() -> CommitCodec.reply(Option.none(), 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> CommitCodec.reply(Option.some(List.of(List.of("SCORED", "0"))), 2))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("1 results for 2");
        assertThatThrownBy(() -> CommitCodec.reply(Option.some(List.of(List.of("APPLIED", "0"))), 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("APPLIED");
        assertThatThrownBy(() -> CommitCodec.reply(Option.some(List.of(List.of("SCORED", "620"))), 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("620");
        // an answer that does not fit the decision: a rejection scored, a score kept as a rejection
        CommitCodec.Block rejected = block(MISS, "G4", new GameRecord("g1", "r", K, GAME.secret(), GAME.openedAt(), Option.some("eve")));
        assertThatThrownBy(() -> new CommitCodec.Scored(0).of(rejected)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new CommitCodec.Rejected().of(block(MISS, "G5", GAME))).isInstanceOf(IllegalStateException.class);
    }
}
