package codemojex.app.redis;

import codemojex.app.core.GuessResult;
import codemojex.projections.Code;
import codemojex.projections.GuessOutcome;
import codemojex.projections.Scoring;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * How a guess's result is kept in the game's results hash: tab-separated text (player names and
 * emojis hold no tab: names refuse control characters). A scored guess keeps its guess and the
 * per-position distances rather than the secret, and its best last, so the commit script can
 * append the best it computes:
 * {@code scored<TAB>player<TAB>guess<TAB>0,1,-,2,5,-<TAB>480} and {@code rejected<TAB>player<TAB>reason}.
 */
final class StoredResults {

    private static final String SCORED = "scored";
    private static final String REJECTED = "rejected";

    private StoredResults() {
    }

    /** The stored result of a scored guess, up to and with the tab before its best. */
    static String scoredWithoutBest(String player, Code guess, Scoring.Score score) {
        String distances = String.join(",", score.distances().map(d -> d.map(String::valueOf).getOrElse("-")));
        return String.join("\t", SCORED, player, guess.text(), distances, "");
    }

    static String rejected(GuessOutcome.Rejected r) {
        return String.join("\t", REJECTED, r.player(), r.reason());
    }

    /** Who made the guess whose result is {@code stored}, read without decoding the rest; none for what this app does not write. */
    static Option<String> playerOf(String stored) {
        int first = stored.indexOf('\t');
        int second = first < 0 ? -1 : stored.indexOf('\t', first + 1);
        return second < 0 ? Option.none() : Option.some(stored.substring(first + 1, second));
    }

    static GuessResult decode(String game, String guessId, String stored) {
        String[] parts = stored.split("\t", -1);
        if (parts.length == 5 && SCORED.equals(parts[0])) {
            Vector<Option<Integer>> distances = Vector.of(parts[3].split(","))
                    .map(d -> "-".equals(d) ? Option.<Integer>none() : Option.some(Integer.parseInt(d)));
            Scoring.Score score = Scoring.fromDistances(Code.parse(parts[2]), distances);
            return new GuessResult.Scored(guessId, game, parts[1], score, Integer.parseInt(parts[4]));
        }
        if (parts.length == 3 && REJECTED.equals(parts[0])) {
            return new GuessResult.Rejected(guessId, game, parts[1], parts[2]);
        }
        throw new IllegalStateException("the stored result of guess " + guessId + " in game " + game + " is not one this app writes");
    }
}
