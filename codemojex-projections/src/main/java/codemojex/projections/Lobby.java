package codemojex.projections;

import io.vavr.collection.Map;
import io.vavr.collection.Seq;
import io.vavr.collection.Vector;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * What the lobby lists, decided without I/O: the open games people play first. Rooms cost nothing
 * to open, so a list of only the newest would be pushed out by a flood of empty ones (#27); the
 * lobby ranks its candidates by activity, then age.
 */
public final class Lobby {

    private Lobby() {
    }

    /**
     * An open game the lobby may list.
     *
     * @param game          the game
     * @param room          its room
     * @param players       players on its board
     * @param recentGuesses guesses scored in it lately (the lobby's activity window)
     * @param openedAt      when it opened
     */
    public record Candidate(String game, String room, long players, long recentGuesses, Instant openedAt) {
        public Candidate {
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(room, "room");
            Objects.requireNonNull(openedAt, "openedAt");
            if (players < 0 || recentGuesses < 0) {
                throw new IllegalArgumentException("players and recent guesses are counts, got " + players + " and " + recentGuesses);
            }
        }
    }

    /**
     * The lobby's order: more players first, then more recent guesses, then newer, then the greater
     * game id (ids are minted in time order), so that the order is total and the same on every instance.
     */
    public static final Comparator<Candidate> BY_ACTIVITY = Comparator.comparingLong(Candidate::players).reversed()
            .thenComparing(Comparator.comparingLong(Candidate::recentGuesses).reversed())
            .thenComparing(Comparator.comparing(Candidate::openedAt).reversed())
            .thenComparing(Comparator.comparing(Candidate::game).reversed());

    /** The first {@code size} (1..1000) of {@code candidates} in {@link #BY_ACTIVITY} order, each game once. */
    public static Vector<Candidate> rank(Iterable<Candidate> candidates, int size) {
        requireSize(size);
        return Vector.ofAll(candidates).distinctBy(Candidate::game).sorted(BY_ACTIVITY).take(size);
    }

    /**
     * The {@code size} (1..1000) games with the most recent guesses of {@code guessesByGame}, most
     * first, a tie to the greater game id: the played games the lobby considers beside the newest.
     */
    public static Seq<String> mostGuessed(Map<String, Long> guessesByGame, int size) {
        requireSize(size);
        return guessesByGame.filter(t -> t._2() > 0)
                .toVector()
                .sorted(Comparator.<io.vavr.Tuple2<String, Long>>comparingLong(t -> t._2()).reversed()
                        .thenComparing(Comparator.<io.vavr.Tuple2<String, Long>, String>comparing(t -> t._1()).reversed()))
                .take(size)
                .map(t -> t._1());
    }

    private static void requireSize(int size) {
        if (size <= 0 || size > 1000) {
            throw new IllegalArgumentException("size must be 1..1000, got " + size);
        }
    }
}
