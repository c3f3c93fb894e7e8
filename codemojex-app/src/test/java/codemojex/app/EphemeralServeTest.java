package codemojex.app;

import codemojex.app.cli.CodemojexCli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** A real {@code serve --ephemeral} process leaves nothing behind once stopped: not its Redis, not its temporary directory. */
class EphemeralServeTest {

    Process serve;

    @AfterEach
    void killWhatIsLeft() throws Exception {
        if (serve != null && serve.isAlive()) {
            serve.descendants().forEach(ProcessHandle::destroyForcibly);
            serve.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    static List<Path> redisDirs(Path tmp) throws Exception {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("codemojex-redis-")).toList();
        }
    }

    @Test
    void aStoppedEphemeralServeDeletesItsTemporaryDirectory(@TempDir Path tmp) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = tmp.resolve("serve.log");
        serve = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.io.tmpdir=" + tmp,
                "-cp", System.getProperty("java.class.path"), CodemojexCli.class.getName(), "serve", "--ephemeral", "--port", Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        boolean up = false;
        while (!up && System.nanoTime() < deadline) {
            assertThat(serve.isAlive()).as("serve exited:\n%s", Files.exists(log) ? Files.readString(log) : "").isTrue();
            try {
                up = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString()).body().contains("\"status\":\"UP\"");
            } catch (java.io.IOException notYet) {
                Thread.sleep(100);
            }
        }
        assertThat(up).as("serve came up:\n%s", Files.readString(log)).isTrue();
        List<Path> running = redisDirs(tmp);
        assertThat(running).as("the ephemeral Redis' directory, while it runs").hasSize(1);
        List<ProcessHandle> children = serve.children().toList();
        serve.destroy(); // SIGTERM: the shutdown hook stops the Redis
        assertThat(serve.waitFor(30, TimeUnit.SECONDS)).as("serve stops on SIGTERM").isTrue();
        assertThat(redisDirs(tmp)).as("left behind:\n%s", Files.readString(log)).isEmpty();
        assertThat(children).as("its redis-server").isNotEmpty().noneMatch(ProcessHandle::isAlive);
    }
}
