package codemojex.app.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
        JsonNode body = json.readTree(new JsonErrorHandler(json).body(400, message));
        assertThat(body.size()).isEqualTo(1);
        assertThat(body.get("error").asText()).isEqualTo(message);
    }

    @Test
    void noMessageIsTheStatus() throws Exception {
        JsonErrorHandler handler = new JsonErrorHandler(json);
        assertThat(json.readTree(handler.body(431, null)).get("error").asText()).isEqualTo("HTTP 431");
        assertThat(json.readTree(handler.body(400, " ")).get("error").asText()).isEqualTo("HTTP 400");
    }

    @Test
    void anErrorNamesItsFieldOnlyWhenItHasOne() throws Exception {
        assertThat(json.writeValueAsString(ErrorWeb.of("no game GAMx"))).isEqualTo("{\"error\":\"no game GAMx\"}");
        assertThat(json.writeValueAsString(ErrorWeb.of("top", "top \"x\" is not a number")))
                .isEqualTo("{\"error\":\"top \\\"x\\\" is not a number\",\"field\":\"top\"}");
    }
}
