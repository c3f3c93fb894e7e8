package codemojex.app.core;

import codemojex.projections.GuessOutcome;
import codemojex.projections.Scoring;

import java.util.Objects;

/** What a player learns of a guess: still pending, scored with its breakdown, or rejected. */
public sealed interface GuessResult permits GuessResult.Pending, GuessResult.Scored, GuessResult.Rejected {

    /** The guess. */
    String guessId();

    /** Its game. */
    String game();

    /** The status word clients see: {@code pending}, {@code scored} or {@code rejected}. */
    String status();

    /**
     * Submitted, not scored yet.
     *
     * @param guessId the guess
     * @param game    its game
     */
    record Pending(String guessId, String game) implements GuessResult {
        public Pending {
            Objects.requireNonNull(guessId, "guessId");
            Objects.requireNonNull(game, "game");
        }

        @Override
        public String status() {
            return "pending";
        }
    }

    /**
     * Scored.
     *
     * @param guessId the guess
     * @param game    its game
     * @param playerId who guessed
     * @param player   the name shown for who guessed
     * @param score    total, percentage and per-position breakdown
     * @param best     the player's best in the game once this guess was scored
     */
    record Scored(String guessId, String game, String playerId, String player, Scoring.Score score, int best) implements GuessResult {
        public Scored {
            Objects.requireNonNull(guessId, "guessId");
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(playerId, "playerId");
            Objects.requireNonNull(player, "player");
            Objects.requireNonNull(score, "score");
            if (best < score.total()) {
                throw new IllegalArgumentException("best " + best + " is below the total " + score.total());
            }
        }

        @Override
        public String status() {
            return "scored";
        }
    }

    /**
     * Not scored: the referee's rejection ({@link GuessOutcome.Rejected}) as the player reads it back,
     * so a rejection is checked by one rule.
     *
     * @param outcome the rejection the referee decided
     */
    record Rejected(GuessOutcome.Rejected outcome) implements GuessResult {
        public Rejected {
            Objects.requireNonNull(outcome, "outcome");
        }

        /**
         * A rejection read back by its parts.
         *
         * @param guessId  the guess
         * @param game     its game
         * @param playerId who guessed
         * @param player   the name shown for who guessed
         * @param reason   why
         */
        public Rejected(String guessId, String game, String playerId, String player, String reason) {
            this(new GuessOutcome.Rejected(guessId, game, playerId, player, reason));
        }

        @Override
        public String guessId() {
            return outcome.guessId();
        }

        @Override
        public String game() {
            return outcome.game();
        }

        /** Who guessed. */
        public String playerId() {
            return outcome.playerId();
        }

        /** The name shown for who guessed. */
        public String player() {
            return outcome.player();
        }

        /** Why, in words a player can read. */
        public String reason() {
            return outcome.reason();
        }

        @Override
        public String status() {
            return "rejected";
        }
    }
}
