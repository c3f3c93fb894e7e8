package codemojex.app.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.vavr.control.Option;

/**
 * The body of every error the API answers, from a route or from Jetty itself.
 *
 * @param error what went wrong, for a person to read
 * @param field the input at fault ({@code body}, {@code guess}, {@code session}...); left out of
 *              the JSON when no one input is
 */
record ErrorWeb(String error, @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> field) {

    /** An error no one input is at fault for. */
    static ErrorWeb of(String message) {
        return new ErrorWeb(message, Option.none());
    }

    /** An error of input {@code field}. */
    static ErrorWeb of(String field, String message) {
        return new ErrorWeb(message, Option.some(field));
    }
}
