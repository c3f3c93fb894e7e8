package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import io.vavr.collection.Vector;

import java.util.Objects;

/**
 * What becomes of one submitted guess, as {@link Referee#decide} says: the events to append and
 * the player's new best. A closed set: scored, scored and settled (a 600 cracks the code), or
 * rejected (no events).
 */
public sealed interface GuessOutcome permits GuessOutcome.Scored, GuessOutcome.ScoredAndSettled, GuessOutcome.Rejected {

    /** The guess this is the outcome of. */
    String guessId();

    /** The events to append, in order: {@code guess-scored}, then {@code game-settled} when the guess settles the game. */
    Vector<GameEvent> events();

    /**
     * This outcome with the player's best after the guess set to {@code best}: what a commit
     * answers once it has applied the outcome to the stored best. A rejection has no best, and
     * stays as it is.
     *
     * @param best the player's best in the game after this guess
     * @return the same outcome with that best
     * @throws IllegalArgumentException when {@code best} is not a possible total or is below the guess's total
     */
    GuessOutcome withBest(int best);

    /**
     * A scored guess that did not crack the code.
     *
     * @param scored the {@code guess-scored} event; its {@code best} is the player's new best
     * @param score  the per-position breakdown
     */
    record Scored(GuessScored scored, Scoring.Score score) implements GuessOutcome {
        public Scored {
            Objects.requireNonNull(scored, "scored");
            Objects.requireNonNull(score, "score");
            if (score.cracked()) {
                throw new IllegalArgumentException("a 600 settles the game: use ScoredAndSettled");
            }
        }

        @Override
        public String guessId() {
            return scored.guessId();
        }

        @Override
        public Vector<GameEvent> events() {
            return Vector.of(scored);
        }

        @Override
        public Scored withBest(int best) {
            return new Scored(scored.withBest(best), score);
        }
    }

    /**
     * A perfect guess: scored, and the game settled with its winner and, now that it is over, the secret.
     *
     * @param scored  the {@code guess-scored} event (total and best 600)
     * @param settled the {@code game-settled} event
     * @param score   the per-position breakdown
     */
    record ScoredAndSettled(GuessScored scored, GameSettled settled, Scoring.Score score) implements GuessOutcome {
        public ScoredAndSettled {
            Objects.requireNonNull(scored, "scored");
            Objects.requireNonNull(settled, "settled");
            Objects.requireNonNull(score, "score");
            if (!score.cracked()) {
                throw new IllegalArgumentException("only a 600 settles a game, got " + score.total());
            }
        }

        @Override
        public String guessId() {
            return scored.guessId();
        }

        @Override
        public Vector<GameEvent> events() {
            return Vector.of(scored, settled);
        }

        @Override
        public ScoredAndSettled withBest(int best) {
            return new ScoredAndSettled(scored.withBest(best), settled, score);
        }
    }

    /**
     * A guess that is not scored: nothing is appended and the board does not move.
     *
     * @param guessId the guess
     * @param game    the game it was for
     * @param playerId who sent it
     * @param player   the name shown for who sent it
     * @param reason   why, in words a player can read
     */
    record Rejected(String guessId, String game, String playerId, String player, String reason) implements GuessOutcome {
        public Rejected {
            Objects.requireNonNull(guessId, "guessId");
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(playerId, "playerId");
            Objects.requireNonNull(player, "player");
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public Vector<GameEvent> events() {
            return Vector.empty();
        }

        @Override
        public Rejected withBest(int best) {
            return this; // nothing was scored: the board did not move
        }
    }
}
