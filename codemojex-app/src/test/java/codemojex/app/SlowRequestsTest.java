package codemojex.app;

import codemojex.app.http.HttpApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Slow and aborted requests (#54), over real sockets: a header block or a body under the read floor
 * ({@link HttpApi#READ_FLOOR}: 1 KiB/s after a first second, pauses of at most 3 s) is answered 408
 * with the API's JSON error naming the part, long before the 30 s idle timeout, on a fresh server and
 * after it has read much (Jetty's {@code MinimumDataRateHandler} counted every request's bytes
 * together, so after some load it never cut anything); its thread is free, and 200 at once leave the
 * game answering. A client that closes mid-body is one WARN line, no trace, and a 499 in the
 * metrics: never an ERROR, never a 500. Every wait is bounded by a socket timeout; nothing is timed.
 */
class SlowRequestsTest {

    /** What a test waits for an answer at most: far over the floor's cut (about 2 s), far under the idle timeout's 30 s. */
    static final int ANSWER_WITHIN_MS = 10_000;

    private final PrintStream realErr = System.err;
    private final ByteArrayOutputStream logs = new ByteArrayOutputStream();
    private AppFixture f;

    @BeforeEach
    void start() {
        f = new AppFixture();
        System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void stop() {
        System.setErr(realErr);
        f.close();
    }

    @Test
    void aBodySentAByteASecondIsCutWithA408NamingTheBody() throws Exception {
        try (Socket s = open()) {
            head(s, "POST /rooms", 4000);
            Answer a = trickle(s, "{\"room\":\"slow\"}" + " ".repeat(3985), 1000);
            assertThat(a.status()).as(a.raw()).isEqualTo(408);
            assertThat(a.json().get("field").asText()).isEqualTo("body");
            assertThat(a.json().get("error").asText()).contains("1024 bytes a second");
            assertThat(a.raw()).containsIgnoringCase("Connection: close");
        }
        assertThat(count("POST", "/rooms", 408)).isEqualTo(1);
        servesOn();
        assertThat(logText()).doesNotContain("ERROR");
    }

    @Test
    void aBodyThatStopsIsCutAfterThePauseWithA408() throws Exception {
        try (Socket s = open()) {
            head(s, "POST /rooms", 100);
            s.getOutputStream().write("{\"ro".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            Answer a = answer(s); // nothing more is sent
            assertThat(a.status()).as(a.raw()).isEqualTo(408);
            assertThat(a.json().get("field").asText()).isEqualTo("body");
        }
        assertThat(count("POST", "/rooms", 408)).isEqualTo(1);
        servesOn();
    }

    @Test
    void aHeaderBlockSentAByteASecondIsCutWithA408NamingTheHeaders() throws Exception {
        try (Socket s = open()) {
            Answer a = trickle(s, "GET /feed HTTP/1.1\r\nHost: x\r\nX-Slow: " + "b".repeat(200) + "\r\n\r\n", 1000);
            assertThat(a.status()).as(a.raw()).isEqualTo(408);
            assertThat(a.json().get("field").asText()).isEqualTo("headers");
        }
        // cut before its request line was in: counted, with neither method nor route
        assertThat(count("UNKNOWN", "UNKNOWN", 408)).isEqualTo(1);
        try (Socket s = open()) {
            s.getOutputStream().write("GET /feed HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII)); // the line at once, the rest slowly
            Answer a = trickle(s, "Host: x\r\nX-Slow: " + "b".repeat(200) + "\r\n\r\n", 1000);
            assertThat(a.status()).as(a.raw()).isEqualTo(408);
            assertThat(a.json().get("field").asText()).isEqualTo("headers");
        }
        assertThat(count("GET", "/feed", 408)).isEqualTo(1);
        servesOn();
        assertThat(logText()).doesNotContain("ERROR");
    }

    @Test
    void aHeaderBlockThatStopsIsCutAfterThePauseWithA408() throws Exception {
        try (Socket s = open()) {
            s.getOutputStream().write("GET /feed HTTP/1.1\r\nHost: x\r\nX-Stopped: yes".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            Answer a = answer(s);
            assertThat(a.status()).as(a.raw()).isEqualTo(408);
            assertThat(a.json().get("field").asText()).isEqualTo("headers");
        }
        assertThat(count("GET", "/feed", 408)).isEqualTo(1);
        servesOn();
    }

    @Test
    void aClientThatClosesMidBodyIsOneWarningAndA499NeverAnErrorOrA500() throws Exception {
        try (Socket s = open()) {
            head(s, "POST /rooms", 100);
            s.getOutputStream().write("{\"room\":".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
        } // closed mid-body
        await(() -> count("POST", "/rooms", 499) == 1, "the abandoned request counted as a 499");
        assertThat(count("POST", "/rooms", 500)).isZero();
        String log = logText();
        List<String> lines = log.lines().filter(l -> l.contains("POST /rooms")).toList();
        assertThat(lines).as(log).hasSize(1);
        assertThat(lines.get(0)).contains("WARN").contains("closed the connection");
        assertThat(log).doesNotContain("ERROR").doesNotContain("\tat ").doesNotContain("Exception:");
        servesOn();
    }

    @Test
    void aServerThatHasReadMuchStillCutsATrickle() throws Exception {
        // the bytes Jetty's MinimumDataRateHandler added up over every request: 40 bodies of 4,000 bytes
        String padded = "{\"room\":\"load\"}" + " ".repeat(3985);
        for (int i = 0; i < 40; i++) {
            assertThat(f.post("/rooms", padded).status()).isIn(201, 429);
        }
        try (Socket s = open()) {
            head(s, "POST /rooms", 4000);
            Answer a = trickle(s, padded, 1000);
            assertThat(a.status()).as(a.raw()).isEqualTo(408);
            assertThat(a.json().get("field").asText()).isEqualTo("body");
        }
    }

    @Test
    void twoHundredTricklingClientsAtOnceLeaveTheGameAnswering() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) {
                Socket s = open();
                slow.add(s);
                head(s, "POST /rooms", 4000);
            }
            // while the 200 trickle (one driver thread, a byte to each every 300 ms), the game answers others
            CompletableFuture<List<Answer>> trickled = CompletableFuture.supplyAsync(() -> trickleAll(slow));
            String game = f.post("/rooms", Map.of("room", "busy")).json().get("game").asText();
            String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
            String id = f.guessId(game, "ada", guess);
            f.awaitScore(game, id);
            assertThat(f.get("/games/" + game + "/board").status()).isEqualTo(200);
            assertThat(f.get("/health").status()).isEqualTo(200);
            List<Answer> answers = trickled.get(90, TimeUnit.SECONDS);
            assertThat(answers).hasSize(200).allSatisfy(a -> {
                assertThat(a.status()).as(a.raw()).isEqualTo(408);
                assertThat(a.json().get("field").asText()).isEqualTo("body");
            });
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
        assertThat(count("POST", "/rooms", 408)).isEqualTo(200);
        assertThat(logText()).doesNotContain("ERROR");
    }

    // ---- over a socket

    record Answer(int status, String raw, JsonNode json) {
    }

    private Socket open() throws IOException {
        URI u = URI.create(f.server.url());
        Socket s = new Socket(u.getHost(), u.getPort());
        s.setSoTimeout(ANSWER_WITHIN_MS);
        return s;
    }

    private static void head(Socket s, String requestLine, int length) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write((requestLine + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Sends {@code text} a byte every {@code everyMs} until the server answers (or stops reading): its answer. */
    private static Answer trickle(Socket s, String text, long everyMs) throws IOException, InterruptedException {
        OutputStream out = s.getOutputStream();
        for (int i = 0; i < text.length() && s.getInputStream().available() == 0; i++) {
            try {
                out.write(text.charAt(i));
                out.flush();
            } catch (IOException closed) {
                break; // the server ended the request: read what it said
            }
            long until = System.nanoTime() + everyMs * 1_000_000L;
            while (System.nanoTime() < until && s.getInputStream().available() == 0) {
                Thread.sleep(20);
            }
        }
        return answer(s);
    }

    /** A byte every 300 ms to each of {@code sockets} not yet answered, until every one is: their answers, in order. */
    private static List<Answer> trickleAll(List<Socket> sockets) {
        try {
            Answer[] answers = new Answer[sockets.size()];
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (int sent = 0; sent < 4000 && System.nanoTime() < deadline; sent++) {
                boolean all = true;
                for (int i = 0; i < sockets.size(); i++) {
                    Socket s = sockets.get(i);
                    if (answers[i] != null) {
                        continue;
                    }
                    if (s.getInputStream().available() > 0) {
                        answers[i] = answer(s);
                        continue;
                    }
                    all = false;
                    try {
                        s.getOutputStream().write(' ');
                        s.getOutputStream().flush();
                    } catch (IOException closed) {
                        answers[i] = answer(s);
                    }
                }
                if (all) {
                    break;
                }
                Thread.sleep(300);
            }
            List<Answer> out = new ArrayList<>();
            for (int i = 0; i < answers.length; i++) {
                out.add(answers[i] != null ? answers[i] : answer(sockets.get(i)));
            }
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static final Pattern LENGTH = Pattern.compile("(?im)^Content-Length:\\s*(\\d+)\\s*$");

    /** The server's answer: its head, then its body of Content-Length bytes (or to the close). */
    private static Answer answer(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try {
            int c;
            while ((c = in.read()) >= 0) {
                got.write(c);
                String text = got.toString(StandardCharsets.ISO_8859_1);
                int end = text.indexOf("\r\n\r\n");
                if (end >= 0) {
                    Matcher m = LENGTH.matcher(text.substring(0, end));
                    if (m.find() && text.length() - end - 4 >= Integer.parseInt(m.group(1))) {
                        break;
                    }
                }
            }
        } catch (SocketTimeoutException | java.net.SocketException stopped) {
            // no answer in time, or a reset: what came is the answer
        }
        String raw = got.toString(StandardCharsets.UTF_8);
        int status = raw.startsWith("HTTP/1.") && raw.length() >= 12 ? Integer.parseInt(raw.substring(9, 12)) : -1;
        int end = raw.indexOf("\r\n\r\n");
        JsonNode json = null;
        if (end >= 0) {
            try {
                json = Json.MAPPER.readTree(raw.substring(end + 4));
            } catch (IOException notJson) {
                // asserted on by the caller
            }
        }
        return new Answer(status, raw, json);
    }

    // ---- the server after

    /** A request as usual is answered as usual. */
    private void servesOn() {
        assertThat(f.post("/rooms", Map.of("room", "fast")).status()).isEqualTo(201);
    }

    /** {@code http_server_requests_seconds_count} of {@code method uri status} in {@code /metrics}, 0 when absent. */
    private long count(String method, String uri, int status) {
        String scrape = f.manage("/metrics").body();
        Matcher m = Pattern.compile("(?m)^http_server_requests_seconds_count\\{([^}]*)} (\\S+)$").matcher(scrape);
        long n = 0;
        while (m.find()) {
            String tags = m.group(1);
            if (tags.contains("method=\"" + method + "\"") && tags.contains("uri=\"" + uri + "\"") && tags.contains("status=\"" + status + "\"")) {
                n += (long) Double.parseDouble(m.group(2));
            }
        }
        return n;
    }

    private String logText() {
        return logs.toString(StandardCharsets.UTF_8);
    }

    private static void await(java.util.function.BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(50);
        }
    }

    private static final class Json {
        static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = codemojex.app.http.Json.mapper();
    }
}
