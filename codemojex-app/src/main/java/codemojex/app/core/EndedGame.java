package codemojex.app.core;

import codemojex.projections.Board;
import codemojex.projections.Code;
import codemojex.projections.Names;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What is kept of a game once its state was removed, {@code serve --keep} after its last guess
 * (#48): one small record, so that its board, winner and secret are still answered, and a read of
 * its live state answers that it is gone (410) rather than that it never was (404).
 *
 * @param game     the game id
 * @param room     its room
 * @param opened   when it was opened
 * @param ended    when it ended: its last scored guess (the one that cracked it), or when it was closed unsolved
 * @param closed   whether it was closed unsolved (nobody guessed for {@code --keep}); else it was cracked
 * @param winner   the cracker's name, for a cracked game
 * @param winnerId the cracker's player id, for a cracked game
 * @param secret   the six emojis (the game is over)
 * @param guesses  how many guesses it kept results of
 * @param top      its final board, best first, at most {@link #TOP} places
 */
public record EndedGame(String game, String room, Instant opened, Instant ended, boolean closed, Option<String> winner,
                        Option<String> winnerId, Code secret, long guesses, List<Board.Ranked> top) {

    /** The places of the final board a record keeps: the ten a game's event shows. */
    public static final int TOP = 10;

    public EndedGame {
        Names.requireId("game", game);
        Names.requireId("room", room);
        Objects.requireNonNull(opened, "opened");
        Objects.requireNonNull(ended, "ended");
        Objects.requireNonNull(winner, "winner");
        Objects.requireNonNull(winnerId, "winnerId");
        Objects.requireNonNull(secret, "secret");
        if (guesses < 0) {
            throw new IllegalArgumentException("guesses must be >= 0, got " + guesses);
        }
        top = List.copyOf(top);
        if (top.size() > TOP) {
            throw new IllegalArgumentException("a record keeps at most " + TOP + " places, got " + top.size());
        }
    }

    /** {@code closed} (unsolved) or {@code settled} (cracked), as a game's status reads. */
    public String status() {
        return closed ? "closed" : "settled";
    }
}
