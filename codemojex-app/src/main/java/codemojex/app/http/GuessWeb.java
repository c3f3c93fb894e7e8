package codemojex.app.http;

import codemojex.app.core.GuessResult;
import codemojex.projections.Scoring;
import io.vavr.control.Option;

import java.util.List;

/**
 * The web models of guesses: {@code POST /games/{game}/guesses} answers {@link Submitted};
 * {@code GET /games/{game}/guesses/{guessId}} one JSON shape per kind of result.
 */
final class GuessWeb {

    private GuessWeb() {
    }

    /**
     * A guess just submitted, to be scored by the worker.
     *
     * @param guessId the guess, to poll at {@code Location}
     * @param game    its game
     * @param status  {@code pending}
     */
    record Submitted(String guessId, String game, String status) {

        /** Guess {@code guessId} of {@code game}, pending. */
        static Submitted pending(String guessId, String game) {
            return new Submitted(guessId, game, "pending");
        }
    }

    /**
     * A player's own guesses, as {@code GET /games/{game}/guesses} answers them to the player's session.
     *
     * @param game     the game
     * @param playerId the session's player id
     * @param player   the session's player's name
     * @param guesses  its guesses that were scored ({@link Scored}, with the breakdown) or rejected ({@link Rejected}),
     *                oldest first
     */
    record Own(String game, String playerId, String player, List<Object> guesses) {
    }

    /**
     * A guess not scored yet.
     *
     * @param status  {@code pending}
     * @param guessId the guess
     * @param game    its game
     */
    record Pending(String status, String guessId, String game) {
    }

    /**
     * A scored guess and its breakdown.
     *
     * @param status     {@code scored}
     * @param guessId    the guess
     * @param game       its game
     * @param playerId   who guessed
     * @param player     the name shown for who guessed
     * @param total      0..600
     * @param max        600
     * @param percentage {@code round(total / 6)}
     * @param best       the player's best once this guess was scored
     * @param cracked    whether it cracked the code
     * @param positions  the six positions
     */
    record Scored(String status, String guessId, String game, String playerId, String player, int total, int max, int percentage, int best,
                  boolean cracked, List<Position> positions) {
    }

    /**
     * A scored guess as anyone but its player sees it: its total, as on the board and in the feed,
     * never the per-position breakdown (it would help crack the secret).
     *
     * @param status     {@code scored}
     * @param guessId    the guess
     * @param game       its game
     * @param playerId   who guessed
     * @param player     the name shown for who guessed
     * @param total      0..600
     * @param max        600
     * @param percentage {@code round(total / 6)}
     * @param best       the player's best once this guess was scored
     * @param cracked    whether it cracked the code
     */
    record ScoredTotal(String status, String guessId, String game, String playerId, String player, int total, int max, int percentage, int best,
                       boolean cracked) {
    }

    /**
     * One position of a scored guess.
     *
     * @param position 0..5
     * @param emoji    the guessed emoji
     * @param distance its distance to where the secret holds it; JSON null for a miss
     * @param points   its points
     * @param status   EXACT, ADJACENT, NEAR, FAR, MAX or MISS
     */
    record Position(int position, String emoji, Integer distance, int points, String status) {
    }

    /**
     * A guess that was not scored.
     *
     * @param status  {@code rejected}
     * @param guessId the guess
     * @param game    its game
     * @param playerId who guessed
     * @param player  the name shown for who guessed
     * @param reason  why
     */
    record Rejected(String status, String guessId, String game, String playerId, String player, String reason) {
    }

    /**
     * The web model of {@code result} as {@code viewer} (the session's player id, if any) may see
     * it: the breakdown only for the player who made the guess, by id (a later holder of its name is
     * someone else).
     */
    static Object of(GuessResult result, Option<String> viewer) {
        if (result instanceof GuessResult.Scored s) {
            Scoring.Score score = s.score();
            if (!viewer.contains(s.playerId())) {
                return new ScoredTotal(s.status(), s.guessId(), s.game(), s.playerId(), s.player(), score.total(), score.max(),
                        score.percentage(), s.best(), score.cracked());
            }
            return new Scored(s.status(), s.guessId(), s.game(), s.playerId(), s.player(), score.total(), score.max(), score.percentage(), s.best(),
                    score.cracked(), score.positions().map(p -> new Position(p.position(), p.emoji().text(), p.distance().getOrNull(),
                    p.points(), p.status().name())).toJavaList());
        }
        if (result instanceof GuessResult.Rejected r) {
            return new Rejected(r.status(), r.guessId(), r.game(), r.playerId(), r.player(), r.reason());
        }
        return new Pending(result.status(), result.guessId(), result.game());
    }
}
