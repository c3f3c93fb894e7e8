package codemojex.app.core;

import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

/**
 * The answer a request with an {@code Idempotency-Key} got, kept to be answered again to a retry:
 * its status, its JSON body, its {@code Location} and the cookies it set. It may hold a session's
 * token (a join's body, the page's cookie), so it is kept only sealed ({@link IdempotencySeal}).
 *
 * @param status   the HTTP status, 100..599
 * @param body     the body as sent
 * @param location the {@code Location} header, if any
 * @param cookies  the {@code Set-Cookie} headers, in order
 */
public record IdempotentAnswer(int status, String body, Option<String> location, List<String> cookies) {

    public IdempotentAnswer {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status " + status + " is not an HTTP status");
        }
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(location, "location");
        cookies = List.copyOf(cookies);
    }
}
