package codemojex.projections;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A player's id: who plays, as opposed to the name shown (#27: "a name is not a player"). A player
 * id is an EchoMQ branded id of the brand {@value #BRAND}, minted once when a session joins a game
 * ({@link #mint}); the board, the results and every event of the player's guesses are keyed by it,
 * and carry the name beside it for display. The session is the identity: a session that expired
 * does not give its id to anyone, not even to the same person joining again with the same name.
 * <p>
 * Entries and results written before player ids existed hold only a name: they are read with the
 * id {@link #ofName} derives from that name, the same every time, so replays, rebuilds and the
 * boards kept in Redis before the change still agree (all of one name's old play counts as one
 * player, as it did).
 */
public final class PlayerIds {

    /** The brand (namespace) of player ids. */
    public static final String BRAND = "PLR";

    private PlayerIds() {
    }

    /**
     * A new player id, minted by {@code minter} (its clock and node).
     *
     * @param minter the app's snowflake minter
     * @return {@code PLR} and 11 base62 characters
     */
    public static String mint(Snowflake minter) {
        return minter.nextId(BRAND).toString();
    }

    /**
     * Checks a player id.
     *
     * @param id the text
     * @return {@code id}, when it is a branded id of the brand {@value #BRAND}
     * @throws IllegalArgumentException naming it, when it is not
     */
    public static String require(String id) {
        if (id == null) {
            throw new IllegalArgumentException("player id must not be null");
        }
        BrandedId parsed;
        try {
            parsed = BrandedId.parse(id);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("player id \"" + Emoji.printable(id.length() > 64 ? id.substring(0, 64) : id)
                    + "\" is not a " + BRAND + " id: " + e.getMessage(), e);
        }
        if (!BRAND.equals(parsed.namespace())) {
            throw new IllegalArgumentException("player id \"" + id + "\" is not a " + BRAND + " id");
        }
        return id;
    }

    /**
     * The id an entry or a result written before player ids existed is read with: {@value #BRAND}
     * and the first 63 bits of the SHA-256 of {@code "codemojex-player:" + name} (UTF-8) in base62.
     * Deterministic, so every reader agrees; a minted id equals it with a chance of 2^-63.
     *
     * @param name a player name ({@link Names#requirePlayer})
     * @return its derived id
     */
    public static String ofName(String name) {
        return DERIVED.get(name);
    }

    /**
     * Derived ids already computed, by name: the score worker asks whether a guess's player id is its
     * name's at every commit ({@link #derived}), and a SHA-256 (with {@code MessageDigest.getInstance})
     * per guess showed in its profile. A pure function, so a memo is safe.
     */
    private static final Memo<String> DERIVED = new Memo<>(10_000, PlayerIds::derive);

    private static String derive(String name) {
        Names.requirePlayer(name);
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(("codemojex-player:" + name).getBytes(StandardCharsets.UTF_8));
            long bits = 0;
            for (int i = 0; i < 8; i++) {
                bits = bits << 8 | (h[i] & 0xFF);
            }
            return new BrandedId(BRAND, bits & Long.MAX_VALUE).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /**
     * Whether {@code id} is the id derived from {@code name} ({@link #ofName}): a player of the
     * data written before player ids.
     *
     * @param id   a player id
     * @param name its name
     * @return true for a derived id
     */
    public static boolean derived(String id, String name) {
        return ofName(name).equals(id);
    }
}
