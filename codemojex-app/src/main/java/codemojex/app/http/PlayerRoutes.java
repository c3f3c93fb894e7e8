package codemojex.app.http;

import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotencyKey;
import codemojex.app.core.LogSafe;
import codemojex.app.core.UnauthorizedException;
import codemojex.app.core.port.in.JoinGameUseCase;
import codemojex.app.core.port.in.LoginQuery;
import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;

/** A game's players: {@code POST /games/{game}/players} joins, {@code GET /games/{game}/players/me} is the session's. */
final class PlayerRoutes {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME); // the web adapter logs as one

    private final JoinGameUseCase joins;
    private final LoginQuery logins;
    private final RateLimiter limiter;
    private final Requests requests;
    private final Idempotent idempotent;

    /**
     * Over the players' service; joins are limited per client by {@code limiter}, as guesses are, and
     * run once per {@code Idempotency-Key} of the client's address in the game ({@code idempotent}).
     */
    PlayerRoutes(JoinGameUseCase joins, LoginQuery logins, RateLimiter limiter, Requests requests, Idempotent idempotent) {
        this.idempotent = Objects.requireNonNull(idempotent, "idempotent");
        this.joins = Objects.requireNonNull(joins, "joins");
        this.logins = Objects.requireNonNull(logins, "logins");
        this.limiter = Objects.requireNonNull(limiter, "limiter");
        this.requests = Objects.requireNonNull(requests, "requests");
    }

    /**
     * {@code POST /games/{game}/players}: joins as the body's {@code name}; 201 with the session.
     * Its token is in the answer for an API client, or with {@code "cookie": true} (the page) only in
     * the session cookie. A request that presents the live session holding that name is answered
     * that session again, 200, with no token (it has its own): same player id, same expiry. With an
     * {@code Idempotency-Key}, once per key of the client's address in the game: a retry is answered
     * the first answer again, its token or cookie with it.
     */
    void join(Context ctx) throws Exception {
        Option<IdempotencyKey> key = Idempotent.key(ctx); // first: a bad key is a 400 that costs nothing
        String game = ctx.pathParam("game");
        limiter.acquire(ctx.ip());
        JsonNode body = requests.body(ctx);
        String name = Requests.requiredText(body, "name");
        boolean cookie = Requests.optionalBoolean(body, "cookie");
        idempotent.run(ctx, key, () -> Idempotency.Scope.addressInGame(ctx.ip(), game), Option.some(game), () -> join(ctx, game, name, cookie));
    }

    private void join(Context ctx, String game, String name, boolean cookie) {
        JoinGameUseCase.Joined joined = idempotent.landed(ctx, () -> joins.join(game, name, presentedOrNone(ctx)));
        if (joined.rejoined()) {
            ctx.status(HttpStatus.OK).json(LoginWeb.of(joined.login()));
            return;
        }
        log.info("player {} joined game {} as {}", LogSafe.escape(joined.login().player()), LogSafe.escape(game),
                joined.login().playerId()); // never the token
        if (cookie) {
            Credentials.setCookie(ctx, game, joined.token().get(), joins.ttl());
            ctx.status(HttpStatus.CREATED).json(LoginWeb.of(joined.login()));
        } else {
            ctx.status(HttpStatus.CREATED).json(LoginWeb.withToken(joined.login(), joined.token().get().reveal()));
        }
    }

    /** What a join request presents, if it is a credential at all: a join never fails for a bad one. */
    private static Option<String> presentedOrNone(Context ctx) {
        try {
            return Credentials.presented(ctx);
        } catch (UnauthorizedException notACredential) {
            return Option.none();
        }
    }

    /** {@code GET /games/{game}/players/me}: the session the request presents; 401 without a good one. */
    void me(Context ctx) {
        ctx.json(LoginWeb.of(logins.authenticate(ctx.pathParam("game"), Credentials.presented(ctx))));
    }
}
