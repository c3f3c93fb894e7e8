package codemojex.projections;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.Vector;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;

/**
 * The live leaderboard: each player's best total per game, keyed by player id ({@link PlayerIds})
 * and shown with the player's name: two players who took one name in turn are two places.
 * Implementations are atomic: two concurrent records can never lower a best. Ranking is by best,
 * highest first; ties by name ascending in UTF-8 byte order (the order Redis sorts equal scores
 * in), then, for one name, the player of the data written before player ids first
 * ({@link PlayerIds#derived}), then by player id.
 */
public interface Board {

    /**
     * Records {@code points} for the player {@code playerId}, shown as {@code player}, in
     * {@code game}; returns the player's best after it. A player id keeps the name it was first
     * recorded with.
     */
    int record(String game, String playerId, String player, int points);

    /** The top {@code n} (1..1000) of {@code game}, highest first. */
    List<Ranked> top(String game, int n);

    /** The whole board of {@code game}, highest first, however many players it has. */
    List<Ranked> all(String game);

    /** How many players are on {@code game}'s board. */
    long count(String game);

    /**
     * A place on the board.
     *
     * @param rank     1 for the best
     * @param playerId who
     * @param player   the name shown
     * @param best     the player's best total
     */
    record Ranked(int rank, String playerId, String player, int best) {
    }

    /**
     * A player's standing on one board, as the fold of the log keeps it per player id.
     *
     * @param player the name shown
     * @param best   the best total
     */
    record Standing(String player, int best) {

        /** The standing of one player after both: the higher best (a player id has one name). */
        public Standing max(Standing other) {
            return other.best > best ? other : this;
        }
    }

    /** The order of the board: best descending, then name ascending by UTF-8 bytes, then a derived id first, then player id. */
    Comparator<Ranked> ORDER = Comparator.comparingInt(Ranked::best).reversed()
            .thenComparing(Ranked::player, Board::compareUtf8)
            .thenComparing(r -> !PlayerIds.derived(r.playerId(), r.player()))
            .thenComparing(Ranked::playerId);

    /** The board of {@code game} rebuilt from a {@code guess-scored} log: the pure fold the live board must equal. */
    static Vector<Ranked> rebuild(String game, Iterable<StreamEntry> guessScored) {
        return ranking(Projections.allTimeBoard(game).foldAll(guessScored));
    }

    /** Ranks a map of player id -> standing. */
    static Vector<Ranked> ranking(io.vavr.collection.Map<String, Standing> bests) {
        Vector<Ranked> sorted = bests.toVector().map(t -> new Ranked(0, t._1, t._2.player(), t._2.best())).sorted(ORDER);
        return sorted.zipWithIndex().map(t -> new Ranked(t._2 + 1, t._1.playerId(), t._1.player(), t._1.best()));
    }

    static int compareUtf8(String a, String b) {
        return java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /** Checks the arguments of {@link #record} before any I/O. */
    static void requireRecord(String game, String playerId, String player, int points) {
        Names.requireId("game", game);
        PlayerIds.require(playerId);
        Names.requirePlayer(player);
        if (points < 0 || points > Scoring.MAX_TOTAL) {
            throw new IllegalArgumentException("points must be 0.." + Scoring.MAX_TOTAL + ", got " + points);
        }
    }

    /** Checks the arguments of {@link #top} before any I/O. */
    static void requireTop(String game, int n) {
        Names.requireId("game", game);
        if (n <= 0 || n > 1000) {
            throw new IllegalArgumentException("top must be 1..1000, got " + n);
        }
    }
}
