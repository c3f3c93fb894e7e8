package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.Bounded;
import codemojex.app.core.ForbiddenException;
import codemojex.app.core.GuessResult;
import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotencyKey;
import codemojex.app.core.LogSafe;
import codemojex.app.core.Login;
import codemojex.app.core.LoginToken;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.in.LoginQuery;
import codemojex.app.core.port.in.SubmitGuessUseCase;
import com.fasterxml.jackson.databind.JsonNode;
import echomq.domain.id.BrandedId;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * A game's guesses: {@code POST /games/{game}/guesses} submits one, {@code GET /games/{game}/guesses/{guessId}} reads one,
 * {@code GET /games/{game}/guesses} lists the session's own.
 */
final class GuessRoutes {

    private final SubmitGuessUseCase guesses;
    private final GameQuery games;
    private final LoginQuery logins;
    private final RateLimiter limiter;
    private final Requests requests;
    private final Idempotent idempotent;

    /** Over the services; guesses are limited per client by {@code limiter}, and run once per {@code Idempotency-Key} of the session. */
    GuessRoutes(SubmitGuessUseCase guesses, GameQuery games, LoginQuery logins, RateLimiter limiter, Requests requests, Idempotent idempotent) {
        this.idempotent = Objects.requireNonNull(idempotent, "idempotent");
        this.guesses = Objects.requireNonNull(guesses, "guesses");
        this.games = Objects.requireNonNull(games, "games");
        this.logins = Objects.requireNonNull(logins, "logins");
        this.limiter = Objects.requireNonNull(limiter, "limiter");
        this.requests = Objects.requireNonNull(requests, "requests");
    }

    /**
     * {@code POST /games/{game}/guesses}: the session's player guesses the body's {@code guess}; 202, to be read at {@code Location}.
     * With an {@code Idempotency-Key}, once per key of the session: a retry is answered the same guess id.
     */
    void submit(Context ctx) throws Exception {
        Option<IdempotencyKey> key = Idempotent.key(ctx); // first: a bad key is a 400 that costs nothing
        String game = ctx.pathParam("game");
        limiter.acquire(ctx.ip());
        Option<String> presented = Credentials.presented(ctx);
        Login login = logins.authenticate(game, presented);
        JsonNode body = requests.body(ctx);
        String guess = Requests.requiredText(body, "guess");
        String player = Requests.optionalText(body, "player", login.player());
        if (!player.equals(login.player())) {
            // the player is who the session says; a body naming another is a client mistake, said out loud.
            // The session's own name passed the name rule when it joined: it is not checked again per guess
            throw new BadInputException("player", "player " + Bounded.shown(player) + " is not this session's player \"" + login.player()
                    + "\"; leave player out");
        }
        String playerId = Requests.optionalText(body, "playerId", login.playerId());
        if (!playerId.equals(login.playerId())) {
            // as for the name: the player is the session's, and a body naming another player id is said out loud
            throw new BadInputException("playerId", "playerId \"" + LogSafe.escape(playerId) + "\" is not this session's player \""
                    + login.playerId() + "\"; leave playerId out");
        }
        // the session's keys, by its token's hash (as the session itself is kept): the token is never stored
        idempotent.run(ctx, key, () -> Idempotency.Scope.session(LoginToken.parse(presented.get()).hash()), Option.some(game), () -> {
            BrandedId id = idempotent.landed(ctx, () -> guesses.submit(game, login.playerId(), login.player(), guess));
            ctx.header("Location", "/games/" + game + "/guesses/" + id);
            ctx.status(HttpStatus.ACCEPTED).json(GuessWeb.Submitted.pending(id.toString(), game));
        });
    }

    /**
     * {@code GET /games/{game}/guesses}: the session's player's guesses that were scored (each with
     * its breakdown) or rejected, oldest first; the session is required (401), and a
     * {@code ?player=} that is not its player is a 403: nobody reads another's breakdowns.
     */
    void mine(Context ctx) {
        String game = ctx.pathParam("game");
        Login login = logins.authenticate(game, Credentials.presented(ctx));
        String asked = ctx.queryParam("player");
        if (asked != null && !asked.equals(login.player()) && !asked.equals(login.playerId())) {
            throw new ForbiddenException("this session is " + login.player() + "'s: it reads no other player's guesses");
        }
        Option<String> viewer = Option.some(login.playerId()); // the breakdowns of this session's player only
        ctx.json(new GuessWeb.Own(game, login.playerId(), login.player(),
                games.guessesOf(game, login.playerId()).stream().map(r -> GuessWeb.of(r, viewer)).toList()));
    }

    /**
     * {@code GET /games/{game}/guesses/{guessId}}: anyone may read a guess; a token, when one is
     * shown, must be good, and makes its player the viewer (who alone sees the breakdown: the
     * player by id, not whoever has its name now).
     */
    void guess(Context ctx) {
        String game = ctx.pathParam("game");
        String guessId = ctx.pathParam("guessId");
        Option<String> presented = Credentials.presented(ctx);
        GuessResult result = games.guess(game, guessId);
        Option<String> viewer = presented.map(t -> logins.authenticate(game, presented).playerId());
        ctx.json(GuessWeb.of(result, viewer));
    }
}
