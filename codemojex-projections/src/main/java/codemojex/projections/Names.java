package codemojex.projections;

/** Validation of the game's identifiers and player names. */
public final class Names {

    public static final int MAX_ID = 64;
    public static final int MAX_PLAYER = 32;

    private Names() {
    }

    /** A game or room id: 1..64 of {@code A-Z a-z 0-9 _ -}. */
    /** Whether every char of {@code id} is A-Z a-z 0-9 _ - (a loop: this runs for every field of every entry the worker reads). */
    private static boolean isIdChars(String id) {
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    public static String requireId(String what, String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException(what + " must not be empty");
        }
        if (id.length() > MAX_ID || !isIdChars(id)) {
            throw new IllegalArgumentException(what + " \"" + Emoji.printable(id) + "\" must be 1.." + MAX_ID
                    + " of A-Z a-z 0-9 _ -");
        }
        return id;
    }

    /**
     * A player name: 1..32 characters, no control or format characters, no leading or trailing
     * space. Any other text is allowed (and escaped wherever it is shown).
     */
    public static String requirePlayer(String player) {
        if (player != null && isPlainAscii(player)) {
            return player; // the common case, checked in one loop: every entry the worker and the folds decode has a name
        }
        if (player == null || player.isBlank()) {
            throw new IllegalArgumentException("player must not be empty");
        }
        int n = player.codePointCount(0, player.length());
        if (n > MAX_PLAYER) {
            throw new IllegalArgumentException("player \"" + Emoji.printable(player) + "…\" is " + n
                    + " characters, at most " + MAX_PLAYER);
        }
        if (player.codePoints().anyMatch(cp -> Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT
                && cp != 0x200D && !(cp >= 0xE0020 && cp <= 0xE007F))) { // the joiner and tags of emoji sequences
            throw new IllegalArgumentException("player \"" + Emoji.printable(player) + "\" contains a control character");
        }
        if (!player.strip().equals(player)) {
            throw new IllegalArgumentException("player \"" + Emoji.printable(player) + "\" has leading or trailing white space");
        }
        return player;
    }

    /**
     * Whether {@code player} is 1..{@value #MAX_PLAYER} printable ASCII characters ({@code U+0020..U+007E}),
     * neither first nor last a space: such a name passes every check of {@link #requirePlayer}.
     */
    private static boolean isPlainAscii(String player) {
        int n = player.length();
        if (n == 0 || n > MAX_PLAYER || player.charAt(0) == ' ' || player.charAt(n - 1) == ' ') {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = player.charAt(i);
            if (c < ' ' || c > '~') {
                return false;
            }
        }
        return true;
    }
}
