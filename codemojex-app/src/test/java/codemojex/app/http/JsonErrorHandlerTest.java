package codemojex.app.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The error bodies are written by Jackson, not by hand: whatever a message holds (Jetty's may quote
 * the request, a refusal quotes the input), the body is one valid JSON object that says it as it is.
 */
class JsonErrorHandlerTest {

    final ObjectMapper json = Json.mapper();

    @Test
    void aMessageWithQuotesBackslashesAndLineBreaksIsOneJsonString() throws Exception {
        String message = "Illegal character \"\\\" in \"/a\"b\"\r\n{\"error\":\"forged\"}\u0000\u001f\u2028 🐙";
        JsonNode body = json.readTree(handler().body(400, message, null));
        assertThat(body.size()).isEqualTo(1);
        assertThat(body.get("error").asText()).isEqualTo(message);
    }

    @Test
    void noMessageIsTheStatus() throws Exception {
        JsonErrorHandler handler = handler();
        assertThat(json.readTree(handler.body(431, null, null)).get("error").asText()).isEqualTo("HTTP 431");
        assertThat(json.readTree(handler.body(400, " ", null)).get("error").asText()).isEqualTo("HTTP 400");
    }

    @Test
    void aHeadUnderTheReadFloorNamesItsHeaders() throws Exception {
        TooSlow slow = new TooSlow("headers", ReadFloor.DEFAULT);
        JsonNode body = json.readTree(handler().body(slow.getCode(), slow.getReason(), slow.field));
        assertThat(slow.getCode()).isEqualTo(408);
        assertThat(body.get("field").asText()).isEqualTo("headers");
        assertThat(body.get("error").asText()).contains("1024 bytes a second");
    }

    private JsonErrorHandler handler() {
        return new JsonErrorHandler(json, new RequestMetrics(new Traffic(), new io.micrometer.core.instrument.simple.SimpleMeterRegistry()));
    }

    @Test
    void anErrorNamesItsFieldOnlyWhenItHasOne() throws Exception {
        assertThat(json.writeValueAsString(ErrorWeb.of("no game GAMx"))).isEqualTo("{\"error\":\"no game GAMx\"}");
        assertThat(json.writeValueAsString(ErrorWeb.of("top", "top \"x\" is not a number")))
                .isEqualTo("{\"error\":\"top \\\"x\\\" is not a number\",\"field\":\"top\"}");
    }

    /** An absent value is null where the model keeps the field (a count Redis could not give), gone where it says NON_EMPTY. */
    @Test
    void anEmptyOptionIsNullOrLeftOut() throws Exception {
        HealthWeb.Worker worker = new HealthWeb.Worker(true, true, 1, 0, 0, Option.none());
        assertThat(json.readTree(json.writeValueAsString(worker)).get("pending").isNull()).isTrue();
        assertThat(json.readTree(json.writeValueAsString(new HealthWeb.Worker(true, true, 1, 0, 0, Option.some(7L)))).get("pending").asLong())
                .isEqualTo(7);
        assertThat(json.readTree(json.writeValueAsString(new LoginWeb("GAMx", "PLR0KHTOWnGLuC", "ada", "2026-01-01T00:00:00Z", Option.none()))).has("token"))
                .isFalse();
    }
}
