package codemojex.projections;

/**
 * The game's streams, in queue {@code cm}: with one partition every key shares the {@code {cm}}
 * hash slot; with more, each game's keys are in its partition's queue ({@link GamePartitions}).
 */
public final class Channels {

    public static final String QUEUE = "cm";
    public static final String ROOM_OPENED = "room-opened";
    public static final String GUESSES = "guesses";
    public static final String GUESS_SCORED = "guess-scored";
    public static final String GAME_SETTLED = "game-settled";
    /** A game closed without a winner: nobody guessed for the app's {@code --keep} (#48). */
    public static final String GAME_CLOSED = "game-closed";

    private Channels() {
    }
}
