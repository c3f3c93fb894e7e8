package codemojex.app.core;

/**
 * A game that was, and whose state was removed {@code --keep} after its last guess (#48): a read of
 * its live state answers 410 Gone, naming it. A {@link NotFoundException}, so that whatever handles
 * a missing game handles it; a game never seen stays a plain 404.
 */
public final class GoneException extends NotFoundException {

    private final String game;

    /** The game {@code game}, ended. */
    public GoneException(String game) {
        super("game " + game + " ended and its state was removed after the server's --keep; its board and result are kept");
        this.game = game;
    }

    /** The game. */
    public String game() {
        return game;
    }
}
