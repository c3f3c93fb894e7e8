package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import echomq.testkit.Seeded;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Instant;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pure decision on a guess: seeded properties (seed printed, -Dechomq.seed replays) and edge cases. */
class RefereeTest {

    static final Instant OPENED = Instant.parse("2026-12-02T10:00:00Z");

    record Case(GuessSubmitted guess, String guessId, GameRecord game, int previousBest) {
    }

    static Case randomCase(Random r) {
        Keyboard k = Keyboard.draw(r);
        Code secret = k.drawSecret(r);
        Code guess = r.nextInt(8) == 0 ? secret
                : new Code(Vector.range(0, Code.LENGTH).map(i -> k.keys().get(r.nextInt(k.keys().size()))));
        String game = "GAM" + Long.toString(r.nextLong() & Long.MAX_VALUE, 36);
        Option<String> winner = r.nextInt(5) == 0 ? Option.some("eve") : Option.none();
        int previous = r.nextInt(31) * 20;
        String room = "room-" + r.nextInt(3);
        String player = "p" + r.nextInt(10);
        String playerId = new echomq.domain.id.BrandedId(PlayerIds.BRAND, r.nextLong() & Long.MAX_VALUE).toString();
        return new Case(new GuessSubmitted(game, room, playerId, player, guess), "EVT" + r.nextInt(1_000_000),
                new GameRecord(game, "room-0", k, secret, OPENED, winner), previous);
    }

