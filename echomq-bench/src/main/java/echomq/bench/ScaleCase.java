package echomq.bench;

import codemojex.app.Codemojex;
import codemojex.app.Settings;
import codemojex.app.redis.RedisBoard;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.PlayerIds;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.testkit.RedisServerProcess;
import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.UnifiedJedis;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * 14. Scale, measured as curves (issue #30): {@code serve} as an OS process of its own on a private
 * Redis, while the bench grows one dimension at a time and measures each step.
 * <ul>
 *   <li>open games (10 → 10,000): the latency (median, p99) and Redis commands per request of the
 *       lobby ({@code /rooms/openings}, the first {@code lobby} event of {@code /lobby/events}, and the
 *       commands of one recompute of the lobby's list), a board and the feed;</li>
 *   <li>players on one game's board (10 → 1,000): the board's and the feed's;</li>
 *   <li>event-stream clients on {@code /feed/events} (10 → 1,000, from several loopback addresses):
 *       the delay from a scored guess appended to the last client having it, serve's RSS, threads
 *       and heap after a GC, and the bytes per client they come to;</li>
 *   <li>log length (10k → 1M {@code guess-scored} entries older than a day, beside a fixed hour of
 *       1,000): a cold start to the management {@code /health} ok and to the first {@code /feed}
 *       answer, before the first board checkpoint and after it.</li>
 * </ul>
 * RSS and threads are the OS's ({@code /proc/<pid>/status}); commands per request are the change
 * of {@code total_commands_processed} around a batch of requests, divided by the requests: the
 * lowest of five batches, so that a periodic task of the server (the lobby's 5 s tick, the
 * followers' blocking reads) falling into one batch is not charged to the route. Every verdict is
 * computed from the figures.
 */
final class ScaleCase {

    private ScaleCase() {
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    /** The fixed hour of the log dimension: scored guesses in the last hour, whatever the length of the log before it. */
    private static final int RECENT = 1_000;

    /** Latency and Redis cost of one route at one step. */
    private record Figures(double median, double p99, double commands) {
    }

    /** A {@code serve} process on the bench's classpath; its own log file. */
    private record Serve(Process process, int port, int management, Path log) {

        static Serve start(String uri, Path log) throws IOException {
            int port = RedisServerProcess.freePort();
            int management = RedisServerProcess.freePort();
            // no worker: the bench appends the scored guesses itself, so a fan-out is timed from the append;
            // no read limit: every request of the bench comes from loopback
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                    "-cp", System.getProperty("java.class.path"), "codemojex.app.cli.CodemojexCli", "serve", "--redis", uri,
                    "--port", Integer.toString(port), "--management-port", Integer.toString(management), "--no-worker",
                    "--read-rate", "0", "--node", "61", "--checkpoint-every", "1s").redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new Serve(p, port, management, log);
        }

        String url(String path) {
            return "http://127.0.0.1:" + port + path;
        }

        /** Milliseconds from {@code t0} until the management {@code /health} says {@code ok}. */
        double awaitHealthy(long t0) throws Exception {
            return awaitStatus(t0, "http://127.0.0.1:" + management + "/health", "\"status\":\"ok\"");
        }

        /** Milliseconds from {@code t0} until {@code GET /feed} answers 200. */
        double awaitFeed(long t0) throws Exception {
            return awaitStatus(t0, url("/feed?since=1h"), "\"items\"");
        }

        /**
         * Milliseconds from {@code t0} until the first {@code feed} event of {@code /feed/events} has
         * arrived (the live feed with its per-minute chart: what a page is sent first).
         */
        double awaitFeedEvent(long t0) throws Exception {
            firstEvent(url("/feed/events?buckets=false"), "feed");
            return (System.nanoTime() - t0) / 1e6;
        }

        private double awaitStatus(long t0, String url, String expected) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("serve exited with " + process.exitValue() + ":\n" + Files.readString(log));
                }
                try {
                    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() == 200 && r.body().contains(expected)) {
                        return (System.nanoTime() - t0) / 1e6;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(20);
            }
            throw new IllegalStateException(url + " did not answer in 120 s:\n" + Files.readString(log));
        }

        /** A figure of {@code /proc/<pid>/status}, such as {@code VmRSS} (kB) or {@code Threads}. */
        long status(String field) throws IOException {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]);
                }
            }
            throw new IllegalStateException("no " + field + " in /proc/" + process.pid() + "/status");
        }

        /** The heap in use right after a full GC ({@code jcmd GC.run}, then the JVM's own meters on {@code /metrics}). */
        double heapAfterGcMb() throws Exception {
            Process gc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(process.pid()),
                    "GC.run").redirectErrorStream(true).start();
            gc.getInputStream().readAllBytes();
            gc.waitFor(30, TimeUnit.SECONDS);
            String metrics = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            Matcher m = Pattern.compile("(?m)^jvm_memory_used_bytes\\{area=\"heap\"[^}]*} (\\S+)$").matcher(metrics);
            double sum = 0;
            while (m.find()) {
                sum += Double.parseDouble(m.group(1));
            }
            return sum / 1e6;
        }

        /** SIGTERM, as an operator stops it; killed if it has not stopped in 30 s. */
        void stop() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    static void run(Harness h, boolean quick, Path target) throws Exception {
        Path logs = Files.createDirectories(target.resolve("scale"));
        List<String> verdicts = new ArrayList<>();
        try (RedisServerProcess redis = RedisServerProcess.startOwned();
             UnifiedJedis jedis = RedisConnections.connect(redis.uri());
             Codemojex loader = Codemojex.connect(redis.uri(), Settings.builder().node(62).build())) {
            RedisStreamAppend scored = new RedisStreamAppend(jedis, new Snowflake(63, System::currentTimeMillis));
            Serve serve = Serve.start(redis.uri(), logs.resolve("serve-1.log"));
            try {
                serve.awaitFeed(System.nanoTime());
                String game = games(h, jedis, loader, serve, quick ? new int[] {10, 100, 1_000} : new int[] {10, 100, 1_000, 10_000},
                        quick ? 50 : 100, verdicts);
                players(h, jedis, loader, scored, serve, game, new int[] {10, 100, 1_000}, quick ? 50 : 100, verdicts);
                clients(serve, scored, game, quick ? new int[] {0, 10, 100, 300} : new int[] {0, 10, 100, 500, 1_000}, verdicts);
            } finally {
                serve.stop();
            }
            int[] lengths = quick ? new int[] {10_000, 100_000} : new int[] {10_000, 100_000, 1_000_000};
            logLength(jedis, redis.uri(), logs, lengths, false, verdicts);
            logLength(jedis, redis.uri(), logs, lengths, true, verdicts);
        }
        System.out.println("\n14. verdicts (computed from the figures above):");
        verdicts.forEach(v -> System.out.println("   " + v));

    }

    // ---- games ----

    private static String games(Harness h, UnifiedJedis jedis, Codemojex loader, Serve serve, int[] steps, int n, List<String> verdicts)
            throws Exception {
        String title = "14a. open games";
        String[] routes = {"lobby /rooms/openings", "lobby first event (/lobby/events)", "lobby recompute (one room opened)",
                "board /games/{id}/board", "feed /feed?since=1h", "page /", "liveness /health"};
        Figures[][] at = new Figures[steps.length][routes.length];
        Table table = new Table(title, "games", "route", "median ms", "p99 ms", "Redis commands / request", "serve RSS MB", "threads");
        String first = null;
        int opened = 0;
        for (int s = 0; s < steps.length; s++) {
            long t0 = System.nanoTime();
            for (; opened < steps[s]; opened++) {
                String g = loader.useCases().rooms().open("room-" + opened % 20).game();
                first = first == null ? g : first;
            }
            System.out.printf("   %d games open (%.1f s to open %s)%n", steps[s], (System.nanoTime() - t0) / 1e9, s == 0 ? "them" : "the new ones");
            settle();
            String board = first;
            at[s][0] = measure(jedis, n, () -> get(serve.url("/rooms/openings")));
            at[s][1] = measure(jedis, Math.max(10, n / 5), () -> firstEvent(serve.url("/lobby/events"), "lobby"));
            at[s][2] = lobbyRecompute(jedis, loader);
            at[s][3] = measure(jedis, n, () -> get(serve.url("/games/" + board + "/board")));
            at[s][4] = measure(jedis, n, () -> get(serve.url("/feed?since=1h")));
            at[s][5] = measure(jedis, n, () -> get(serve.url("/")));
            at[s][6] = measure(jedis, n, () -> get(serve.url("/health")));
            long rss = serve.status("VmRSS");
            long threads = serve.status("Threads");
            for (int r = 0; r < routes.length; r++) {
                table.row(Integer.toString(steps[s]), routes[r], at[s][r], rss, threads);
            }
        }
        table.print(h, steps);
        for (int r = 0; r < routes.length; r++) {
            // judged from the second step on: at the first the lobby has fewer games than it reads (at most 2 x 20)
            verdicts.add(flatness(title + ", " + routes[r], "games", steps, 1, at, r));
        }
        return first;
    }

    /**
     * The commands of one recompute of the lobby's list: a room opened wakes it (after its 500 ms
     * debounce); what Redis ran in the 1.5 s after the open returned, the lowest of three (a 5 s
     * tick may fall into one). Latency is not what this row is for: the time of the wait.
     */
    private static Figures lobbyRecompute(UnifiedJedis jedis, Codemojex loader) throws InterruptedException {
        double least = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            loader.useCases().rooms().open("lobby-probe");
            long c0 = totalCommands(jedis);
            Thread.sleep(1_500);
            least = Math.min(least, totalCommands(jedis) - c0 - 1);
        }
        return new Figures(Double.NaN, Double.NaN, least);
    }

    // ---- players ----

    private static void players(Harness h, UnifiedJedis jedis, Codemojex loader, RedisStreamAppend scored, Serve serve, String game,
                                int[] steps, int n, List<String> verdicts) throws Exception {
        String title = "14b. players on one game's board";
        String[] routes = {"board /games/{id}/board (top 10)", "board /games/{id}/board?top=1000", "feed /feed?since=1h"};
        Figures[][] at = new Figures[steps.length][routes.length];
        Table table = new Table(title, "players", "route", "median ms", "p99 ms", "Redis commands / request", "serve RSS MB", "threads");
        RedisBoard board = new RedisBoard(loader.redis().calls());
        Snowflake minter = new Snowflake(64, System::currentTimeMillis);
        String room = loader.useCases().games().game(game).room();
        int joined = 0;
        for (int s = 0; s < steps.length; s++) {
            List<LinkedHashMap<String, String>> events = new ArrayList<>();
            for (; joined < steps[s]; joined++) {
                String playerId = PlayerIds.mint(minter);
                String name = "player-" + joined;
                int points = 20 * (joined % 30);
                board.record(game, playerId, name, points);
                events.add(new GuessScored(game, room, playerId, name, "GUE" + joined, points, Math.round(points / 6f), points).fields());
            }
            scored.appendBatch(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED), events);
            settle();
            at[s][0] = measure(jedis, n, () -> get(serve.url("/games/" + game + "/board")));
            at[s][1] = measure(jedis, n, () -> get(serve.url("/games/" + game + "/board?top=1000")));
            at[s][2] = measure(jedis, n, () -> get(serve.url("/feed?since=1h")));
            long rss = serve.status("VmRSS");
            long threads = serve.status("Threads");
            for (int r = 0; r < routes.length; r++) {
                table.row(Integer.toString(steps[s]), routes[r], at[s][r], rss, threads);
            }
        }
        table.print(h, steps);
        verdicts.add(flatness(title + ", " + routes[0], "players", steps, 0, at, 0));
        verdicts.add(flatness(title + ", " + routes[2], "players", steps, 0, at, 2));
        verdicts.add(String.format("%s, %s: %.1f -> %.1f commands, median %.2f -> %.2f ms (it sends every player up to 1,000: "
                        + "linear by what it answers, no goal)", title, routes[1], at[0][1].commands(), at[steps.length - 1][1].commands(),
                at[0][1].median(), at[steps.length - 1][1].median()));
    }

    // ---- event-stream clients ----

    private static void clients(Serve serve, RedisStreamAppend scored, String game, int[] steps, List<String> verdicts) throws Exception {
        String title = "14c. event-stream clients on /feed/events";
        Table table = new Table(title, "clients", "fan-out median ms (all clients, median of 5)", "to the last client ms (median of 5)",
                "to the last client, worst of 5", "not delivered", "serve RSS MB", "heap after GC MB", "threads");
        double[] rss = new double[steps.length];
        double[] heap = new double[steps.length];
        double[] fanMedian = new double[steps.length];
        double[] fanLast = new double[steps.length];
        long dropped = 0;
        int k = 0;
        try (SseClients clients = new SseClients(serve.port(), "/feed/events?buckets=false", "feed")) {
            for (int s = 0; s < steps.length; s++) {
                clients.add(steps[s] - clients.size());
                int open = clients.awaitOpened(60_000);
                if (open < steps[s]) {
                    System.out.println("   only " + open + " of " + steps[s] + " clients were sent their first event in 60 s");
                }
                double[] medians = new double[5];
                double[] lasts = new double[5];
                long missing = 0;
                for (int round = 0; round < (steps[s] == 0 ? 0 : 5); round++) {
                    String name = "fan-" + k++;
                    clients.watchFor("\"" + name + "\"");
                    long t0 = System.nanoTime();
                    scored.append(StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED),
                            new GuessScored(game, "room-0", PlayerIds.ofName(name), name, "FAN" + k, 100, 17, 100).fields());
                    double[] delays = clients.awaitMarker(t0, 10_000);
                    missing += steps[s] - delays.length;
                    medians[round] = delays.length == 0 ? Double.NaN : Harness.median(delays);
                    lasts[round] = delays.length == 0 ? Double.NaN : delays[delays.length - 1];
                    Thread.sleep(300);
                }
                dropped += missing;
                heap[s] = serve.heapAfterGcMb();
                rss[s] = serve.status("VmRSS") / 1024.0;
                fanMedian[s] = steps[s] == 0 ? Double.NaN : Harness.median(medians);
                fanLast[s] = steps[s] == 0 ? Double.NaN : Harness.median(lasts);
                table.cells(Integer.toString(steps[s]), fmt(fanMedian[s]), fmt(fanLast[s]),
                        fmt(steps[s] == 0 ? Double.NaN : Arrays.stream(lasts).max().orElse(Double.NaN)), Long.toString(missing + clients.closed()),
                        String.format("%.1f", rss[s]), String.format("%.1f", heap[s]), Long.toString(serve.status("Threads")));
            }
            dropped += clients.closed();
        }
        table.print(null, steps);
        double[] x = Arrays.stream(steps).asDoubleStream().toArray();
        double[] rssFit = fit(x, rss);
        double[] heapFit = fit(x, heap);
        verdicts.add(String.format("%s, memory: RSS %.0f bytes per client (least squares, R² %.2f), heap after GC %.0f bytes per client "
                        + "(R² %.2f): %s", title, rssFit[0] * 1024 * 1024, rssFit[1], heapFit[0] * 1e6, heapFit[1],
                heapFit[1] >= 0.9 ? "linear in clients" : "not a clean line (R² below 0.9): read the table"));
        int last = steps.length - 1;
        verdicts.add(String.format("%s, fan-out: median %.1f ms at %d clients, %.1f ms at %d; the last client %.1f ms at %d; %d not "
                        + "delivered in 10 s: %s", title, fanMedian[1], steps[1], fanMedian[last], steps[last], fanLast[last], steps[last], dropped,
                dropped == 0 ? "none dropped" : "SOME DROPPED"));
    }

    // ---- log length ----

    /**
     * Cold starts over a log of each length: the entries older than a day ({@code withinHour}
     * false: outside every window the app serves), or all of them in the last hour (true: the
     * feed's hour, whose sealed one-minute panes the app checkpoints, so that a restart should not
     * fold them again).
     */
    private static void logLength(UnifiedJedis jedis, String uri, Path logs, int[] steps, boolean withinHour, List<String> verdicts)
            throws Exception {
        String title = withinHour ? "14e. log length (guess-scored entries all in the last hour)"
                : "14d. log length (guess-scored entries older than a day, beside a fixed last hour of " + RECENT + ")";
        String tag = withinHour ? "hour" : "old";
        Table table = new Table(title, "entries", "load s", "first start: /health ok ms", "first /feed ms", "first /feed/events event ms", "first board checkpoint s", "RSS after it MB", "heap after GC MB",
                "restart: /health ok ms", "first /feed ms", "first /feed/events event ms", "feed median ms", "feed commands / request", "RSS MB", "threads");
        double[] restartHealth = new double[steps.length];
        double[] restartFeed = new double[steps.length];
        double[] restartEvent = new double[steps.length];
        for (int s = 0; s < steps.length; s++) {
            jedis.flushAll();
            long l0 = System.nanoTime();
            loadLog(jedis, steps[s], withinHour);
            double loadS = (System.nanoTime() - l0) / 1e9;
            long t0 = System.nanoTime();
            Serve first = Serve.start(uri, logs.resolve("serve-" + tag + "-" + steps[s] + "-first.log"));
            double firstHealth;
            double firstFeed;
            double firstEvent;
            double checkpointS;
            double checkpointRss;
            double checkpointHeap;
            try {
                firstHealth = first.awaitHealthy(t0);
                firstFeed = first.awaitFeed(t0);
                firstEvent = first.awaitFeedEvent(t0);
                awaitBoardCheckpoint(jedis);
                checkpointS = (System.nanoTime() - t0) / 1e9;
                checkpointRss = first.status("VmRSS") / 1024.0;
                checkpointHeap = first.heapAfterGcMb();
            } finally {
                first.stop();
            }
            long t1 = System.nanoTime();
            Serve again = Serve.start(uri, logs.resolve("serve-" + tag + "-" + steps[s] + "-restart.log"));
            try {
                restartHealth[s] = again.awaitHealthy(t1);
                restartFeed[s] = again.awaitFeed(t1);
                restartEvent[s] = again.awaitFeedEvent(t1);
                Figures feed = measure(jedis, 50, () -> get(again.url("/feed?since=1h")));
                table.cells(String.format("%,d", steps[s]), String.format("%.1f", loadS), fmt(firstHealth), fmt(firstFeed), fmt(firstEvent),
                        String.format("%.1f", checkpointS), String.format("%.1f", checkpointRss), String.format("%.1f", checkpointHeap),
                        fmt(restartHealth[s]), fmt(restartFeed[s]), fmt(restartEvent[s]), fmt(feed.median()),
                        String.format("%.1f", feed.commands()), String.format("%.1f", again.status("VmRSS") / 1024.0),
                        Long.toString(again.status("Threads")));
            } finally {
                again.stop();
            }
        }
        table.print(null, steps);
        int last = steps.length - 1;
        // judged on the slower of the two first reads: the /feed answer and the live feed's first event
        double ratio = Math.max(restartFeed[last] / restartFeed[0], restartEvent[last] / restartEvent[0]);
        verdicts.add(String.format("%s: a restart after the board checkpoint answers its first /feed in %.0f -> %.0f ms and sends its "
                        + "first /feed/events event in %.0f -> %.0f ms from %,d to %,d entries (%.2fx at most, for %dx the log; /health ok "
                        + "%.0f -> %.0f ms): %s", title, restartFeed[0], restartFeed[last], restartEvent[0], restartEvent[last], steps[0],
                steps[last], ratio, steps[last] / steps[0], restartHealth[0], restartHealth[last],
                ratio <= 1.5 ? "independent of log length" : "GROWS with the log length"));
    }

    /**
     * {@code entries} scored guesses between 30 days and a day ago (100 games, 1,000 players), then
     * {@link #RECENT} in the last 50 minutes (with {@code withinHour}: the entries between 58 and 8
     * minutes ago, then the {@link #RECENT} in the last 7): pipelined appends in the app's wire format, the ids
     * minted on a clock that walks through those times.
     */
    private static void loadLog(UnifiedJedis jedis, int entries, boolean withinHour) {
        long now = System.currentTimeMillis();
        long oldFrom = now - (withinHour ? Duration.ofMinutes(58) : Duration.ofDays(30)).toMillis();
        long oldSpan = (withinHour ? Duration.ofMinutes(50) : Duration.ofDays(29)).toMillis();
        long recentFrom = now - Duration.ofMinutes(withinHour ? 7 : 50).toMillis();
        long recentSpan = Duration.ofMinutes(withinHour ? 6 : 49).toMillis();
        // a batch is minted at the time of its first record (a full millisecond carries into the next): batches of
        // 10,000 walk through the old days, batches of 100 through the last hour
        AtomicLong clock = new AtomicLong();
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(65, clock::get));
        StreamKey key = StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED);
        List<LinkedHashMap<String, String>> batch = new ArrayList<>();
        for (int i = 0; i < entries + RECENT; i++) {
            boolean recent = i >= entries;
            if (batch.isEmpty()) {
                clock.set(recent ? recentFrom + recentSpan * (i - entries) / RECENT : oldFrom + oldSpan * i / entries);
            }
            String player = "p" + i % 1_000;
            int points = 20 * (i % 30);
            batch.add(new GuessScored("GAMscale" + i % 100, "room-" + i % 20, PlayerIds.ofName(player), player, "GUE" + i, points,
                    Math.round(points / 6f), points).fields());
            if (batch.size() == (recent ? 100 : 10_000) || i == entries - 1 || i == entries + RECENT - 1) {
                append.appendBatch(key, batch);
                batch.clear();
            }
        }
    }

    /** Waits (up to 120 s) for serve's first checkpoint of every game's board (begun 1 s after it starts, {@code --checkpoint-every 1s}: a fold of the whole log). */
    private static void awaitBoardCheckpoint(UnifiedJedis jedis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        while (jedis.keys("emq:{cm}:checkpoint:guess-scored:boards*").isEmpty()) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("serve wrote no board checkpoint in 120 s");
            }
            Thread.sleep(100);
        }
    }

    // ---- measuring ----

    /**
     * {@code n} requests one after another (after one not counted, which may fold what the step
     * added): median and p99 latency, and Redis commands per request, the lowest of five batches.
     */
    private static Figures measure(UnifiedJedis jedis, int n, Callable<?> request) throws Exception {
        request.call();
        double[] ms = new double[n];
        double commands = Double.MAX_VALUE;
        int batch = Math.max(1, n / 5);
        for (int i = 0; i < n; i += batch) {
            int m = Math.min(batch, n - i);
            long c0 = totalCommands(jedis);
            for (int k = 0; k < m; k++) {
                long t0 = System.nanoTime();
                request.call();
                ms[i + k] = (System.nanoTime() - t0) / 1e6;
            }
            commands = Math.min(commands, (totalCommands(jedis) - c0 - 1) / (double) m); // less the INFO that read c0
        }
        Arrays.sort(ms);
        return new Figures(Harness.median(ms), ms[(int) Math.ceil(0.99 * n) - 1], commands);
    }

    /** Commands Redis processed so far. */
    private static long totalCommands(UnifiedJedis jedis) {
        Matcher m = Pattern.compile("total_commands_processed:(\\d+)").matcher(jedis.info("stats"));
        if (!m.find()) {
            throw new IllegalStateException("no total_commands_processed in INFO stats");
        }
        return Long.parseLong(m.group(1));
    }

    /** GET {@code url}, the body read whole; fails on anything but a 200. */
    private static int get(String url) throws Exception {
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + r.statusCode() + ": " + new String(r.body(), StandardCharsets.UTF_8));
        }
        return r.body().length;
    }

    /** Opens an event stream and reads until its first {@code event} has arrived whole; then leaves. */
    private static int firstEvent(String url, String event) throws Exception {
        HttpResponse<InputStream> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream")
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofInputStream());
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            boolean inEvent = false;
            for (String line; (line = in.readLine()) != null; ) {
                inEvent |= line.equals("event: " + event);
                if (inEvent && line.startsWith("data:")) {
                    return line.length();
                }
            }
        }
        throw new IllegalStateException(url + " ended before its first " + event + " event");
    }

    /** Lets the live values recompute after a step's writes (the lobby's 500 ms debounce), so they are not charged to a route. */
    private static void settle() throws InterruptedException {
        Thread.sleep(1_500);
    }

    /**
     * Whether route {@code r} stays flat over the steps: its commands per request at the last step
     * at most 1.25× (plus one) those at step {@code from}, and its median latency at most 2× (plus 1 ms:
     * this shared machine's noise) those at {@code from}.
     */
    private static String flatness(String what, String unit, int[] steps, int from, Figures[][] at, int r) {
        Figures a = at[from][r];
        Figures b = at[steps.length - 1][r];
        boolean commandsFlat = b.commands() <= 1.25 * a.commands() + 1;
        boolean timeFlat = Double.isNaN(a.median()) || b.median() <= 2 * a.median() + 1;
        return String.format("%s: %.1f -> %.1f commands per request, median %s -> %s ms from %,d to %,d %s: %s", what, a.commands(),
                b.commands(), fmt(a.median()), fmt(b.median()), steps[from], steps[steps.length - 1], unit,
                commandsFlat && timeFlat ? "flat" : commandsFlat ? "commands flat, latency GROWS" : "GROWS");
    }

    /** Least squares of y on x: {slope, R²}. */
    static double[] fit(double[] x, double[] y) {
        double mx = Arrays.stream(x).average().orElse(0);
        double my = Arrays.stream(y).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return new double[] {sxy / sxx, syy == 0 ? 1 : sxy * sxy / (sxx * syy)};
    }

    private static String fmt(double ms) {
        return Double.isNaN(ms) ? "–" : String.format(ms < 10 ? "%.2f" : "%.0f", ms);
    }

    /**
     * A plain Markdown table, printed as the README shows it; the latency rows also go to the
     * harness (and so to {@code bench-results.json}) as rows of the case.
     */
    private static final class Table {
        private final String title;
        private final String[] header;
        private final List<String[]> rows = new ArrayList<>();
        private final List<Harness.Row> harnessRows = new ArrayList<>();

        Table(String title, String... header) {
            this.title = title;
            this.header = header;
        }

        void cells(String... cells) {
            rows.add(cells);
        }

        /** A route's figures at a step, with the process' RSS (kB) and threads then. */
        void row(String step, String route, Figures f, long rssKb, long threads) {
            cells(step, route, fmt(f.median()), fmt(f.p99()), String.format("%.1f", f.commands()), String.format("%.1f", rssKb / 1024.0),
                    Long.toString(threads));
            if (!Double.isNaN(f.median())) {
                harnessRows.add(new Harness.Row(title, header[0] + " " + step + ": " + route, 1, f.median(), 1000 / f.median(), 1.0,
                        new double[] {f.p99()}, Double.NaN));
            }
        }

        /** Prints the table; its latency rows go to {@code h} too, when given. */
        void print(Harness h, int[] steps) {
            System.out.printf("%n== %s (steps %s)%n%n", title, Arrays.toString(steps));
            System.out.println("| " + String.join(" | ", header) + " |");
            System.out.println("|" + " --- |".repeat(header.length));
            rows.forEach(r -> System.out.println("| " + String.join(" | ", r) + " |"));
            if (h != null) {
                h.keep(harnessRows);
            }
        }
    }
}
