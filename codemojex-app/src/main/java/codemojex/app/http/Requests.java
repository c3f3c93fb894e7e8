package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.LogSafe;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * What the routes read from a request: its JSON body and query parameters, each refused as a
 * {@link BadInputException} naming it, before anything reaches the core.
 */
final class Requests {

    private final ObjectMapper json;

    /** Reads bodies with {@code json}. */
    Requests(ObjectMapper json) {
        this.json = Objects.requireNonNull(json, "json");
    }

    /** The body, a JSON object. */
    JsonNode body(Context ctx) {
        return body(ctx, text(ctx));
    }

    /** The body whose text is {@code text}, a JSON object. */
    private JsonNode body(Context ctx, String text) {
        // the header as sent: the servlet's getContentType() looks its charset up and throws on one it does not know
        String type = ctx.header("Content-Type");
        if (!isJson(type)) {
            // a JSON API: a text/plain or form body is a cross-site form's (sent without a preflight), never this page's
            throw new UnsupportedType(type);
        }
        if (text.length() > JettyLimits.MAX_BODY) {
            throw new Limits.TooLarge(text.length()); // a chunked body says no length up front
        }
        try {
            JsonNode node = json.readTree(text);
            if (node == null || !node.isObject()) {
                throw new BadInputException("body", "the body must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            // Jackson's own message names its classes and quotes its settings: say where, not how
            JsonLocation at = e.getLocation();
            throw new BadInputException("body", "body is not valid JSON" + (at == null || at.getLineNr() < 1 ? ""
                    : " at line " + at.getLineNr() + ", column " + at.getColumnNr()));
        }
    }

    /**
     * Whether {@code type} declares JSON: the media type {@code application/json} itself (not one
     * that only starts so, such as {@code application/jsonp}), with no charset or UTF-8, the only
     * one JSON has (RFC 8259).
     */
    static boolean isJson(String type) {
        if (type == null) {
            return false;
        }
        String[] parts = type.split(";", -1);
        if (!parts[0].strip().equalsIgnoreCase("application/json")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            int eq = parameter.indexOf('=');
            String name = (eq < 0 ? parameter : parameter.substring(0, eq)).strip();
            if (name.equalsIgnoreCase("charset")) {
                String value = eq < 0 ? "" : parameter.substring(eq + 1).strip();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                if (!value.equalsIgnoreCase("utf-8") && !value.equalsIgnoreCase("utf8")) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The body's text, as UTF-8 whatever charset the request names: the servlet's own decoding
     * looks the charset up and threw on one it does not know ({@code charset=foo}, a 500). Bytes that
     * are not UTF-8 are refused, naming where, rather than replaced: {@code a\uFFFDb} would otherwise
     * be accepted as a name the sender never wrote.
     */
    private static String text(Context ctx) {
        byte[] bytes = ctx.bodyAsBytes();
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notUtf8) {
            throw new BadInputException("body", "the body is not valid UTF-8 (at byte " + firstBadByte(bytes) + ")");
        }
    }

    /** The offset of the first byte that does not decode as UTF-8. */
    private static int firstBadByte(byte[] bytes) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        d.decode(in, CharBuffer.allocate(bytes.length + 1), true);
        return in.position();
    }

    /** A body that is not declared {@code application/json}: a 415 naming the type sent. */
    static final class UnsupportedType extends RuntimeException {
        UnsupportedType(String type) {
            super("the body must be sent as Content-Type: application/json (UTF-8), got " + (type == null ? "none"
                    : "\"" + LogSafe.escape(type) + "\""));
        }
    }

    /**
     * The body, or an empty object when there is none (where every field is optional). Declared
     * JSON even when empty: a cross-site page can send an empty POST, or a {@code text/plain} one,
     * without a preflight, and only a JSON one needs the preflight this API never answers.
     */
    JsonNode bodyOrEmpty(Context ctx) {
        String type = ctx.header("Content-Type");
        if (!isJson(type)) {
            throw new UnsupportedType(type);
        }
        String text = text(ctx);
        return text.isBlank() ? json.createObjectNode() : body(ctx, text);
    }

    /** Text field {@code field} of {@code body}, which must be there. */
    static String requiredText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            throw new BadInputException(field, field + " is required");
        }
        if (!v.isTextual()) {
            throw new BadInputException(field, field + " must be a string");
        }
        return v.asText();
    }

    /** Boolean field {@code field} of {@code body}; false without one. */
    static boolean optionalBoolean(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new BadInputException(field, field + " must be true or false");
        }
        return v.asBoolean();
    }

    /** Text field {@code field} of {@code body}; {@code otherwise} without one. */
    static String optionalText(JsonNode body, String field, String otherwise) {
        JsonNode v = body.get(field);
        return v == null || v.isNull() ? otherwise : requiredText(body, field);
    }

    /** Query parameter {@code name}; {@code otherwise} when it is missing or blank. */
    static String queryOr(Context ctx, String name, String otherwise) {
        String v = ctx.queryParam(name);
        return v == null || v.isBlank() ? otherwise : v;
    }

    /** Query parameter {@code name}, a number of at most four digits (the core checks its range); {@code otherwise} without one. */
    static int intParam(Context ctx, String name, int otherwise) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) {
            return otherwise;
        }
        if (!v.matches("[0-9]{1,4}")) {
            throw new BadInputException(name, name + " \"" + (v.length() > 20 ? v.substring(0, 20) + "…" : v) + "\" is not a number 1..1000");
        }
        return Integer.parseInt(v);
    }
}
