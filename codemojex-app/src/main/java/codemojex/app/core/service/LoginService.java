package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.Login;
import codemojex.app.core.LoginToken;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.in.LoginQuery;
import codemojex.app.core.port.out.Logins;
import codemojex.projections.Names;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/** Who a presented token is: its login, found by the token's hash (tokens are kept only hashed), live until it expires. */
public final class LoginService implements LoginQuery {

    private final Logins logins;
    private final GameQuery games;
    private final Clock clock;

    /** Over the login store, the games (an unknown game is a 404, not a 401) and the app's clock. */
    public LoginService(Logins logins, GameQuery games, Clock clock) {
        this.logins = Objects.requireNonNull(logins, "logins");
        this.games = Objects.requireNonNull(games, "games");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Option<Login> loginOf(String game, Option<String> presented) {
        if (presented.isEmpty()) {
            return Option.none();
        }
        LoginToken token = LoginToken.parse(presented.get());
        BadInputException.check("game", () -> Names.requireId("game", game)); // before any key is made of it
        Option<Login> found = logins.find(game, token.hash());
        if (found.isEmpty()) {
            games.game(game); // an unknown game is a 404, not a 401; a known one was read by the caller anyway
        }
        Instant now = clock.instant();
        return found.filter(s -> s.liveAt(now));
    }
}
