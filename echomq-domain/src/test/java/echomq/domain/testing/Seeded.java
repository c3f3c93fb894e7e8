package echomq.domain.testing;

import java.util.Random;

/**
 * The domain tests' own copy of the testkit's fixture (the testkit depends on the domain, so the domain
 * cannot depend on it): test set-up only.
 *
 * <p>
 * The seeded generator of every property test: the seed is printed, and {@code -Dechomq.seed=N}
 * replays a run.
 */
public final class Seeded {

    public static final String PROPERTY = "echomq.seed";

    /** Cases per property unless {@code -Dechomq.cases=N} says otherwise. */
    public static final int CASES = Integer.getInteger("echomq.cases", 1000);

    private Seeded() {
    }

    /** The seed for {@code owner}: {@code -Dechomq.seed} if given, else a fresh one; printed either way. */
    public static long seed(String owner) {
        String given = System.getProperty(PROPERTY, "").trim();
        long seed = given.isEmpty() ? new Random().nextLong() : Long.parseLong(given);
        System.out.println("[seed] " + owner + ": " + seed + " (replay with -D" + PROPERTY + "=" + seed + ")");
        return seed;
    }

    /** A generator seeded by {@link #seed(String)}. */
    public static Random random(String owner) {
        return new Random(seed(owner));
    }
}
