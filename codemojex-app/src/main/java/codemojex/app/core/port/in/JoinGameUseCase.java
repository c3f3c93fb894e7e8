package codemojex.app.core.port.in;

import codemojex.app.core.Login;
import codemojex.app.core.LoginToken;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.Objects;

/** A player joining a game under a name: {@code joins.join(game, "ada").token()} is the token to show from now on. */
public interface JoinGameUseCase {

    /**
     * A player who joined, and the token to show from now on.
     *
     * @param login who and until when
     * @param token the token: give it to the player, and to no one else; none when the join was the
     *              login's own again ({@link #rejoined()}): its token is the one it presented
     */
    record Joined(Login login, Option<LoginToken> token) {
        public Joined {
            Objects.requireNonNull(login, "login");
            Objects.requireNonNull(token, "token");
        }

        /** Whether the join was of the live login that presented itself, under its own name: nothing new was made. */
        public boolean rejoined() {
            return token.isEmpty();
        }
    }

    /** How long a login lasts after joining. */
    Duration ttl();

    /** {@code name} joins {@code game}, presenting no token: {@link #join(String, String, Option)}. */
    default Joined join(String game, String name) {
        return join(game, name, Option.none());
    }

    /**
     * {@code name} joins {@code game}; the request presented {@code presented} (a token, if any).
     * When that token opens the live login that holds {@code name} in this game, the join is that
     * login's again: it keeps its player id and expiry, and no token is made ({@link Joined#rejoined()}).
     *
     * @throws codemojex.app.core.BadInputException    when the name is not a player name, naming {@code name}
     * @throws codemojex.app.core.NotFoundException    when there is no such game
     * @throws codemojex.app.core.GameSettledException when the game is over
     * @throws codemojex.app.core.NameTakenException   when another live login holds the name, or one that looks like it
     * @throws codemojex.app.core.UnconfirmedException when the login was claimed and its replicas did not acknowledge it in time
     */
    Joined join(String game, String name, Option<String> presented);
}
