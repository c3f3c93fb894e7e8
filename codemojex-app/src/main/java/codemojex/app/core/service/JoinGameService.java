package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.GameSettledException;
import codemojex.app.core.Login;
import codemojex.app.core.LoginToken;
import codemojex.app.core.NameTakenException;
import codemojex.app.core.PlayerName;
import codemojex.app.core.UnauthorizedException;
import codemojex.app.core.UnconfirmedException;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.in.JoinGameUseCase;
import codemojex.app.core.port.in.LoginQuery;
import codemojex.app.core.port.out.Logins;
import codemojex.projections.GameRecord;
import codemojex.projections.PlayerIds;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamStoreException;
import io.vavr.control.Option;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Who plays: a player joins a game with a name, unique in that game among live logins, and gets a
 * token and a player id minted at that moment ({@link PlayerIds}); every guess is then made as the
 * token's player. The login is the identity: the board, the history and the breakdowns belong to its
 * player id, and a login that takes a name once another's expired starts from nothing. Tokens are
 * random, kept only hashed, and expire.
 */
public final class JoinGameService implements JoinGameUseCase {

    private final GameQuery games;
    private final LoginQuery presented;
    private final Logins logins;
    private final Clock clock;
    private final SecureRandom random;
    private final Duration ttl;
    private final Snowflake minter;

    /**
     * Over the games, who a presented token is, the login store, the app's clock, a source of tokens,
     * how long a login lasts and the minter of player ids (the app's node, on {@code clock}).
     */
    public JoinGameService(GameQuery games, LoginQuery presented, Logins logins, Clock clock, SecureRandom random, Duration ttl,
                           Snowflake minter) {
        this.games = Objects.requireNonNull(games, "games");
        this.presented = Objects.requireNonNull(presented, "presented");
        this.logins = Objects.requireNonNull(logins, "logins");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
        this.ttl = Objects.requireNonNull(ttl, "ttl");
        this.minter = Objects.requireNonNull(minter, "minter");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("a session must last more than 0, got " + ttl);
        }
    }

    @Override
    public Duration ttl() {
        return ttl;
    }

    /**
     * The login a join makes, decided without I/O: the player id minted now by {@code minter}, the
     * name, and the expiry {@code ttl} after {@code now} (to the millisecond, as stored).
     *
     * @param game   the game
     * @param name   the player's name, checked
     * @param now    the app clock's instant
     * @param ttl    how long a login lasts
     * @param minter the app's minter (its node and clock)
     * @return the new login
     */
    public static Login open(String game, PlayerName name, Instant now, Duration ttl, Snowflake minter) {
        return new Login(game, PlayerIds.mint(minter), name.value(), now.plus(ttl).truncatedTo(ChronoUnit.MILLIS));
    }

    @Override
    public Joined join(String game, String name, Option<String> token) {
        PlayerName player = BadInputException.check("name", () -> PlayerName.of(name));
        GameRecord g = games.game(game);
        if (g.settled()) {
            throw new GameSettledException(game);
        }
        Option<Login> own = token.flatMap(p -> {
            try {
                return presented.loginOf(game, Option.some(p));
            } catch (UnauthorizedException malformed) {
                return Option.none(); // any other token is no reason to refuse a join, and is not looked at further
            }
        }).filter(s -> s.player().equals(player.value()) && logins.holder(game, s.player()).contains(s.playerId()));
        if (own.isDefined()) {
            return new Joined(own.get(), Option.none());
        }
        Instant now = clock.instant();
        Login login = open(game, player, now, ttl, minter);
        LoginToken fresh = LoginToken.random(random);
        Option<String> inTheWay;
        try {
            inTheWay = logins.claim(login, player.looks(), fresh.hash(), now, ttl);
        } catch (StreamStoreException.NotReplicated landed) {
            throw new UnconfirmedException(new Joined(login, Option.some(fresh)), landed); // claimed on the master, its replicas silent
        }
        if (inTheWay.isDefined()) {
            throw new NameTakenException(game, player.value(), inTheWay.get());
        }
        return new Joined(login, Option.some(fresh));
    }
}
