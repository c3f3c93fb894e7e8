package codemojex.app;

import codemojex.app.http.RouteTable;
import echomq.testkit.MovableClock;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The goal of #48 "0 write commands sent to Redis by the hostile corpus's anonymous requests",
 * counted by Redis itself ({@code INFO commandstats}: every command that may write, scripts
 * included): every GET route of {@link RouteTable}, event streams too, is sent the hostile corpus
 * and valid values (the app's declared windows among them) in each parameter, with no session.
 * Nothing else writes meanwhile (no score worker, a clock that stands still, so no pane or bucket
 * seals, and the server's own first checkpoints are saved before the count starts), so any write
 * counted is a request's, and the request that wrote is printed. The count is shown to move: a room
 * opened afterwards writes.
 */
class AnonymousReadsSendNoWriteTest {

    /**
     * Commands that write (Redis 7.0), by their {@code cmdstat_} names. Redis counts the commands a
     * script calls under their own names, so a script that writes is counted by what it writes;
     * {@code EVALSHA} itself is not a write (the library's read-only scripts, {@code stream-observe.lua}
     * and {@code server-time.lua}, run by it on every cached read).
     */
    static final Set<String> WRITES = Set.of("xadd", "xtrim", "xdel", "xack", "xgroup|create", "xgroup|createconsumer", "xgroup|delconsumer",
            "xgroup|setid", "xgroup|destroy", "xautoclaim", "xclaim", "xsetid", "set", "setnx", "setex", "psetex", "getset", "getdel", "del",
            "unlink", "expire", "pexpire", "expireat", "pexpireat", "persist", "hset", "hsetnx", "hmset", "hdel", "hincrby", "zadd",
            "zrem", "zincrby", "zremrangebyscore", "zremrangebyrank", "sadd", "srem", "spop", "incr", "incrby", "decr", "rename", "copy",
            "restore", "lpush", "rpush", "lpop", "rpop", "append", "publish", "flushall", "flushdb");

    @Test
    void noGetRouteNorEventStreamSendsAWriteCommandForAnAnonymousCaller() throws Exception {
        MovableClock clock = new MovableClock();
        try (RedisServerProcess redis = TestRedis.privateServer("--save", "");
             Codemojex app = Codemojex.connect(redis.uri(), AppFixture.onClock(clock).build())) {
            app.worker().start();
            Random r = new Random(48);
            String game = app.useCases().rooms().open("anonymous").game();
            for (int i = 0; i < 12; i++) {
                clock.advance(Duration.ofSeconds(9));
                app.useCases().guesses().submit(game, TestPlayers.id("p" + i % 3), "p" + i % 3, app.useCases().games().game(game).keyboard().drawGuess(r).toString());
            }
            AppFixture.await("every guess scored", () -> app.useCases().feeds().feed(codemojex.app.core.FeedWindow.parse("15m")).value().guesses() == 12);
            app.worker().stop();
            clock.advance(Duration.ofMinutes(2));
            try (Server server = Server.start(app, ServerOptions.on("127.0.0.1", 0).withoutWorker().withCheckpointEvery(CHECKPOINTS))) {
                AppFixture.awaitReady(server);
                HttpClient http = HttpClient.newHttpClient();
                String guessId = app.useCases().feeds().feed(codemojex.app.core.FeedWindow.parse("1h")).value().newest().head().guessId();
                Map<String, String> real = Map.of("game", game, "guessId", guessId);
                String today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).toString();
                List<String> values = new ArrayList<>(List.of("1h", "15m", "24h", "7d", "1m", "5m", "1d", "1w", "10", "3", today, "05:00", "UTC",
                        clock.instant().toString(), game, guessId, "true"));
                values.addAll(HostileInputTest.corpus().stream().filter(s -> s.length() < 2000).limit(160).toList());

                // the server's own first folds and checkpoints (the live feed, the chart, the boards' timer, every second
                // here) are done before the count starts: a write of theirs during the pass would be counted as a request's
                Map<String, Long> before = awaitNoWrites(redis, QUIET);
                int sent = 0;
                for (RouteTable.Route route : RouteTable.ALL) {
                    if (!route.method().equals("GET")) {
                        continue;
                    }
                    List<String> paths = new ArrayList<>();
                    paths.add(HostileInputTest.fill(route, real, null, null));
                    for (String v : values) {
                        String q = URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20");
                        for (String p : route.pathParams()) {
                            paths.add(HostileInputTest.fill(route, real, p, q));
                        }
                        for (String p : route.query()) {
                            paths.add(HostileInputTest.fill(route, real, null, null) + "?" + p + "=" + q);
                        }
                    }
                    for (String path : paths) {
                        Map<String, Long> one = writes(redis);
                        get(http, server.url() + path, route.kind() == RouteTable.Kind.SSE);
                        sent++;
                        if (!writes(redis).equals(one)) {
                            System.out.println("[anonymous reads] wrote: GET " + path);
                        }
                    }
                }
                AppFixture.sleep(300); // an event stream's last frames are written after its request returned
                Map<String, Long> after = writes(redis);
                System.out.println("[anonymous reads] " + sent + " GET requests and event streams; write commands before " + before + ", after " + after);
                assertThat(sent).isGreaterThan(1000);
                assertThat(after).as("write commands sent by anonymous reads").isEqualTo(before);

                // the count moves when something writes: a room opened
                HttpResponse<String> opened = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/rooms"))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"room\":\"control\"}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(opened.statusCode()).isEqualTo(201);
                assertThat(writes(redis)).as("write commands after a room opened").isNotEqualTo(after);
            }
        }
    }

    /**
     * The server's board checkpoints: every second, so that the first ones are done a second after the
     * start, and the pass (over ten seconds) runs through a dozen more, each of which must write nothing
     * (nothing was scored since the last).
     */
    static final Duration CHECKPOINTS = Duration.ofSeconds(1);
    /** How long Redis counts no write before the pass starts: five checkpoints, and more than a round of the live lead (a third of its lease). */
    static final Duration QUIET = Duration.ofSeconds(5);

    /** Waits (up to 60 s) until Redis has counted no write command for {@code quiet}; the counts then. */
    static Map<String, Long> awaitNoWrites(RedisServerProcess redis, Duration quiet) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Map<String, Long> last = writes(redis);
        long since = System.nanoTime();
        while (System.nanoTime() - since < quiet.toNanos()) {
            assertThat(System.nanoTime()).as("the server's own writes done within 60 s; the last counts %s", last).isLessThan(deadline);
            AppFixture.sleep(100);
            Map<String, Long> now = writes(redis);
            if (!now.equals(last)) {
                last = now;
                since = System.nanoTime();
            }
        }
        return last;
    }

    private static void get(HttpClient http, String url, boolean stream) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
        if (stream) {
            b.header("Accept", "text/event-stream");
            http.send(b.GET().build(), info -> info.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")
                    ? new HostileInputTest.Cancelled() : HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8));
        } else {
            http.send(b.GET().build(), HttpResponse.BodyHandlers.discarding());
        }
    }

    /** Calls of every command that may write, by name, from Redis' own counts. */
    static Map<String, Long> writes(RedisServerProcess redis) {
        Map<String, Long> out = new TreeMap<>();
        for (String line : redis.command("INFO", "commandstats").split("\r?\n")) {
            if (!line.startsWith("cmdstat_")) {
                continue;
            }
            String name = line.substring("cmdstat_".length(), line.indexOf(':'));
            if (WRITES.contains(name)) {
                String calls = line.replaceAll("^[^:]*:calls=(\\d+),.*", "$1"); // the first count; rejected_calls and failed_calls follow
                out.put(name, Long.parseLong(calls));
            }
        }
        return out;
    }
}
