package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * Decides what a submitted guess comes to, purely: no I/O, no clock. The score worker asks it and
 * commits the answer; the commit script applies the one part that depends on state read at commit
 * time, the player's best, with the same rule ({@link #best}).
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
            return new GuessOutcome.Rejected(guessId, guess.game(), guess.player(), UNKNOWN_GAME);
        }
        GameRecord g = game.get();
        if (!g.game().equals(guess.game())) {
            throw new IllegalArgumentException("guess " + guessId + " is for game " + guess.game() + ", not " + g.game());
        }
        if (g.settled()) {
            return new GuessOutcome.Rejected(guessId, guess.game(), guess.player(), SETTLED);
        }
        Scoring.Score score = Scoring.score(g.secret(), guess.guess());
        GuessScored scored = new GuessScored(guess.game(), guess.room(), guess.player(), guessId, score.total(),
                score.percentage(), best(previousBest, score.total()));
        return score.cracked()
                ? new GuessOutcome.ScoredAndSettled(scored, new GameSettled(guess.game(), guess.room(), guess.player(), guessId,
                g.secret()), score)
                : new GuessOutcome.Scored(scored, score);
    }

    /** A player's best after a guess that scored {@code total}: a best never goes down. */
    public static int best(int previousBest, int total) {
        return Math.max(previousBest, total);
    }
}