    @TestFactory
    Stream<DynamicTest> theOutcomeFollowsTheScoreTheBestAndTheGameState() {
        Random r = Seeded.random("RefereeTest");
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> randomCase(r)).map(c -> DynamicTest.dynamicTest(c.guessId(), () -> {
            GuessOutcome o = Referee.decide(c.guess(), c.guessId(), Option.some(c.game()), c.previousBest());
            assertThat(o.guessId()).isEqualTo(c.guessId());
            if (c.game().settled()) {
                assertThat(o).isEqualTo(new GuessOutcome.Rejected(c.guessId(), c.guess().game(), c.guess().playerId(), c.guess().player(),
                        Referee.SETTLED));
                assertThat(o.events()).isEmpty();
                return;
            }
            Scoring.Score score = Scoring.score(c.game().secret(), c.guess().guess());
            GuessScored expected = new GuessScored(c.guess().game(), c.guess().room(), c.guess().playerId(), c.guess().player(), c.guessId(), score.total(),
                    score.percentage(), Math.max(c.previousBest(), score.total()));
            assertThat(o.events().head()).isEqualTo(expected);
            GuessScored scored = (GuessScored) o.events().head();
            assertThat(scored.best()).isGreaterThanOrEqualTo(c.previousBest()).isGreaterThanOrEqualTo(scored.total());
            if (score.cracked()) {
                assertThat(o).isInstanceOf(GuessOutcome.ScoredAndSettled.class);
                assertThat(o.events()).hasSize(2);
                assertThat(o.events().get(1)).isEqualTo(new GameSettled(c.guess().game(), c.guess().room(), c.guess().playerId(), c.guess().player(),
                        c.guessId(), c.game().secret()));
            } else {
                assertThat(o).isInstanceOf(GuessOutcome.Scored.class);
                assertThat(o.events()).hasSize(1);
                // the secret of an open game is in no event
                assertThat(o.events().head().fields().values()).doesNotContain(c.game().secret().text());
            }
            // deciding is a function: the same inputs, the same outcome
            assertThat(Referee.decide(c.guess(), c.guessId(), Option.some(c.game()), c.previousBest())).isEqualTo(o);
        }));
    }

    /**
     * The decision the commit applies (before the stored best is known), given the best the board
     * holds after it, is the decision for the previous best: the commit needs no second decision.
     */
    @TestFactory
    Stream<DynamicTest> theDecisionBeforeTheBoardWithTheBoardsBestIsTheDecision() {
        Random r = Seeded.random("RefereeTest.board");
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> randomCase(r)).map(c -> DynamicTest.dynamicTest(c.guessId(), () -> {
            GuessOutcome before = Referee.decide(c.guess(), c.guessId(), c.game());
            int total = Scoring.score(c.game().secret(), c.guess().guess()).total();
            assertThat(before.withBest(Referee.best(c.previousBest(), total)))
                    .isEqualTo(Referee.decide(c.guess(), c.guessId(), Option.some(c.game()), c.previousBest()));
            if (before instanceof GuessOutcome.Rejected rejected) {
                assertThat(rejected).isEqualTo(Referee.settled(c.guess(), c.guessId()));
            } else {
                assertThat(((GuessScored) before.events().head()).best()).isEqualTo(total);
                assertThatThrownBy(() -> before.withBest(total - 20)).isInstanceOf(IllegalArgumentException.class);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> aStoredScoreIsRebuiltFromItsDistances() {
        Random r = Seeded.random("RefereeTest.distances");
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> randomCase(r)).map(c -> DynamicTest.dynamicTest(c.guessId(), () -> {
            Scoring.Score score = Scoring.score(c.game().secret(), c.guess().guess());
            assertThat(Scoring.fromDistances(c.guess().guess(), score.distances())).isEqualTo(score);
        }));
    }

    @Test
    void edgeCases() {
        Keyboard k = Keyboard.standard();
        Code secret = new Code(k.keys().take(6));
        GameRecord open = new GameRecord("g1", "r", k, secret, OPENED, Option.none());
        GuessSubmitted perfect = new GuessSubmitted("g1", "r", PlayerIds.ofName("ada"), "ada", secret);
        GuessSubmitted miss = new GuessSubmitted("g1", "r", PlayerIds.ofName("ada"), "ada", new Code(k.keys().drop(6).take(6)));

        // a perfect guess settles, with best 600 whatever came before
        GuessOutcome settle = Referee.decide(perfect, "G1", Option.some(open), 600);
        assertThat(settle).isInstanceOf(GuessOutcome.ScoredAndSettled.class);
        assertThat(((GuessScored) settle.events().head()).best()).isEqualTo(600);
        // a miss scores 0 and keeps the previous best
        GuessOutcome zero = Referee.decide(miss, "G2", Option.some(open), 480);
        assertThat(((GuessScored) zero.events().head()).total()).isZero();
        assertThat(((GuessScored) zero.events().head()).best()).isEqualTo(480);
        assertThat(Referee.decide(miss, "G3", Option.some(open), 0).events().head()).isEqualTo(
                new GuessScored("g1", "r", PlayerIds.ofName("ada"), "ada", "G3", 0, 0, 0));
        // unknown game
        assertThat(Referee.decide(miss, "G4", Option.none(), 0))
                .isEqualTo(new GuessOutcome.Rejected("G4", "g1", PlayerIds.ofName("ada"), "ada", Referee.UNKNOWN_GAME));
        // bad input names the bad value
        assertThatThrownBy(() -> Referee.decide(miss, "G5", Option.some(open), 601)).hasMessageContaining("601");
        assertThatThrownBy(() -> Referee.decide(miss, "G5", Option.some(open), -20)).hasMessageContaining("-20");
        assertThatThrownBy(() -> Referee.decide(miss, "bad id!", Option.some(open), 0)).hasMessageContaining("bad id!");
        GameRecord other = new GameRecord("g2", "r", k, secret, OPENED, Option.none());
        assertThatThrownBy(() -> Referee.decide(miss, "G6", Option.some(other), 0)).hasMessageContaining("g2");
        assertThat(Referee.best(0, 600)).isEqualTo(600);
        assertThat(Referee.best(600, 0)).isEqualTo(600);
        assertThatThrownBy(() -> Scoring.fromDistances(secret, Vector.of(Option.some(6), Option.none(), Option.none(), Option.none(),
                Option.none(), Option.none()))).hasMessageContaining("6");
    }
}
