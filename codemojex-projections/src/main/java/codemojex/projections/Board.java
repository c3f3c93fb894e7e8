package codemojex.projections;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.Vector;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;

/**
 * The live leaderboard: each player's best total per game. Implementations are atomic: two
 * concurrent records can never lower a best. Ranking is by best, highest first; ties by player
 * name ascending in UTF-8 byte order (the order Redis sorts equal scores in).
 */
public interface Board {

    /** Records {@code points} for {@code player} in {@code game}; returns the player's best after it. */
    int record(String game, String player, int points);

    /** The top {@code n} (1..1000) of {@code game}, highest first. */
    List<Ranked> top(String game, int n);

    /** The whole board of {@code game}, highest first, however many players it has. */
    List<Ranked> all(String game);

    /** How many players are on {@code game}'s board. */
    long count(String game);

    /** A place on the board. */
    record Ranked(int rank, String player, int best) {
    }

    /** The order of the board: best descending, then player ascending by UTF-8 bytes. */
    Comparator<Ranked> ORDER = Comparator.comparingInt(Ranked::best).reversed()
            .thenComparing(Ranked::player, Board::compareUtf8);

    /** The board of {@code game} rebuilt from a {@code guess-scored} log: the pure fold the live board must equal. */
    static Vector<Ranked> rebuild(String game, Iterable<StreamEntry> guessScored) {
        return ranking(Projections.allTimeBoard(game).foldAll(guessScored));
    }

    /** Ranks a map of player -> best. */
    static Vector<Ranked> ranking(io.vavr.collection.Map<String, Integer> bests) {
        Vector<Ranked> sorted = bests.toVector().map(t -> new Ranked(0, t._1, t._2)).sorted(ORDER);
        return sorted.zipWithIndex().map(t -> new Ranked(t._2 + 1, t._1.player(), t._1.best()));
    }

    static int compareUtf8(String a, String b) {
        return java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /** Checks the arguments of {@link #record} before any I/O. */
    static void requireRecord(String game, String player, int points) {
        Names.requireId("game", game);
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
