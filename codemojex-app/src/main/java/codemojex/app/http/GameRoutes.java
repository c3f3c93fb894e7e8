package codemojex.app.http;

import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotencyKey;
import codemojex.app.core.LogSafe;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.in.OpenGameUseCase;
import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;

/** Rooms and games: {@code POST /rooms} opens a game, {@code GET /games/{game}} reads one. */
final class GameRoutes {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME); // the web adapter logs as one

    private final OpenGameUseCase rooms;
    private final GameQuery games;
    private final RateLimiter roomRate;
    private final Requests requests;
    private final Idempotent idempotent;

    /**
     * Over the use cases of opening and reading a game; rooms are opened at the client's rate of {@code roomRate}, one of their own,
     * once per {@code Idempotency-Key} of the client's address ({@code idempotent}).
     */
    GameRoutes(OpenGameUseCase rooms, GameQuery games, RateLimiter roomRate, Requests requests, Idempotent idempotent) {
        this.idempotent = Objects.requireNonNull(idempotent, "idempotent");
        this.rooms = Objects.requireNonNull(rooms, "rooms");
        this.games = Objects.requireNonNull(games, "games");
        this.roomRate = Objects.requireNonNull(roomRate, "roomRate");
        this.requests = Objects.requireNonNull(requests, "requests");
    }

    /**
     * {@code POST /rooms}: opens a game in the body's {@code room} ({@code lobby} without one); 201, or 429 over the client's rate of
     * rooms; with an {@code Idempotency-Key}, once per key of the client's address.
     */
    void open(Context ctx) throws Exception {
        Option<IdempotencyKey> key = Idempotent.key(ctx); // first: a bad key is a 400 that costs nothing
        roomRate.acquire(ctx.ip()); // before the body is read: a flood costs neither a parse nor a write
        JsonNode body = requests.bodyOrEmpty(ctx);
        String room = Requests.optionalText(body, "room", "lobby");
        idempotent.run(ctx, key, () -> Idempotency.Scope.address(ctx.ip()), Option.none(), () -> {
            OpenGameUseCase.OpenedGame g = rooms.open(room);
            log.info("opened game {} in room {} with keyboard {}", g.game(), LogSafe.escape(g.room()), LogSafe.escape(g.keyboard().text()));
            ctx.status(HttpStatus.CREATED).json(GameWeb.Opened.of(g));
        });
    }

    /** {@code GET /games/{game}}. */
    void game(Context ctx) {
        ctx.json(GameWeb.of(games.game(ctx.pathParam("game"))));
    }
}
