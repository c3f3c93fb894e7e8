package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.ForbiddenException;
import codemojex.app.core.GameSettledException;
import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotencyKey;
import codemojex.app.core.IdempotentAnswer;
import codemojex.app.core.LogSafe;
import codemojex.app.core.NameTakenException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.UnauthorizedException;
import codemojex.app.core.UnconfirmedException;
import codemojex.app.core.port.in.IdempotentRequests;
import codemojex.projections.Names;
import echomq.domain.stream.StreamStoreException;
import io.javalin.http.Context;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The {@code Idempotency-Key} of {@code POST /rooms}, {@code POST /games/{game}/players} and
 * {@code POST /games/{game}/guesses}: a request without one runs as ever; with one, the write runs
 * once per key and scope ({@link Idempotency}), and a retry is answered the first answer again
 * (status, body, {@code Location}, cookies) with {@code Idempotent-Replayed: true}. A route checks
 * the key ({@link #key}) before anything else and its own input before {@link #run}, so that a
 * refusal reaches no store.
 */
final class Idempotent {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME); // the web adapter logs as one

    /** The header a replayed answer carries. */
    static final String REPLAYED = "Idempotent-Replayed";

    /** The request's attribute that says it runs under a key (its answer can be kept for its retry). */
    private static final String KEYED = "codemojex.idempotent.keyed";
    /** The request's attribute holding the write that landed unconfirmed ({@link #landed}). */
    private static final String UNCONFIRMED = "codemojex.idempotent.unconfirmed";

    private final IdempotentRequests requests;

    /** Over the use case of idempotent requests. */
    Idempotent(IdempotentRequests requests) {
        this.requests = Objects.requireNonNull(requests, "requests");
    }

    /** The request's key, checked (a 400 naming {@code Idempotency-Key}); none without the header. */
    static Option<IdempotencyKey> key(Context ctx) {
        List<String> sent = Collections.list(ctx.req().getHeaders(IdempotencyKey.HEADER));
        if (sent.isEmpty()) {
            return Option.none();
        }
        if (sent.size() > 1) {
            throw new BadInputException(IdempotencyKey.HEADER, IdempotencyKey.HEADER + " was sent " + sent.size() + " times: send one");
        }
        return Option.some(new IdempotencyKey(sent.get(0)));
    }

    /**
     * Runs a write of a route under {@link #run}: its result, or, when it landed unconfirmed
     * ({@link UnconfirmedException}: {@code serve --durability replicated}, the replicas silent)
     * and the request carries a key, the result it would have answered, so that the route builds
     * its answer as ever; {@link #run} then keeps that answer for the key and gives it only once
     * the replicas hold it (else a 503: a retry with the key is answered it, once they do, and
     * writes nothing twice). Without a key the {@code UnconfirmedException} is thrown (a 503).
     */
    @SuppressWarnings("unchecked")
    <T> T landed(Context ctx, Supplier<T> write) {
        try {
            return write.get();
        } catch (UnconfirmedException e) {
            if (!Boolean.TRUE.equals(ctx.attribute(KEYED))) {
                throw e;
            }
            ctx.attribute(UNCONFIRMED, e);
            return (T) e.result();
        }
    }

    /** A write the routes wrap: it answers on {@code ctx} or throws. */
    @FunctionalInterface
    interface Write {
        void run() throws Exception;
    }

    /**
     * Runs {@code write} as {@code key} says: at once without a key; with one, once per key in
     * {@code scope} (in {@code game}'s partition; a room's in the app's own slot). Its answer is kept
     * when it succeeds; a failure that wrote nothing lets the key go, so that a retry runs again; a
     * failure that may have written (the store went away mid-write, an unexpected error) keeps it
     * held until its lease ends ({@link Idempotency#LEASE}): a retry meanwhile is a 409.
     */
    void run(Context ctx, Option<IdempotencyKey> key, Supplier<Idempotency.Scope> scope, Option<String> game, Write write) throws Exception {
        if (key.isEmpty()) {
            write.run();
            return;
        }
        // a game id that is none is refused before its record is made in the game's slot, as the write would refuse it
        game.forEach(g -> BadInputException.check("game", () -> Names.requireId("game", g)));
        Idempotency.Request request = new Idempotency.Request(key.get(), scope.get(), game,
                Idempotency.fingerprint(ctx.method().name(), ctx.path(), ctx.bodyAsBytes()));
        IdempotentRequests.Begun begun = requests.begin(request);
        Idempotency.Decision decision = begun.decision();
        if (decision instanceof Idempotency.Decision.Replay replay) {
            replay(ctx, replay.answer());
            return;
        }
        if (decision instanceof Idempotency.Decision.Mismatch) {
            throw new Mismatch();
        }
        if (decision instanceof Idempotency.Decision.InFlight) {
            throw new InFlight();
        }
        ctx.attribute(KEYED, true);
        try {
            write.run();
        } catch (Exception e) {
            if (!mayHaveWritten(e)) {
                release(begun, e);
            }
            throw e;
        }
        UnconfirmedException unconfirmed = ctx.attribute(UNCONFIRMED);
        if (unconfirmed != null) {
            keepUnconfirmed(ctx, begun, unconfirmed);
            return;
        }
        keep(ctx, begun);
    }

    /**
     * The answer of a write that landed unconfirmed, kept for the key: once kept with its replicas'
     * acknowledgement (the record is in the write's slot, written after it: a wait that answers
     * for the record answers for the write), it is sent; otherwise the request is a 503 and the
     * kept answer is given to the retry once the replicas hold it ({@link IdempotentRequests.Begun}).
     */
    private static void keepUnconfirmed(Context ctx, IdempotentRequests.Begun begun, UnconfirmedException unconfirmed) {
        String body = ctx.result();
        IdempotentAnswer answer = new IdempotentAnswer(ctx.statusCode(), body == null ? "" : body, Option.of(ctx.res().getHeader("Location")),
                List.copyOf(ctx.res().getHeaders("Set-Cookie")));
        boolean kept;
        try {
            kept = begun.answered(answer);
        } catch (RuntimeException e) {
            unconfirmed.addSuppressed(e);
            kept = false;
        }
        if (!kept) {
            // the answer is not to be sent: its write may be lost, and nothing confirms it
            ctx.res().setHeader("Location", null);
            ctx.res().setHeader("Set-Cookie", null);
            throw unconfirmed;
        }
        log.info("a write with an Idempotency-Key landed before its replicas answered; they acknowledged it with its kept answer");
    }

    private static void keep(Context ctx, IdempotentRequests.Begun begun) {
        String body = ctx.result(); // read, and put back to be sent
        IdempotentAnswer answer = new IdempotentAnswer(ctx.statusCode(), body == null ? "" : body, Option.of(ctx.res().getHeader("Location")),
                List.copyOf(ctx.res().getHeaders("Set-Cookie")));
        try {
            if (!begun.answered(answer)) {
                log.warn("an answer with an Idempotency-Key was not kept: its lease ended first; a retry may run it again");
            }
        } catch (RuntimeException e) {
            // the write was done and its answer is the truth: it is sent; a retry finds the key held
            // until its lease ends (409), then runs again
            log.warn("an answer with an Idempotency-Key could not be kept ({}); it is sent all the same", LogSafe.escape(String.valueOf(e.getMessage())));
        }
    }

    private static void release(IdempotentRequests.Begun begun, Exception cause) {
        try {
            begun.release();
        } catch (RuntimeException e) {
            cause.addSuppressed(e); // the request's own failure is answered; the key is let go by its lease
        }
    }

    private static void replay(Context ctx, IdempotentAnswer a) {
        ctx.status(a.status()).contentType("application/json").result(a.body());
        a.location().forEach(l -> ctx.header("Location", l));
        a.cookies().forEach(c -> ctx.res().addHeader("Set-Cookie", c));
        ctx.header(REPLAYED, "true");
    }

    /**
     * Whether a write that failed with {@code e} may have written: every refusal the app decides
     * before it writes (bad input, no such game or session, a taken name, a settled game, a store
     * that refused the write whole or a clock too far ahead of it) wrote nothing; any other failure may have.
     */
    static boolean mayHaveWritten(Exception e) {
        return !(e instanceof BadInputException || e instanceof NotFoundException || e instanceof UnauthorizedException
                || e instanceof ForbiddenException || e instanceof NameTakenException || e instanceof GameSettledException
                || e instanceof RateLimiter.Limited || e instanceof Requests.UnsupportedType || e instanceof Limits.TooLarge
                || e instanceof StreamStoreException.WritesRefused || e instanceof StreamStoreException.ClockAhead);
    }

    /** The key was used for another request: a 422 naming {@code Idempotency-Key}. */
    static final class Mismatch extends RuntimeException {
        Mismatch() {
            super(IdempotencyKey.HEADER + " was used for another request (another body or path) in the last 24 h: a key names one request",
                    null, false, false);
        }
    }

    /** The key's first request still runs: a 409 naming {@code Idempotency-Key}. */
    static final class InFlight extends RuntimeException {
        InFlight() {
            super("the first request with this " + IdempotencyKey.HEADER + " is still in flight: try again in a moment", null, false, false);
        }
    }
}
