package codemojex.app.core;

/** A player of that name has joined the game already (and that player's session is live). */
public final class NameTakenException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** For {@code player} in {@code game}, both named in the message. */
    public NameTakenException(String game, String player) {
        super("player \"" + player + "\" has joined game " + game + " already: choose another name");
    }
}
