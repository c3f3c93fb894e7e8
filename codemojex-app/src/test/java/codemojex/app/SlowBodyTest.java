package codemojex.app;

import codemojex.app.http.HttpApi;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A body that trickles in (slowloris) is cut: below {@link HttpApi#MIN_BODY_RATE} the request ends
 * with a 408 long before the 30 s idle timeout, and the thread it held serves others again.
 */
class SlowBodyTest {

    @Test
    void aBodySentAByteAtATimeIsCutWithA408() throws Exception {
        try (AppFixture f = new AppFixture()) {
            URI u = URI.create(f.server.url());
            try (Socket s = new Socket(u.getHost(), u.getPort())) {
                s.setSoTimeout(20_000);
                OutputStream out = s.getOutputStream();
                String body = "{\"room\":\"slow\"}";
                out.write(("POST /rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String answer = null;
                // a byte every 300 ms: ~3 B/s, far under the floor; the server must answer before the body is done
                for (int i = 0; i < body.length() && answer == null; i++) {
                    try {
                        out.write(body.charAt(i));
                        out.flush();
                    } catch (IOException closed) {
                        break; // the server ended the request: read what it said
                    }
                    Thread.sleep(300);
                    if (s.getInputStream().available() > 0) {
                        answer = readHead(s.getInputStream());
                    }
                }
                if (answer == null) {
                    answer = readHead(s.getInputStream());
                }
                assertThat(answer).as("the answer to a trickling body").startsWith("HTTP/1.1 408");
            }
            // and the server goes on serving
            assertThat(f.post("/rooms", Map.of("room", "fast")).status()).isEqualTo(201);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && b.length() < 4096) {
            b.append((char) c);
            if (b.toString().endsWith("\r\n\r\n")) {
                break;
            }
        }
        return b.toString();
    }
}
