package codemojex.projections;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * Linear scoring: a guessed emoji that sits in the secret at distance {@code d} from its position
 * scores {@code 100 - 20 d}; a miss scores 0; the total is out of 600.
 * {@code Scoring.score(secret, secret).total() == 600}.
 */
public final class Scoring {

    public static final int MAX_TOTAL = 600;
    public static final int POINTS_PER_POSITION = 100;
    public static final int PENALTY_PER_STEP = 20;

    private Scoring() {
    }

    /** The status word of a position: by distance, or a miss. */
    public enum Status {
        EXACT, ADJACENT, NEAR, FAR, MAX, MISS;

        public static Status of(Option<Integer> distance) {
            if (distance.isEmpty()) {
                return MISS;
            }
            int d = distance.get();
            return switch (d) {
                case 0 -> EXACT;
                case 1 -> ADJACENT;
                case 2, 3 -> NEAR;
                case 4 -> FAR;
                case 5 -> MAX;
                default -> throw new IllegalArgumentException("distance must be 0..5, got " + d);
            };
        }
    }

    /**
     * One position of a scored guess.
     *
     * @param position 0..5
     * @param emoji    the guessed emoji
     * @param distance how far it is from where the secret holds it; none for a miss
     * @param points   {@code 100 - 20 * distance}, or 0
     * @param status   the status word
     */
    public record PositionScore(int position, Emoji emoji, Option<Integer> distance, int points, Status status) {
    }

    /**
     * A scored guess.
     *
     * @param total      0..600
     * @param max        600
     * @param percentage {@code round(total / 6)}
     * @param positions  the six positions
     */
    public record Score(int total, int max, int percentage, Vector<PositionScore> positions) {
        /** Whether the guess cracked the code. */
        public boolean cracked() {
            return total == max;
        }

        /** Per position, the distance to where the secret holds the emoji; none for a miss. */
        public Vector<Option<Integer>> distances() {
            return positions.map(PositionScore::distance);
        }
    }

    public static Score score(Code secret, Code guess) {
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(guess, "guess");
        java.util.ArrayList<Option<Integer>> distances = new java.util.ArrayList<>(Code.LENGTH);
        for (int i = 0; i < Code.LENGTH; i++) {
            int j = secret.indexOf(guess.get(i));
            distances.add(j < 0 ? Option.none() : Option.some(Math.abs(i - j)));
        }
        return fromDistances(guess, Vector.ofAll(distances));
    }

    /**
     * The score of {@code guess} given, per position, how far each emoji sits from where the secret
     * holds it (none for a miss): what a stored result keeps instead of the secret.
     * {@code fromDistances(g, score(secret, g).distances()).equals(score(secret, g))}.
     */
    public static Score fromDistances(Code guess, Vector<Option<Integer>> distances) {
        Objects.requireNonNull(guess, "guess");
        if (distances == null || distances.size() != Code.LENGTH) {
            throw new IllegalArgumentException("a score needs " + Code.LENGTH + " distances, got " + distances);
        }
        java.util.ArrayList<PositionScore> positions = new java.util.ArrayList<>(Code.LENGTH);
        int total = 0;
        for (int i = 0; i < Code.LENGTH; i++) {
            Option<Integer> distance = distances.get(i);
            Status status = Status.of(distance); // refuses a distance outside 0..5
            int points = distance.map(d -> POINTS_PER_POSITION - PENALTY_PER_STEP * d).getOrElse(0);
            total += points;
            positions.add(new PositionScore(i, guess.get(i), distance, points, status));
        }
        return new Score(total, MAX_TOTAL, percentage(total), Vector.ofAll(positions));
    }

    /** {@code round(total / 6)}, half up. */
    public static int percentage(int total) {
        return (int) Math.round(total / 6.0);
    }
}
