package echomq.testkit;

import java.util.Random;

/**
 * The seeded generator of every property test: the seed is printed, and {@code -Dechomq.seed=N}
 * replays a run.
 * <pre>{@code
 * Random rnd = Seeded.random("StreamWindowsPropertiesTest");
 * for (int i = 0; i < Seeded.CASES; i++) { ... rnd.nextInt(100) ... }
 * }</pre>
 */
public final class Seeded {

    /** The system property that replays a run: {@code -Dechomq.seed=N}. */
    public static final String PROPERTY = "echomq.seed";

    /** Cases per property unless {@code -Dechomq.cases=N} says otherwise. */
    public static final int CASES = Integer.getInteger("echomq.cases", 1000);

    private Seeded() {
    }

    /**
     * The seed for {@code owner}: {@code -Dechomq.seed} if given, else a fresh one; printed either way.
     *
     * @param owner who asks (the test class), printed beside the seed
     * @return the seed
     * @throws NumberFormatException when {@code -Dechomq.seed} is not a long
     */
    public static long seed(String owner) {
        String given = System.getProperty(PROPERTY, "").trim();
        long seed = given.isEmpty() ? new Random().nextLong() : Long.parseLong(given);
        System.out.println("[seed] " + owner + ": " + seed + " (replay with -D" + PROPERTY + "=" + seed + ")");
        return seed;
    }

    /**
     * A generator seeded by {@link #seed(String)}.
     *
     * @param owner who asks (the test class), printed beside the seed
     * @return a fresh generator
     * @throws NumberFormatException when {@code -Dechomq.seed} is not a long
     */
    public static Random random(String owner) {
        return new Random(seed(owner));
    }
}
