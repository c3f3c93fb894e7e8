package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What the in-process tests share: a redis-server of the class's own (its streams written with
 * redis-cli), and the command line run in this JVM with its own stdout, stderr and environment
 * ({@code REDIS_URL} set to that server, so no test passes {@code --redis} unless it means to).
 */
abstract class CliTest {

    static final ObjectMapper JSON = new ObjectMapper().enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    static RedisServerProcess server;
    static RedisCli cli;

    /** What one run of the command line printed, and its exit code. */
    record Run(int code, String out, String err) {
        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (java.io.IOException e) {
                throw new UncheckedIOException("not JSON: " + out + "\nstderr: " + err, e);
            }
        }
    }

    @BeforeAll
    static void startRedis() {
        server = TestRedis.privateServer();
        cli = new RedisCli(server.port());
    }

    @AfterAll
    static void stopRedis() {
        server.close();
    }

    /** Runs {@code args} in this JVM against the class's server. */
    static Run run(String... args) {
        return runWith(Map.of("REDIS_URL", server.uri()), args);
    }

    /** Runs {@code args} in this JVM with {@code env} as its environment. */
    static Run runWith(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8); PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = EchoMqCli.run(o, e, env, args);
        }
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs {@code args}, which must succeed; the run. */
    static Run ok(String... args) {
        Run r = run(args);
        if (r.code() != 0) {
            throw new AssertionError("exit " + r.code() + " for " + String.join(" ", args) + "\nstderr: " + r.err() + "\nstdout: " + r.out());
        }
        return r;
    }

    /** A JSON number as a decimal, or null for JSON null. */
    static java.math.BigDecimal decimal(JsonNode n) {
        return n == null || n.isNull() ? null : n.decimalValue();
    }
}
