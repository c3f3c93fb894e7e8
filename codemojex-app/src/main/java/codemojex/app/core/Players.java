package codemojex.app.core;

import codemojex.app.core.port.Sessions;
import codemojex.projections.GameRecord;
import codemojex.projections.Names;
import codemojex.projections.PlayerIds;
import echomq.domain.id.Snowflake;
import io.vavr.control.Option;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Who plays: a player joins a game with a name, unique in that game among live sessions, and gets
 * a session token and a player id minted at that moment ({@link PlayerIds}); every guess is then
 * made as the token's player. The session is the identity: the board, the history and the
 * breakdowns belong to its player id, and a session that takes a name once another's expired
 * starts from nothing. Tokens are random, kept only hashed, and expire.
 */
public final class Players {

    private final Play play;
    private final Sessions sessions;
    private final Clock clock;
    private final SecureRandom random;
    private final Duration ttl;
    private final Snowflake minter;

    /**
     * Over the games ({@code play}), the session store, a clock, a source of tokens, how long a
     * session lasts and the minter of player ids (the app's node, on {@code clock}).
     */
    public Players(Play play, Sessions sessions, Clock clock, SecureRandom random, Duration ttl, Snowflake minter) {
        this.minter = Objects.requireNonNull(minter, "minter");
        this.play = Objects.requireNonNull(play, "play");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
        this.ttl = Objects.requireNonNull(ttl, "ttl");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("a session must last more than 0, got " + ttl);
        }
    }

    /** How long a session lasts after joining. */
    public Duration ttl() {
        return ttl;
    }

    /**
     * A player who joined, and the token to show from now on.
     *
     * @param session who and until when
     * @param token   the token: give it to the player, and to no one else; none when the join was
     *                the session's own again ({@link #rejoined()}): its token is the one it presented
     */
    public record Joined(Session session, Option<SessionToken> token) {
        public Joined {
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(token, "token");
        }

        /** Whether the join was of the live session that presented itself, under its own name: nothing new was made. */
        public boolean rejoined() {
            return token.isEmpty();
        }
    }

    /**
     * The session a join makes, decided without I/O: the player id minted now by {@code minter},
     * the name, and the expiry {@code ttl} after {@code now} (to the millisecond, as stored).
     *
     * @param game   the game
     * @param name   the player's name, checked
     * @param now    the app clock's instant
     * @param ttl    how long a session lasts
     * @param minter the app's minter (its node and clock)
     * @return the new session
     */
    public static Session open(String game, PlayerName name, Instant now, Duration ttl, Snowflake minter) {
        return new Session(game, PlayerIds.mint(minter), name.value(), now.plus(ttl).truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
    }

    /**
     * {@code name} joins {@code game}.
     *
     * @throws BadInputException     when the name is not a player name ({@link PlayerName}: empty, too
     *                               long, invisible, of mixed scripts...), naming the field {@code name}
     * @throws NotFoundException     when there is no such game
     * @throws GameSettledException  when the game is over
     * @throws NameTakenException    when a live session holds the name, or one that looks like it
     *                               (the same UTS #39 skeleton), in this game
     */
    public Joined join(String game, String name) {
        return join(game, name, Option.none());
    }

    /**
     * {@code name} joins {@code game}; the request presented {@code presented} (a token, if any).
     * When that token opens the live session that holds {@code name} in this game, the join is that
     * session's again: it keeps its player id and expiry, and no token is made ({@link Joined#rejoined()}).
     * Any other token (malformed, unknown, expired, another name's) is no reason to refuse a join, and
     * is not looked at further.
     *
     * @throws BadInputException     when the name is not a player name ({@link PlayerName}: empty, too
     *                               long, invisible, of mixed scripts...), naming the field {@code name}
     * @throws NotFoundException     when there is no such game
     * @throws GameSettledException  when the game is over
     * @throws NameTakenException    when another live session holds the name, or one that looks like it
     *                               (the same UTS #39 skeleton), in this game
     * @throws UnconfirmedException  when the session was claimed and its replicas did not acknowledge it in time
     *                               (the join the result)
     */
    public Joined join(String game, String name, Option<String> presented) {
        PlayerName player = BadInputException.check("name", () -> PlayerName.of(name));
        GameRecord g = play.game(game);
        if (g.settled()) {
            throw new GameSettledException(game);
        }
        Option<Session> own = presented.flatMap(p -> {
            try {
                return sessionOf(game, Option.some(p));
            } catch (UnauthorizedException malformed) {
                return Option.none();
            }
        }).filter(s -> s.player().equals(player.value()) && sessions.holder(game, s.player()).contains(s.playerId()));
        if (own.isDefined()) {
            return new Joined(own.get(), Option.none());
        }
        Instant now = clock.instant();
        Session session = open(game, player, now, ttl, minter);
        SessionToken token = SessionToken.random(random);
        Option<String> inTheWay;
        try {
            inTheWay = sessions.claim(session, player.looks(), token.hash(), now, ttl);
        } catch (echomq.domain.stream.StreamStoreException.NotReplicated landed) {
            throw new UnconfirmedException(new Joined(session, Option.some(token)), landed); // claimed on the master, its replicas silent
        }
        if (inTheWay.isDefined()) {
            throw new NameTakenException(game, player.value(), inTheWay.get());
        }
        return new Joined(session, Option.some(token));
    }

    /**
     * The session that {@code presented} (a token from a cookie or an {@code Authorization} header)
     * opens in {@code game}.
     *
     * @throws UnauthorizedException when nothing was presented, or a token that is malformed,
     *                               unknown in this game, or expired
     */
    public Session authenticate(String game, Option<String> presented) {
        return sessionOf(game, presented).getOrElseThrow(() -> new UnauthorizedException(presented.isEmpty()
                ? "join the game first (POST /games/" + game + "/players): this needs the session a join opens"
                : "the session token is unknown in game " + game + " or has expired: join again"));
    }

    /**
     * The live session of {@code presented} in {@code game}, if it opens one; a malformed token is
     * still refused (a client that sends garbage learns so).
     */
    public Option<Session> sessionOf(String game, Option<String> presented) {
        if (presented.isEmpty()) {
            return Option.none();
        }
        SessionToken token = SessionToken.parse(presented.get());
        BadInputException.check("game", () -> Names.requireId("game", game)); // before any key is made of it
        Option<Session> found = sessions.find(game, token.hash());
        if (found.isEmpty()) {
            play.game(game); // an unknown game is a 404, not a 401; a known one was read by the caller anyway
        }
        Instant now = clock.instant();
        return found.filter(s -> s.liveAt(now));
    }
}
