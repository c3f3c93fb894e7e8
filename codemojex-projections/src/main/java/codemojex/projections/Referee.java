package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * Decides what a submitted guess comes to, purely: no I/O, no clock. The rule of the game lives
 * here: the score, whether it settles the game, why a guess is rejected, and that a best never goes
 * down ({@link #best}). The player is the guess's player id; the name is carried for display.
 * <p>
 * The score worker asks once per guess, with {@link #decide(GuessSubmitted, String, GameRecord)}:
 * the player's previous best is not known there (another worker may be committing a guess of the
 * same player at the same moment), so the commit script applies the decision to the stored best
 * and answers the best that results ({@link GuessOutcome#withBest}); the worker neither reads the
 * best first nor decides again. The four-argument {@code decide} is the same decision for a known
 * previous best: the model the commit is tested against.
 * <pre>{@code
 * GuessOutcome o = Referee.decide(guess, guessId, games.find(guess.game()), previousBest);
 * }</pre>
 */
public final class Referee {

    /** The reason given for a guess at a game that is over. */
    public static final String SETTLED = "the game was already settled";

    /** The reason given for a guess at a game nobody opened. */
    public static final String UNKNOWN_GAME = "no such game";

    private Referee() {
    }

    /**
     * The outcome of {@code guess} (whose id is {@code guessId}) at {@code game}, for a player whose
     * best so far in that game is {@code previousBest} (0 when none).
     *
     * @param guess        the submitted guess
     * @param guessId      its id
     * @param game         its game, if there is one
     * @param previousBest the player's best in that game before this guess, 0..600
     * @return rejected (no such game, or settled), scored, or scored and settled on a 600
     * @throws IllegalArgumentException when {@code previousBest} is not a possible total, or the
     *                                  guess is for another game than {@code game}
     */
    public static GuessOutcome decide(GuessSubmitted guess, String guessId, Option<GameRecord> game, int previousBest) {
        Objects.requireNonNull(guess, "guess");
        Names.requireId("guessId", guessId);
        Objects.requireNonNull(game, "game");
        if (previousBest < 0 || previousBest > Scoring.MAX_TOTAL) {
            throw new IllegalArgumentException("previous best must be 0.." + Scoring.MAX_TOTAL + ", got " + previousBest);
        }
        if (game.isEmpty()) {
            return new GuessOutcome.Rejected(guessId, guess.game(), guess.playerId(), guess.player(), UNKNOWN_GAME);
        }
        GameRecord g = game.get();
        if (!g.game().equals(guess.game())) {
            throw new IllegalArgumentException("guess " + guessId + " is for game " + guess.game() + ", not " + g.game());
        }
        if (g.settled()) {
            return settled(guess, guessId);
        }
        Scoring.Score score = Scoring.score(g.secret(), guess.guess());
        GuessScored scored = new GuessScored(guess.game(), guess.room(), guess.playerId(), guess.player(), guessId, score.total(),
                score.percentage(), best(previousBest, score.total()));
        return score.cracked()
                ? new GuessOutcome.ScoredAndSettled(scored, new GameSettled(guess.game(), guess.room(), guess.playerId(), guess.player(),
                guessId, g.secret()), score)
                : new GuessOutcome.Scored(scored, score);
    }

    /**
     * The outcome of {@code guess} at {@code game} before the player's stored best is known: the
     * decision the commit applies. Its {@code guess-scored} event carries the guess's own total as
     * the best, the least the best can be after it; the commit, which alone sees the stored best,
     * sets the best that results with {@link GuessOutcome#withBest}.
     *
     * @param guess   the submitted guess
     * @param guessId its id
     * @param game    its game, as read before the commit
     * @return rejected (the game was settled), scored, or scored and settled on a 600
     * @throws IllegalArgumentException when the guess is for another game than {@code game}
     */
    public static GuessOutcome decide(GuessSubmitted guess, String guessId, GameRecord game) {
        return decide(guess, guessId, Option.some(Objects.requireNonNull(game, "game")), 0);
    }

    /**
     * The outcome of {@code guess} at a game that was settled before it: rejected, with
     * {@link #SETTLED}. Also what a commit answers for a guess whose game it finds settled since
     * the decision, so the reason is given in one place.
     *
     * @param guess   the submitted guess
     * @param guessId its id
     * @return the rejection
     */
    public static GuessOutcome.Rejected settled(GuessSubmitted guess, String guessId) {
        Objects.requireNonNull(guess, "guess");
        return new GuessOutcome.Rejected(guessId, guess.game(), guess.playerId(), guess.player(), SETTLED);
    }

    /**
     * A player's best after a guess that scored {@code total}: a best never goes down.
     *
     * @param previousBest the best before the guess
     * @param total        the guess's total
     * @return the higher of the two
     */
    public static int best(int previousBest, int total) {
        return Math.max(previousBest, total);
    }
}
