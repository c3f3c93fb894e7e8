package codemojex.app.core.port.out;

import codemojex.app.core.EndedGame;
import codemojex.projections.GameRecord;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

/** Where games are kept beside the log: the only place the secret of an open game lives. */
public interface Games {

    /** Stores a new game. @throws IllegalStateException when the id exists already */
    void create(GameRecord game);

    /**
     * Opens a new game, all or nothing: stores it and appends {@code roomOpened}, its
     * {@code room-opened} entry, to its partition's stream, in one step; a refusal writes neither.
     *
     * @throws IllegalStateException when the id exists already
     */
    void open(GameRecord game, LinkedHashMap<String, String> roomOpened);

    /** The game, if there is one with that id. */
    Option<GameRecord> find(String game);

    /**
     * The record kept of the game once its state was removed ({@code serve --keep}, #48), if it
     * ended so: none for a game still kept, or never seen.
     */
    Option<EndedGame> ended(String game);
}
