package codemojex.app.http;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import org.eclipse.jetty.http.HttpException;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * What a request may cost before any route runs: a body of at most {@link HttpApi#MAX_BODY} bytes, API reads at the client's rate.
 * Writes are limited by their routes, each at a rate of its own: joins and guesses ({@code PlayerRoutes}, {@code GuessRoutes}),
 * rooms opened ({@code GameRoutes}).
 */
final class Limits {

    /** Bodies up to this size are read and dropped before a 413, so that the client sees the answer. */
    static final long MAX_DRAIN = 1 << 20;

    private final RateLimiter reads;

    /** API reads limited per client by {@code reads}. */
    Limits(RateLimiter reads) {
        this.reads = Objects.requireNonNull(reads, "reads");
    }

    /** Refuses a request that says its body is over the limit, before it is read. */
    void bodySize(Context ctx) {
        long length = ctx.contentLength();
        if (length > JettyLimits.MAX_BODY) {
            throw new TooLarge(length);
        }
    }

    /** Takes one of the client's reads for an API read: reads are limited as guesses are, as every one costs Redis work. */
    void reads(Context ctx) {
        if (reads.isUnlimited()) {
            return; // --read-rate 0: not even the client's address is read
        }
        if (ctx.method() == HandlerType.GET && RouteTable.matched(ctx).filter(Limits::isApiRead).isPresent()) {
            reads.acquire(ctx.ip());
        }
    }

    /**
     * Whether {@code path} is one of {@link RouteTable}'s GET routes, answers and event streams alike,
     * but for the liveness check: every one costs Redis work (a series of many buckets the most), so
     * none is left out by a list of its own to keep in step.
     */
    static boolean isApiRead(String path) {
        return RouteTable.match("GET", path).filter(Limits::isApiRead).isPresent();
    }

    private static boolean isApiRead(RouteTable.Route r) {
        return r.method().equals("GET") && !r.path().equals("/health");
    }

    /** Reads and drops up to {@link #MAX_DRAIN} bytes of the request's body. */
    static void drain(Context ctx) {
        try (InputStream in = ctx.req().getInputStream()) {
            byte[] buf = new byte[8192];
            long left = MAX_DRAIN;
            int n;
            while (left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
                left -= n;
            }
        } catch (IOException | HttpException.RuntimeException ignored) {
            // the client went away, or its body came under the read floor: nothing more is read
        }
    }

    /** A body over the limit, of {@code length} bytes (as said, or as read). */
    static final class TooLarge extends RuntimeException {
        final long length;

        TooLarge(long length) {
            super("too large", null, false, false);
            this.length = length;
        }
    }
}
