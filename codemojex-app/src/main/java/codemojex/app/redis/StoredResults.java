package codemojex.app.redis;

import codemojex.app.core.GuessResult;
import codemojex.projections.Code;
import codemojex.projections.GuessOutcome;
import codemojex.projections.PlayerIds;
import codemojex.projections.Scoring;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * How a guess's result is kept in the game's results hash: tab-separated text (player names and
 * emojis hold no tab: names refuse control characters). A scored guess keeps its player's name and
 * id, its guess and the per-position distances rather than the secret, and its best last, so the
 * commit script can append the best it computes:
 * {@code scored<TAB>name<TAB>playerId<TAB>guess<TAB>0,1,-,2,5,-<TAB>480} and
 * {@code rejected<TAB>name<TAB>playerId<TAB>reason}. A result kept before player ids has no
 * {@code playerId} part ({@code scored<TAB>name<TAB>guess<TAB>distances<TAB>best},
 * {@code rejected<TAB>name<TAB>reason}) and is read as the player whose id is derived from the name
 * ({@link PlayerIds#ofName}), as its {@code guess-scored} entry is.
 */
final class StoredResults {

    private static final String SCORED = "scored";
    private static final String REJECTED = "rejected";

    private StoredResults() {
    }

    /** The stored result of a scored guess, up to and with the tab before its best. */
    static String scoredWithoutBest(String playerId, String player, Code guess, Scoring.Score score) {
        // written out (no Vector of Options mapped and joined): the score worker builds one per guess
        StringBuilder out = new StringBuilder(96).append(SCORED).append('\t').append(player).append('\t').append(playerId).append('\t')
                .append(guess.text()).append('\t');
        for (int i = 0; i < score.positions().size(); i++) {
            Option<Integer> d = score.positions().get(i).distance();
            if (i > 0) {
                out.append(',');
            }
            if (d.isDefined()) {
                out.append(d.get().intValue());
            } else {
                out.append('-');
            }
        }
        return out.append('\t').toString();
    }

    static String rejected(GuessOutcome.Rejected r) {
        return String.join("\t", REJECTED, r.player(), r.playerId(), r.reason());
    }

    /** Whose guess the result {@code stored} is, by player id; none for what this app does not write. */
    static Option<String> playerIdOf(String stored) {
        String[] parts = stored.split("\t", -1);
        if (SCORED.equals(parts[0]) && parts.length == 6 || REJECTED.equals(parts[0]) && parts.length == 4) {
            return Option.some(parts[2]);
        }
        if ((SCORED.equals(parts[0]) && parts.length == 5 || REJECTED.equals(parts[0]) && parts.length == 3) && !parts[1].isEmpty()) {
            return Option.some(PlayerIds.ofName(parts[1])); // kept before player ids
        }
        return Option.none();
    }

    static GuessResult decode(String game, String guessId, String stored) {
        String[] parts = stored.split("\t", -1);
        if (parts.length == 6 && SCORED.equals(parts[0])) {
            return scored(game, guessId, parts[2], parts[1], parts[3], parts[4], parts[5]);
        }
        if (parts.length == 5 && SCORED.equals(parts[0])) {
            return scored(game, guessId, PlayerIds.ofName(parts[1]), parts[1], parts[2], parts[3], parts[4]);
        }
        if (parts.length == 4 && REJECTED.equals(parts[0])) {
            return new GuessResult.Rejected(guessId, game, parts[2], parts[1], parts[3]);
        }
        if (parts.length == 3 && REJECTED.equals(parts[0])) {
            return new GuessResult.Rejected(guessId, game, PlayerIds.ofName(parts[1]), parts[1], parts[2]);
        }
        throw new IllegalStateException("the stored result of guess " + guessId + " in game " + game + " is not one this app writes");
    }

    private static GuessResult.Scored scored(String game, String guessId, String playerId, String player, String guess, String distances,
                                             String best) {
        Vector<Option<Integer>> d = Vector.of(distances.split(","))
                .map(x -> "-".equals(x) ? Option.<Integer>none() : Option.some(Integer.parseInt(x)));
        Scoring.Score score = Scoring.fromDistances(Code.parse(guess), d);
        return new GuessResult.Scored(guessId, game, playerId, player, score, Integer.parseInt(best));
    }
}
