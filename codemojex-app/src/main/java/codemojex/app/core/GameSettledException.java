package codemojex.app.core;

/** The game was cracked already: it takes no more guesses. */
public final class GameSettledException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** For {@code game}, named in the message. */
    public GameSettledException(String game) {
        super("game " + game + " is settled: it takes no more guesses");
    }
}
