package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.BoundExceededException;
import codemojex.app.core.ForbiddenException;
import codemojex.app.core.GameSettledException;
import codemojex.app.core.GoneException;
import codemojex.app.core.IdempotencyKey;
import codemojex.app.core.LogSafe;
import codemojex.app.core.NameTakenException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.UnauthorizedException;
import codemojex.app.core.UnconfirmedException;
import echomq.domain.stream.StreamStoreException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.vavr.control.Option;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.io.EofException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;

/**
 * How every failure is answered: the status its exception means and an {@link ErrorWeb}. Bad input
 * is a 400 naming the field, unknown ids 404, bodies over {@link HttpApi#MAX_BODY} bytes 413, a
 * store that is down or refuses writes 503 (with {@code Retry-After} for a refusal); no stack trace
 * ever reaches a client.
 */
final class ErrorRoutes {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME); // the web adapter logs as one

    /**
     * What a write refused by Redis (out of memory, cannot persist) tells the client to wait: the
     * refusal lasts until an operator frees memory or disk, longer than a reconnect.
     */
    static final Duration WRITES_REFUSED_RETRY_AFTER = Duration.ofSeconds(5);

    private ErrorRoutes() {
    }

    /** Maps each exception the routes throw, and Javalin's own 404 and 413, to its answer. */
    static void wire(RoutesConfig routes) {
        routes.exception(Limits.TooLarge.class, (e, ctx) -> {
            // a client still sending would miss an answer sent over its unread body (the close
            // resets the connection): read and drop a body of modest size first; past that,
            // just close. Either way the connection is done.
            if (e.length <= Limits.MAX_DRAIN) {
                Limits.drain(ctx);
            }
            ctx.header("Connection", "close");
            answer(ctx, HttpStatus.CONTENT_TOO_LARGE, ErrorWeb.of("body",
                    "request body of " + e.length + " bytes is over the limit of " + JettyLimits.MAX_BODY));
        });
        routes.exception(BadInputException.class, (e, ctx) -> answer(ctx, HttpStatus.BAD_REQUEST,
                new ErrorWeb(e.getMessage(), Option.of(e.field()))));
        routes.exception(BoundExceededException.class, (e, ctx) -> answer(ctx, HttpStatus.UNPROCESSABLE_CONTENT,
                ErrorWeb.of(e.bound(), e.getMessage())));
        routes.exception(Idempotent.Mismatch.class, (e, ctx) -> answer(ctx, HttpStatus.UNPROCESSABLE_CONTENT,
                ErrorWeb.of(IdempotencyKey.HEADER, e.getMessage())));
        routes.exception(Idempotent.InFlight.class, (e, ctx) -> {
            ctx.header("Retry-After", "1");
            answer(ctx, HttpStatus.CONFLICT, ErrorWeb.of(IdempotencyKey.HEADER, e.getMessage()));
        });
        // before NotFoundException's: a game whose state was removed (serve --keep) is gone, not unknown
        routes.exception(GoneException.class, (e, ctx) -> answer(ctx, HttpStatus.GONE, ErrorWeb.of("game", e.getMessage())));
        routes.exception(NotFoundException.class, (e, ctx) -> answer(ctx, HttpStatus.NOT_FOUND, ErrorWeb.of(e.getMessage())));
        routes.exception(UnauthorizedException.class, (e, ctx) -> {
            ctx.header("WWW-Authenticate", "Bearer realm=\"codemojex\"");
            answer(ctx, HttpStatus.UNAUTHORIZED, ErrorWeb.of("session", e.getMessage()));
        });
        routes.exception(ForbiddenException.class, (e, ctx) -> answer(ctx, HttpStatus.FORBIDDEN, ErrorWeb.of("session", e.getMessage())));
        routes.exception(NameTakenException.class, (e, ctx) -> answer(ctx, HttpStatus.CONFLICT, ErrorWeb.of("name", e.getMessage())));
        routes.exception(GameSettledException.class, (e, ctx) -> answer(ctx, HttpStatus.CONFLICT, ErrorWeb.of("game", e.getMessage())));
        routes.exception(RateLimiter.Limited.class, (e, ctx) -> {
            ctx.header("Retry-After", Long.toString(e.retryAfterSeconds()));
            answer(ctx, HttpStatus.TOO_MANY_REQUESTS, ErrorWeb.of(e.getMessage()));
        });
        routes.exception(Requests.UnsupportedType.class, (e, ctx) -> answer(ctx, HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                ErrorWeb.of("Content-Type", e.getMessage())));
        // a request under the read floor (BodyFloorHandler: its body came too slowly or stopped): a 408 naming the part, the
        // connection closed; the thread that read it is free again
        routes.exception(TooSlow.class, (e, ctx) -> tooSlow(ctx, e));
        // Jetty's own refusal of what it read (its BadMessageException): its status, the connection closed
        routes.exception(HttpException.RuntimeException.class, (e, ctx) -> {
            ctx.header("Connection", "close");
            answer(ctx, HttpStatus.forStatus(e.getCode()), ErrorWeb.of("body", e.getReason()));
        });
        // a read or a write that failed: the client left (nobody to answer), the body was under the floor, or a real failure
        routes.exception(IOException.class, (e, ctx) -> {
            TooSlow slow = TooSlow.in(e);
            if (slow != null) {
                tooSlow(ctx, slow);
            } else if (clientLeft(e)) {
                leftEarly(ctx, e);
            } else {
                internalError(ctx, e);
            }
        });
        routes.exception(NotAcceptable.class, (e, ctx) -> answer(ctx, HttpStatus.NOT_ACCEPTABLE, ErrorWeb.of("Accept", e.getMessage())));
        routes.exception(StreamStoreException.WritesRefused.class, (e, ctx) -> {
            // Redis is up and refuses writes (out of memory, cannot persist): this write did nothing; reads are served
            log.warn("Redis refuses writes ({}) on {} {}: {}", e.reason(), ctx.method(), LogSafe.escape(ctx.path()), LogSafe.escape(e.getMessage()));
            ctx.header("Retry-After", Long.toString(WRITES_REFUSED_RETRY_AFTER.toSeconds()));
            answer(ctx, HttpStatus.SERVICE_UNAVAILABLE, ErrorWeb.of("the game store refuses writes for now (" + e.reason()
                    + "); nothing was written: try again later, reads are served"));
        });
        routes.exception(StreamStoreException.ClockAhead.class, (e, ctx) -> {
            // this server's clock runs too far ahead of Redis's: nothing was written; an operator must fix the clock
            log.error("this server's clock is ahead of Redis's on {} {}: {}", ctx.method(), LogSafe.escape(ctx.path()),
                    LogSafe.escape(e.getMessage()));
            ctx.header("Retry-After", Long.toString(WRITES_REFUSED_RETRY_AFTER.toSeconds()));
            answer(ctx, HttpStatus.SERVICE_UNAVAILABLE, ErrorWeb.of("the game server's clock is wrong; nothing was written: try again later"));
        });
        routes.exception(UnconfirmedException.class, (e, ctx) -> unconfirmed(ctx, e.notReplicated()));
        routes.exception(StreamStoreException.NotReplicated.class, (e, ctx) -> unconfirmed(ctx, e));
        routes.exception(StreamStoreException.class, (e, ctx) -> {
            log.warn("storage failure on {} {}: {}", ctx.method(), LogSafe.escape(ctx.path()), LogSafe.escape(e.getMessage()));
            answer(ctx, HttpStatus.SERVICE_UNAVAILABLE, ErrorWeb.of("the game store is unavailable; try again"));
        });
        routes.exception(Exception.class, (e, ctx) -> {
            if (clientLeft(e)) {
                leftEarly(ctx, e);
            } else {
                internalError(ctx, e);
            }
        });
        // Javalin's own answers (no route, a body over its limit): the API's error, unless a route already wrote one
        routes.error(404, ctx -> {
            if (!String.valueOf(ctx.res().getContentType()).startsWith("application/json")) {
                Set<String> allowed = RouteTable.allowed(ctx.path());
                if (!allowed.isEmpty() && !allowed.contains(ctx.method().name())) {
                    // the path is served, not with this method: 405, saying which
                    ctx.header("Allow", String.join(", ", allowed));
                    answer(ctx, HttpStatus.METHOD_NOT_ALLOWED, ErrorWeb.of(ctx.method().name() + " is not served on " + ctx.path()
                            + ": use " + String.join(" or ", allowed)));
                } else {
                    answer(ctx, HttpStatus.NOT_FOUND, ErrorWeb.of("no such resource " + ctx.path()));
                }
            }
        });
        routes.error(413, ctx -> {
            if (!"application/json".equals(ctx.res().getContentType())) {
                answer(ctx, HttpStatus.CONTENT_TOO_LARGE, ErrorWeb.of("body", "request body is over the limit of " + JettyLimits.MAX_BODY + " bytes"));
            }
        });
    }

    /**
     * The status recorded for a request whose client closed the connection before its answer (mid-body, say): nginx's
     * 499. Nothing is sent (there is no one to send it to); it counts as a client's error in the metrics, never a 500.
     */
    static final int CLIENT_CLOSED = 499;

    private static void tooSlow(Context ctx, TooSlow e) {
        ctx.header("Connection", "close");
        answer(ctx, HttpStatus.REQUEST_TIMEOUT, ErrorWeb.of(e.field, e.getReason()));
    }

    /** Whether {@code e} says the client closed the connection: Jetty's {@code EofException} (its early EOF of a body too). */
    static boolean clientLeft(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof EofException) {
                return true;
            }
        }
        return false;
    }

    /** A client that went away mid-request: one line, no trace, a 499 in the metrics; nothing is written. */
    private static void leftEarly(Context ctx, Exception e) {
        String where = where(ctx);
        if (where == null) {
            // an event stream whose client left: Jetty recycled its request, there is no one to answer
            log.debug("a stream's client left: {}", e.toString());
            return;
        }
        log.warn("the client closed the connection before {} was answered ({})", where, LogSafe.escape(String.valueOf(e.getMessage())));
        ctx.status(CLIENT_CLOSED);
    }

    private static void internalError(Context ctx, Exception e) {
        String where = where(ctx);
        if (where == null) {
            log.debug("a stream's client left: {}", e.toString());
            return;
        }
        log.error("internal error on {}", where, e);
        answer(ctx, HttpStatus.INTERNAL_SERVER_ERROR, ErrorWeb.of("internal error"));
    }

    /**
     * A write that landed on the game store's master and whose replicas did not acknowledge it in
     * time ({@code serve --durability replicated}): a 503 the client retries; with the same
     * {@code Idempotency-Key} the retry is answered the first answer once the replicas hold it,
     * and writes nothing twice.
     */
    private static void unconfirmed(Context ctx, StreamStoreException.NotReplicated e) {
        log.warn("a write on {} {} was not acknowledged by the game store's replicas in time: {}", ctx.method(), LogSafe.escape(ctx.path()),
                LogSafe.escape(e.getMessage()));
        ctx.header("Retry-After", Long.toString(UNCONFIRMED_RETRY_AFTER.toSeconds()));
        answer(ctx, HttpStatus.SERVICE_UNAVAILABLE, ErrorWeb.of("the game store's replicas did not acknowledge the write in time: it may or may "
                + "not have been kept; send the request again with the same Idempotency-Key (without one it may be made twice)"));
    }

    /** When a write the replicas did not acknowledge is worth trying again: they answer within seconds once they are back. */
    static final Duration UNCONFIRMED_RETRY_AFTER = Duration.ofSeconds(1);

    /** {@code METHOD path} of the request, or null when it is gone (its connection closed and Jetty recycled it). */
    private static String where(Context ctx) {
        try {
            return ctx.method() + " " + LogSafe.escape(ctx.path());
        } catch (RuntimeException gone) {
            return null;
        }
    }

    private static void answer(Context ctx, HttpStatus status, ErrorWeb body) {
        ctx.status(status).json(body);
    }
}
