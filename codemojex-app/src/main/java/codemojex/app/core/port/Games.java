package codemojex.app.core.port;

import codemojex.projections.GameRecord;
import io.vavr.control.Option;

/** Where games are kept beside the log: the only place the secret of an open game lives. */
public interface Games {

    /** Stores a new game. @throws IllegalStateException when the id exists already */
    void create(GameRecord game);

    /** The game, if there is one with that id. */
    Option<GameRecord> find(String game);
}
