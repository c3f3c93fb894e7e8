package codemojex.app.core;

/**
 * A player of that name, or of a name that looks like it (the same UTS #39 skeleton), has joined
 * the game already (and that player's session is live).
 */
public final class NameTakenException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** For {@code player} in {@code game}, both named in the message. */
    public NameTakenException(String game, String player) {
        this(game, player, player);
    }

    /** For {@code player} in {@code game}, where the live name {@code holder} is in the way (escaped in the message). */
    public NameTakenException(String game, String player, String holder) {
        super(player.equals(holder)
                ? "player \"" + LogSafe.escape(player) + "\" has joined game " + game + " already: choose another name"
                : "name \"" + LogSafe.escape(player) + "\" is confusable with \"" + LogSafe.escape(holder)
                        + "\", a name in use in game " + game + ": choose another name");
    }
}
