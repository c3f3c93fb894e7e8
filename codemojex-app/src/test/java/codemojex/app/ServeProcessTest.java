package codemojex.app;

import codemojex.app.cli.CodemojexCli;
import codemojex.app.redis.DataDirectory;
import codemojex.app.redis.EmbeddedRedis;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code serve} as an OS process of its own on a data directory: what was played is there after a
 * SIGTERM, after a SIGKILL of the JVM and of its Redis (at most the last second of writes may be
 * lost: the test waits longer than that), and while no worker runs, guesses wait and are scored
 * later. A second {@code serve} on the same directory refuses; the read commands find the data.
 */
class ServeProcessTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    /** Session tokens by game and player, across the servers a test starts on one data directory. */
    static final java.util.Map<String, String> TOKENS = new java.util.concurrent.ConcurrentHashMap<>();

    /** Every process a test started, killed after it whatever happened (with the Redis servers they started). */
    static final List<ProcessHandle> STARTED = new java.util.concurrent.CopyOnWriteArrayList<>();

    @org.junit.jupiter.api.AfterEach
    void killWhatIsLeft() {
        killStarted();
    }

    /** Kills every process a test started, with what they started. */
    static void killStarted() {
        for (ProcessHandle p : STARTED) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        STARTED.clear();
    }

    /** A {@code serve} process. */
    record Serve(Process process, int port, int managementPort, Path log, Path data) {

        static Serve start(Path data, String... extra) throws IOException {
            return start(data, java.util.Map.of(), extra);
        }

        /** As {@link #start(Path, String...)}, with {@code env} added to the process's environment. */
        static Serve start(Path data, java.util.Map<String, String> env, String... extra) throws IOException {
            int port;
            int managementPort;
            try (ServerSocket s = new ServerSocket(0); ServerSocket m = new ServerSocket(0)) {
                port = s.getLocalPort();
                managementPort = m.getLocalPort();
            }
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), CodemojexCli.class.getName(), "serve", "--port", Integer.toString(port),
                    "--management-port", Integer.toString(managementPort), "--data", data.toString()));
            cmd.addAll(List.of(extra));
            Path log = Files.createTempFile("serve-", ".log");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            STARTED.add(p.toHandle());
            return new Serve(p, port, managementPort, log, data);
        }

        /** Waits until it serves; fails with its log when it does not. */
        Serve ready() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new AssertionError("serve exited with " + process.exitValue() + ":\n" + Files.readString(log));
                }
                try {
                    if (manage("/health").path("redis").asText().equals("up")) {
                        return this;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(100);
            }
            throw new AssertionError("serve did not come up:\n" + Files.readString(log));
        }

        /** {@code GET path} on its management port (the detailed {@code /health}). */
        JsonNode manage(String path) throws IOException, InterruptedException {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + path))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            return JSON.readTree(r.body());
        }

        JsonNode get(String path) throws IOException, InterruptedException {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            return JSON.readTree(r.body());
        }

        JsonNode post(String path, String body) throws IOException, InterruptedException {
            return post(path, body, java.util.Map.of());
        }

        JsonNode post(String path, String body, java.util.Map<String, String> headers) throws IOException, InterruptedException {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json");
            headers.forEach(b::header);
            HttpResponse<String> r = HTTP.send(b.POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            return JSON.readTree(r.body());
        }

        /** {@code player}'s session token in {@code game}: joined once, kept across restarts of the server (the session is in Redis). */
        String token(String game, String player) throws Exception {
            String known = TOKENS.get(game + "/" + player);
            if (known != null) {
                return known;
            }
            JsonNode joined = post("/games/" + game + "/players", JSON.writeValueAsString(java.util.Map.of("name", player)));
            String token = joined.path("token").asText();
            if (token.isEmpty()) {
                throw new AssertionError("join answered " + joined);
            }
            TOKENS.put(game + "/" + player, token);
            return token;
        }

        String openGame() throws Exception {
            return post("/rooms", "{\"room\":\"durable\"}").get("game").asText();
        }

        /** Submits a guess of the first six keys shifted by {@code shift}; its guess id. */
        String guess(String game, String player, int shift) throws Exception {
            JsonNode keys = get("/games/" + game).get("keyboard");
            StringBuilder g = new StringBuilder();
            for (int i = 0; i < 6; i++) {
                g.append(keys.get((i + shift) % keys.size()).asText());
            }
            return post("/games/" + game + "/guesses", JSON.writeValueAsString(java.util.Map.of("guess", g.toString())),
                    java.util.Map.of("Authorization", "Bearer " + token(game, player))).get("guessId").asText();
        }

        String awaitStatus(String game, String guessId, String expected) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            String status = "";
            while (System.nanoTime() < deadline) {
                status = get("/games/" + game + "/guesses/" + guessId).path("status").asText();
                if (status.equals(expected)) {
                    return status;
                }
                Thread.sleep(50);
            }
            return status;
        }

        /** SIGTERM, and the exit. */
        int stop() throws Exception {
            process.destroy();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("serve stops on SIGTERM").isTrue();
            return process.exitValue();
        }

        /** SIGKILL of the JVM and (when {@code redisToo}) of the Redis it started; returns that Redis' process. */
        ProcessHandle kill(boolean redisToo) throws Exception {
            // the pid the embedded server wrote into the data directory (Debian's redis-server is a link to another binary)
            long pid = Long.parseLong(Files.readString(data.resolve(EmbeddedRedis.PID_FILE)).trim());
            ProcessHandle redis = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no embedded redis-server " + pid));
            STARTED.add(redis); // once its parent is gone, it is no descendant of anything this test started
            assertThat(process.toHandle().children()).contains(redis);
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            if (redisToo) {
                redis.destroyForcibly();
                redis.onExit().get(30, TimeUnit.SECONDS);
            }
            return redis;
        }
    }

    static void assertGameIsThere(Serve s, String game, int guesses) throws Exception {
        assertThat(s.get("/games/" + game).path("game").asText()).isEqualTo(game);
        assertThat(s.get("/games/" + game + "/board").get("board")).isNotEmpty();
        assertThat(s.get("/feed?since=1h").get("guesses").asInt()).isEqualTo(guesses);
    }

    @Test
    void aGracefulStopKeepsTheGameTheBoardTheFeedAndThePendingGuesses(@TempDir Path data) throws Exception {
        Serve first = Serve.start(data).ready();
        String game = first.openGame();
        List<String> scored = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            scored.add(first.guess(game, "ada" + i, i));
        }
        for (String id : scored) {
            assertThat(first.awaitStatus(game, id, "scored")).isEqualTo("scored");
        }
        JsonNode board = first.get("/games/" + game + "/board").get("board");
        assertThat(first.stop()).isIn(0, 130, 143);
        assertThat(Files.getPosixFilePermissions(data.resolve(DataDirectory.CONNECTION)))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.getPosixFilePermissions(data.resolve("redis.conf"))).isEqualTo(PosixFilePermissions.fromString("rw-------"));

        // the same data through the other client: what one wrote, the other reads and scores
        Serve apiOnly = Serve.start(data, "--no-worker", "--client", "lettuce").ready();
        assertGameIsThere(apiOnly, game, 3);
        assertThat(apiOnly.get("/games/" + game + "/board").get("board")).isEqualTo(board);
        List<String> pending = List.of(apiOnly.guess(game, "bob", 4), apiOnly.guess(game, "cy", 5));
        for (String id : pending) {
            assertThat(apiOnly.get("/games/" + game + "/guesses/" + id).path("status").asText()).isEqualTo("pending");
        }
        apiOnly.stop();

        Serve again = Serve.start(data, "--client", "lettuce").ready();
        for (String id : pending) {
            assertThat(again.awaitStatus(game, id, "scored")).as("pending guess %s", id).isEqualTo("scored");
        }
        assertThat(again.manage("/health").path("client").asText()).isEqualTo("lettuce");
        assertGameIsThere(again, game, 5);
        again.stop();
    }

    /**
     * Waits until the Redis of {@code data} has written its AOF buffer to the file (what a killed process keeps): with
     * {@code appendfsync everysec}, Redis holds writes back while a slow background fsync runs, up to two seconds, which a
     * loaded machine's disk can take.
     */
    static void awaitAofWritten(Path data) throws InterruptedException {
        String uri = DataDirectory.at(data).connection().getOrElseThrow(() -> new AssertionError("no connection file in " + data));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        try (redis.clients.jedis.UnifiedJedis redis = echomq.redis.RedisConnections.connect(uri)) {
            String info = "";
            while (System.nanoTime() < deadline) {
                info = redis.info("persistence");
                if (info.contains("aof_buffer_length:0\r\n")) {
                    return;
                }
                Thread.sleep(50);
            }
            throw new AssertionError("the AOF buffer was not written in 20 s: " + info);
        }
    }

    @Test
    void aKilledServeAndItsRedisLoseNothingOlderThanASecond(@TempDir Path data) throws Exception {
        Serve first = Serve.start(data).ready();
        String game = first.openGame();
        String id = first.guess(game, "ada", 1);
        assertThat(first.awaitStatus(game, id, "scored")).isEqualTo("scored");
        Thread.sleep(1_500); // appendfsync everysec: what is older than a second is on disk
        awaitAofWritten(data);
        first.kill(true);

        Serve second = Serve.start(data).ready();
        assertGameIsThere(second, game, 1);
        // only the JVM dies this time: its Redis lives on, and the next serve takes it over instead of starting another
        String id2 = second.guess(game, "bob", 2);
        assertThat(second.awaitStatus(game, id2, "scored")).isEqualTo("scored");
        ProcessHandle orphan = second.kill(false);
        assertThat(orphan.isAlive()).isTrue();

        Serve third = Serve.start(data).ready();
        assertGameIsThere(third, game, 2);
        assertThat(Files.readString(third.log())).contains("took over the Redis still serving data directory");
        third.stop();
        assertThat(orphan.onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse(); // the owner stopped it
    }

    @Test
    void aSecondServeOnTheSameDirectoryRefusesAndTheReadCommandsFindTheData(@TempDir Path data) throws Exception {
        Serve first = Serve.start(data).ready();
        String game = first.openGame();
        String id = first.guess(game, "ada", 0);
        assertThat(first.awaitStatus(game, id, "scored")).isEqualTo("scored");
        String password = java.net.URI.create(Files.readString(data.resolve(DataDirectory.CONNECTION)).trim()).getUserInfo();

        Serve second = Serve.start(data);
        assertThat(second.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(second.process().exitValue()).isNotZero();
        String refusal = Files.readString(second.log());
        assertThat(refusal).contains("data directory " + data.toRealPath()).contains("in use by another Codemojex process")
                .contains("redis://***@127.0.0.1:").doesNotContain(password.substring(1));

        // a read command uses the running server
        assertThat(cli("board", game, "--data", data.toString())).contains("ada");
        assertThat(cli("board", game, "--data", data.toString(), "--client", "LETTUCE")).contains("ada");
        first.stop();
        // and with none running, starts one on the data for as long as it reads
        assertThat(cli("feed", "--data", data.toString())).contains("1 guess by 1 player").contains("ada scored");
        assertThat(cli("rebuild-board", game, "--data", data.toString())).contains("equals the live board");
    }

    static String cli(String... args) {
        CliTest.Run r = CliTest.cli(args);
        assertThat(r.code()).as("codemojex %s: %s %s", String.join(" ", args), r.out(), r.err()).isZero();
        return r.out();
    }
}
