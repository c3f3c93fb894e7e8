package echomq.bench;

import codemojex.projections.Keyboard;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.redis.RedisConnections;
import echomq.testkit.RedisServerProcess;
import redis.clients.jedis.UnifiedJedis;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Case {@code http} (issues #47, #56): what one request costs {@code serve}, against the floor of a bare
 * Javalin app, with the hour the feed folds pinned at each of several sizes. For each size
 * ({@code http.levels}, scored guesses in the hour: 0, 50,000 and 150,000 by default) the bench starts a
 * private Redis, appends that many scored guesses to {@code guess-scored} with ids spread over the hour
 * (55 to 1 minutes ago, so none slides out while the level is measured; 2,000 players of 200 other
 * games), then {@code serve} as an OS process of its own (the shaded {@code codemojex-app.jar}) with its
 * rate limits raised; it opens 20 games, joins 200 players over HTTP (10 a game) and has each submit
 * two guesses, scored before anything is measured. The floor ({@link FloorServer}: {@code GET /health}
 * answering {@code {"status":"UP"}}) is an OS process too, with the same JVM options, measured at
 * every level beside the routes.
 *
 * <p>Each route is driven by {@code wrk} (2 threads, 32 connections): first every GET for
 * {@code http.warm} seconds (a fresh JVM compiles for tens of seconds), then route by route
 * {@code http.warmup} seconds more and {@code http.measure} seconds measured. Around the measured run
 * the process' CPU ({@code utime + stime} of {@code /proc/<pid>/stat}, in {@code getconf CLK_TCK}
 * ticks) and Redis' commands and time ({@code INFO commandstats}, less the bench's own {@code INFO} and
 * {@code XINFO GROUPS}) are read and divided by the requests. Only GETs are measured at every level
 * (a POST adds to the hour whose size the level pins); at the last level {@code POST /games/{id}/guesses}
 * is warmed and measured too, charged per guess accepted and read only after the score worker has
 * scored them all (the guesses stream's group has no lag and nothing pending), so the scoring is in its
 * figures; each of its requests carries a session's bearer token and one of its game's guesses that
 * was scored at the set-up and did not win, so no game is settled by the load. Then guesses are sent
 * at a steady rate below saturation ({@code http.steady} a second, wrk paced by its {@code delay} hook,
 * for {@code http.steadySeconds}) and drained: Redis' time per scored guess (commandstats, and Redis'
 * whole CPU).
 *
 * <p>Arguments (in the bench's argument string): {@code http.warm=20 http.warmup=4 http.measure=8}
 * (seconds), {@code http.levels=0,50000,150000}, {@code http.steady=2000 http.steadySeconds=10}, and
 * {@code http.jfr}: {@code serve} records JFR ({@code settings=profile}) from its start, and each route's
 * measured run is dumped to {@code target/http/<route>-<level>.jfr} (its CPU figures then include JFR's).
 */
final class HttpCase {

    private HttpCase() {
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int GAMES = 20;
    private static final int PLAYERS = 200;
    /** Guesses per game, each scored once at the set-up: the load repeats only these (none won). */
    private static final int POOL = 20;
    private static final List<String> JVM_OPTIONS = List.of("-Xmx1g", "-Xss1m");

    /** A route as {@code wrk} drives it. */
    private record Route(String name, String path, String script) {
    }

    /** What {@code wrk} counted: requests, of which not 2xx/3xx, socket errors, and its wall time. */
    private record Wrk(long requests, long non2xx, long socketErrors, double seconds) {
        double rate() {
            return requests / seconds;
        }
    }

    /** One route's figures. */
    private record Figures(String route, double rate, long requests, long counted, double cpuMicros, double commands, double drainSeconds,
                           String byCommand, double redisMicros) {
    }

    static void run(Harness h, String args, Path target) throws Exception {
        int warm = intArg(args, "http.warm", 20);
        int warmup = intArg(args, "http.warmup", 4);
        int measure = intArg(args, "http.measure", 8);
        int[] levels = intsArg(args, "http.levels", new int[] {0, 50_000, 150_000});
        int steadyRate = intArg(args, "http.steady", 2_000);
        int steadySeconds = intArg(args, "http.steadySeconds", 10);
        boolean jfr = args.contains("http.jfr");
        String wrk = wrk();
        long ticks = clockTicks();
        Path dir = Files.createDirectories(target.resolve("http"));
        System.out.printf("%nhttp: wrk -t2 -c32; the hour holding %s scored guesses (a serve and a Redis of their own each); every GET warmed %d s,"
                        + " then per route %d s more and %d s measured; then POST guesses, and %d guesses/s for %d s%s%n",
                java.util.Arrays.toString(levels), warm, warmup, measure, steadyRate, steadySeconds, jfr ? "; JFR recordings in " + dir : "");
        System.out.printf("http: load average %s at the start%n", loadAverage());

        Process floor = null;
        List<Level> measured = new ArrayList<>();
        Steady steady = null;
        try {
            int floorPort = RedisServerProcess.freePort();
            floor = start(dir.resolve("floor.log"), classPathMain(FloorServer.class.getName(), Integer.toString(floorPort)));
            String floorBase = "http://127.0.0.1:" + floorPort;
            awaitOk(floor, floorBase + "/health", dir.resolve("floor.log"));
            for (int li = 0; li < levels.length; li++) {
                boolean last = li == levels.length - 1;
                Level level = level(levels[li], last, floor, floorBase, dir, target, wrk, ticks, warm, warmup, measure, jfr,
                        last ? steadyRate : 0, steadySeconds);
                measured.add(level);
                if (level.steady() != null) {
                    steady = level.steady();
                }
            }
        } finally {
            stop(floor);
        }
        print(h, measured, steady, measure);
        System.out.printf("http: load average %s at the end%n", loadAverage());
    }

    /** One level's figures: the GETs (and, at the last level, the POST), serve's rest, and the steady rate. */
    private record Level(int scored, long feedGuesses, List<Figures> figures, double idleCpuMs, double idleCommandsPerS, Steady steady) {
    }

    /** The steady rate: guesses asked for and sent a second, scored, Redis' commands and time per scored guess. */
    private record Steady(int asked, double rate, long scored, double drainSeconds, double commands, double usec, double usecAll, double cpu,
                          String byCommand) {
    }

    /**
     * A Redis and a {@code serve} of their own whose hour holds {@code scored} scored guesses appended
     * before {@code serve} starts (ids spread over the hour, from 55 to 1 minutes ago, so none slides out
     * while the level is measured), set up and measured: every GET against the floor; at the last level
     * the POST, and then guesses at {@code steadyRate} a second (none: 0).
     */
    private static Level level(int scored, boolean last, Process floor, String floorBase, Path dir, Path target, String wrk, long ticks,
                               int warm, int warmup, int measure, boolean jfr, int steadyRate, int steadySeconds) throws Exception {
        Process serve = null;
        try (RedisServerProcess redis = RedisServerProcess.startOwned();
             UnifiedJedis jedis = RedisConnections.connect(redis.uri())) {
            long p0 = System.nanoTime();
            preloadHour(jedis, scored);
            System.out.printf("%nhttp: level %,d: the hour loaded with %,d scored guesses in %.1f s%n", scored, scored, (System.nanoTime() - p0) / 1e9);
            int port = RedisServerProcess.freePort();
            int management = RedisServerProcess.freePort();
            List<String> serveArgs = List.of("serve", "--redis", redis.uri(), "--port", Integer.toString(port), "--management-port",
                    Integer.toString(management), "--guess-rate", "1000000", "--read-rate", "0", "--room-rate", "600", "--node", "47");
            // with http.jfr, serve records from its start (a recording started later deoptimizes what the JIT
            // compiled: its samples and CPU are of a slower program); each route's measured run is dumped of it
            Path log = dir.resolve("serve-" + scored + ".log");
            serve = start(log, app(target, jfr ? List.of("-XX:StartFlightRecording=name=http,settings=profile,jdk.ExecutionSample#period=2ms,maxage=1h",
                    "-XX:FlightRecorderOptions=stackdepth=256") : List.of(), serveArgs));
            String base = "http://127.0.0.1:" + port;
            awaitOk(serve, base + "/feed?since=1h", log);

            // ---- set-up: 20 games, 200 players joined over HTTP, two guesses each, all scored ----
            long t0 = System.nanoTime();
            List<String> games = new ArrayList<>();
            List<List<String>> pools = new ArrayList<>();
            Random rng = new Random(47);
            for (int g = 0; g < GAMES; g++) {
                JsonNode opened = send("POST", base + "/rooms", Map.of("room", "bench-" + g % 10), null, 201);
                games.add(opened.get("game").asText());
                List<String> keys = new ArrayList<>();
                opened.get("keyboard").forEach(k -> keys.add(k.asText()));
                Keyboard keyboard = Keyboard.parse(String.join(" ", keys));
                java.util.LinkedHashSet<String> pool = new java.util.LinkedHashSet<>();
                while (pool.size() < POOL) {
                    pool.add(keyboard.drawGuess(rng).toString());
                }
                pools.add(List.copyOf(pool));
            }
            List<String[]> sessions = new ArrayList<>(); // game index, token
            for (int p = 0; p < PLAYERS; p++) {
                int g = p % GAMES;
                JsonNode joined = send("POST", base + "/games/" + games.get(g) + "/players", Map.of("name", "player-" + p), null, 201);
                sessions.add(new String[] {Integer.toString(g), joined.get("token").asText()});
            }
            List<String> streams = guessStreams(jedis);
            for (int p = 0; p < PLAYERS; p++) {
                int g = Integer.parseInt(sessions.get(p)[0]);
                int k = (p / GAMES) * 2; // the 10 players of a game submit its 20 guesses, two each
                for (int i = 0; i < 2; i++) {
                    send("POST", base + "/games/" + games.get(g) + "/guesses", Map.of("guess", pools.get(g).get((k + i) % POOL)),
                            sessions.get(p)[1], 202);
                }
            }
            streams = streams.isEmpty() ? guessStreams(jedis) : streams;
            drain(jedis, streams);
            List<Integer> open = new ArrayList<>();
            for (int g = 0; g < GAMES; g++) {
                if ("open".equals(send("GET", base + "/games/" + games.get(g), null, null, 200).path("status").asText())) {
                    open.add(g);
                }
            }
            JsonNode feed = send("GET", base + "/feed?since=1h", null, null, 200);
            long feedGuesses = feed.path("guesses").asLong(-1);
            System.out.printf("http: level %,d: set up %d games, %d players, %d guesses scored (feed: %,d guesses in the hour) in %.1f s; %d games open%n",
                    scored, GAMES, PLAYERS, PLAYERS * 2, feedGuesses, (System.nanoTime() - t0) / 1e9, open.size());
            if (open.isEmpty()) {
                throw new IllegalStateException("every game was won at the set-up: nothing to guess in");
            }
            String game = games.get(open.get(0));

            Path getScript = Files.writeString(dir.resolve("get.lua"), DONE);
            Path postScript = Files.writeString(dir.resolve("guesses.lua"), guessScript(games, pools, sessions, open, 0));
            // the GETs only: a POST adds scored guesses to the hour, whose size this level pins
            List<Route> gets = List.of(
                    new Route("floor: bare Javalin GET /health", floorBase + "/health", getScript.toString()),
                    new Route("GET /games/{id}", base + "/games/" + game, getScript.toString()),
                    new Route("GET /games/{id}/board", base + "/games/" + game + "/board", getScript.toString()),
                    new Route("GET /feed?since=1h", base + "/feed?since=1h", getScript.toString()),
                    new Route("GET /feed/series?since=1h&bucket=1m", base + "/feed/series?since=1h&bucket=1m", getScript.toString()));
            Route post = new Route("POST /games/{id}/guesses (scored)", base + "/games/" + game + "/guesses", postScript.toString());

            for (Route r : gets) {
                Wrk w = wrk(wrk, r, warm);
                System.out.printf("http: level %,d: warmed %-40s %8.0f requests/s%s%n", scored, r.name(), w.rate(),
                        w.non2xx() > 0 ? " (" + w.non2xx() + " not 2xx)" : "");
            }
            List<Figures> figures = new ArrayList<>();
            for (Route r : gets) {
                boolean isFloor = r == gets.get(0);
                figures.add(measureRoute(r, isFloor ? floor : serve, isFloor, false, jedis, streams, wrk, ticks, warmup, measure, jfr, serve,
                        dir, scored));
            }
            Steady steady = null;
            if (last) {
                Wrk w = wrk(wrk, post, warm);
                System.out.printf("http: level %,d: warmed %-40s %8.0f requests/s%n", scored, post.name(), w.rate());
                System.out.printf("http: the worker drained the warm-up's guesses %.1f s after it%n", drain(jedis, streams));
                figures.add(measureRoute(post, serve, false, true, jedis, streams, wrk, ticks, warmup, measure, jfr, serve, dir, scored));
                if (steadyRate > 0) {
                    steady = steady(jedis, streams, games, pools, sessions, open, dir, wrk, base, game, steadyRate, steadySeconds);
                }
            }
            // serve at rest after the load: what its own timers cost (in every route's figures), for reading them
            long idleCpu = cpuTicks(serve.pid());
            long idleCommands = commands(jedis);
            Thread.sleep(5_000);
            double idleCpuMs = (cpuTicks(serve.pid()) - idleCpu) * 1000.0 / ticks / 5;
            double idleCommandsPerS = (commands(jedis) - idleCommands) / 5.0;
            return new Level(scored, feedGuesses, figures, idleCpuMs, idleCommandsPerS, steady);
        } finally {
            stop(serve);
        }
    }

    /** One route measured: {@code warmup} seconds more, then {@code measure} seconds with the process' CPU and Redis' commands around them. */
    private static Figures measureRoute(Route r, Process p, boolean isFloor, boolean post, UnifiedJedis jedis, List<String> streams, String wrk,
                                        long ticks, int warmup, int measure, boolean jfr, Process serve, Path dir, int level) throws Exception {
        wrk(wrk, r, warmup);
        if (post) {
            drain(jedis, streams);
        }
        if (jfr && !isFloor) {
            // a dump closes the recording's chunk: the route's own dump below then holds its measured run alone
            Path before = dir.resolve("before.jfr");
            jcmd(serve.pid(), "JFR.dump", "name=http", "filename=" + before);
            Files.deleteIfExists(before);
        }
        java.time.Instant begin = java.time.Instant.now();
        long c0 = cpuTicks(p.pid());
        RedisStats s0 = RedisStats.of(jedis);
        Wrk w = wrk(wrk, r, measure);
        double drainS = post ? drain(jedis, streams) : 0;
        long c1 = cpuTicks(p.pid());
        RedisStats s = RedisStats.of(jedis).since(s0, "xinfo|groups"); // the drain's probes left out
        if (jfr && !isFloor) {
            jcmd(serve.pid(), "JFR.dump", "name=http", "begin=" + begin, "end=" + java.time.Instant.now(),
                    "filename=" + dir.resolve(fileName(r.name()) + "-" + level + ".jfr"));
        }
        long counted = w.requests() - w.non2xx();
        if (w.non2xx() > 0 || w.socketErrors() > 0) {
            System.out.printf("http: %s: %d of %d requests not 2xx, %d socket errors%n", r.name(), w.non2xx(), w.requests(), w.socketErrors());
        }
        return new Figures(r.name(), w.rate(), w.requests(), counted, (c1 - c0) * 1e6 / ticks / Math.max(1, counted),
                isFloor ? Double.NaN : s.totalCalls() / (double) Math.max(1, counted), drainS, isFloor ? "" : s.per(counted),
                isFloor ? Double.NaN : ownTime(s) / Math.max(1, counted));
    }

    /**
     * Scored guesses at {@code rate} a second for {@code seconds} (wrk paced: each of 20 connections waits
     * {@code 20,000 / rate} ms before each request), then drained: Redis' commands and time per scored
     * guess, everything Redis ran meanwhile (the submits, the worker's reads and commits, the live values'
     * reads) but the bench's probes.
     */
    private static Steady steady(UnifiedJedis jedis, List<String> streams, List<String> games, List<List<String>> pools, List<String[]> sessions,
                                 List<Integer> open, Path dir, String wrk, String base, String game, int rate, int seconds) throws Exception {
        int connections = 20;
        int delayMs = Math.max(1, connections * 1000 / rate);
        Path paced = Files.writeString(dir.resolve("guesses-paced.lua"), guessScript(games, pools, sessions, open, delayMs));
        Route r = new Route("POST /games/{id}/guesses at " + rate + "/s", base + "/games/" + game + "/guesses", paced.toString());
        drain(jedis, streams);
        long scored0 = scoredGuesses(jedis);
        RedisStats s0 = RedisStats.of(jedis);
        double cpu0 = Bench.redisCpuMicros(jedis);
        Wrk w = wrk(wrk, r, seconds, 2, connections);
        double drainS = drain(jedis, streams);
        double cpu = Bench.redisCpuMicros(jedis) - cpu0;
        RedisStats s = RedisStats.of(jedis).since(s0, "xinfo|groups", "keys", "type", "xlen");
        long scored = scoredGuesses(jedis) - scored0;
        long per = Math.max(1, scored);
        System.out.printf("http: steady: asked %,d guesses/s, wrk sent %,.0f/s, %,d scored, drained %.1f s after%n", rate, w.rate(), scored, drainS);
        return new Steady(rate, w.rate(), scored, drainS, s.totalCalls() / (double) per, ownTime(s) / per, s.totalUsec() / (double) per,
                cpu / per, s.per(per));
    }

    /**
     * Redis' own time (µs) of what ran, at least: {@code INFO commandstats} lists a script's own commands
     * on their own as well as in the script's time, and cannot tell which call of a command a script made,
     * so this is the scripts' time and the time of the commands no script of the app or the library runs
     * ({@link #SCRIPTED}); {@link RedisStats#totalUsec()}, every command's time, is the bound above.
     */
    private static double ownTime(RedisStats s) {
        boolean scripts = s.calls().keySet().stream().anyMatch(k -> k.startsWith("eval") || k.startsWith("fcall"));
        return s.usec().entrySet().stream().filter(e -> !(scripts && SCRIPTED.contains(e.getKey()))).mapToLong(Map.Entry::getValue).sum();
    }

    /** The commands the Lua scripts of the app and the library run (their {@code redis.call}s). */
    private static final java.util.Set<String> SCRIPTED = java.util.Set.of("hset", "hget", "xadd", "zadd", "xinfo|stream", "pexpire", "zrem",
            "time", "hmget", "exists", "zscore", "zrange", "xrange", "unlink", "hsetnx", "hlen", "hdel", "del", "zremrangebyscore", "xack",
            "sadd", "hexists");

    /** Guesses scored so far: the entries of every {@code guess-scored} stream. */
    private static long scoredGuesses(UnifiedJedis jedis) {
        long n = 0;
        for (String k : jedis.keys("*guess-scored*")) {
            if ("stream".equals(jedis.type(k))) {
                n += jedis.xlen(k);
            }
        }
        return n;
    }

    /**
     * {@code n} scored guesses in the hour's {@code guess-scored} (one partition, as serve runs on a new Redis),
     * minted from 55 minutes ago to a minute ago in batches of 100, by 2,000 players of 200 games that are not
     * the measured ones: the hour a feed folds, of the size this level pins.
     */
    private static void preloadHour(UnifiedJedis jedis, int n) {
        if (n == 0) {
            return;
        }
        long now = System.currentTimeMillis();
        long from = now - Duration.ofMinutes(55).toMillis();
        long span = Duration.ofMinutes(54).toMillis();
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong(from);
        echomq.redis.RedisStreamAppend append = new echomq.redis.RedisStreamAppend(jedis, new echomq.domain.id.Snowflake(66, clock::get));
        codemojex.projections.GamePartitions one = new codemojex.projections.GamePartitions(1);
        echomq.domain.stream.StreamKey key = echomq.domain.stream.StreamKey.of(one.queueOf("GAMhour0"), codemojex.projections.Channels.GUESS_SCORED);
        List<io.vavr.collection.LinkedHashMap<String, String>> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (batch.isEmpty()) {
                clock.set(from + span * i / n);
            }
            String player = "hour-player-" + i % 2_000;
            int points = 20 * (i % 30);
            batch.add(new codemojex.projections.GameEvent.GuessScored("GAMhour" + i % 200, "room-" + i % 20,
                    codemojex.projections.PlayerIds.ofName(player), player, "GUE" + i, points, Math.round(points / 6f), points).fields());
            if (batch.size() == 100 || i == n - 1) {
                append.appendBatch(key, batch);
                batch.clear();
            }
        }
    }

    private static void print(Harness h, List<Level> levels, Steady steady, int measure) {
        String title = "http. what a request costs serve (wrk -t2 -c32, " + measure + " s a route), by the hour's size";
        System.out.printf("%n== %s%n%n", title);
        System.out.println("| route | scored in the hour | requests/s | JVM CPU µs / request | × floor | Redis commands / request | Redis µs / request (commandstats, scripts' commands once) |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        List<Harness.Row> rows = new ArrayList<>();
        for (Level l : levels) {
            double floor = l.figures().get(0).cpuMicros();
            for (Figures f : l.figures()) {
                String route = f.route() + (f.drainSeconds() > 0 ? String.format(" (worker drained %.1f s after)", f.drainSeconds()) : "");
                System.out.printf("| %s | %,d | %,.0f | %.0f | %.1f× | %s | %s |%n", route, l.feedGuesses(), f.rate(), f.cpuMicros(), f.cpuMicros() / floor,
                        Double.isNaN(f.commands()) ? "–" : String.format("%.1f", f.commands()),
                        Double.isNaN(f.redisMicros()) ? "–" : String.format("%.1f", f.redisMicros()));
                // items: requests counted; ratio: the CPU per request over the floor's; rounds: {CPU µs, Redis commands, Redis µs} per request
                rows.add(new Harness.Row(title, f.route() + " @ " + l.scored(), f.counted(), measure * 1000.0, f.rate(), f.cpuMicros() / floor,
                        new double[] {f.cpuMicros(), f.commands(), f.redisMicros()}));
            }
        }
        Level first = levels.get(0);
        System.out.println("\nflat from the first level to the others (× floor there over × floor at the first; goal for the feed and its series: within 15%):");
        for (int r = 1; r < first.figures().size(); r++) {
            double x0 = first.figures().get(r).cpuMicros() / first.figures().get(0).cpuMicros();
            StringBuilder line = new StringBuilder("   " + first.figures().get(r).route() + ": ");
            for (Level l : levels.subList(1, levels.size())) {
                if (r < l.figures().size()) {
                    double x = l.figures().get(r).cpuMicros() / l.figures().get(0).cpuMicros();
                    line.append(String.format("at %,d %.2f  ", l.scored(), x / x0));
                }
            }
            System.out.println(line);
        }
        System.out.println("\nRedis per request by command (calls, µs; a script's own commands listed apart, their time also in the script's):");
        for (Level l : levels) {
            l.figures().stream().skip(1).forEach(f -> System.out.printf("   %,d: %s: %s%n", l.scored(), f.route(), f.byCommand()));
        }
        Level last = levels.get(levels.size() - 1);
        System.out.printf("%nserve at rest: %.1f ms CPU a second, %.1f Redis commands a second (its own timers, read after the load; they are in the figures above)%n",
                last.idleCpuMs(), last.idleCommandsPerS());
        if (steady != null) {
            System.out.printf("%nsteady rate: %,d guesses/s asked, %,.0f/s sent, %,d scored (drained %.1f s after): %.1f Redis commands and %.1f µs"
                            + " of Redis' command time per scored guess (INFO commandstats: the scripts' and the commands no script runs; every"
                            + " command's, a script's own counted twice: %.1f µs); Redis' whole CPU (INFO cpu, I/O included) %.1f µs (goal: at most"
                            + " 30 µs at 2,000/s)%n   by command: %s%n", steady.asked(), steady.rate(), steady.scored(),
                    steady.drainSeconds(), steady.commands(), steady.usec(), steady.usecAll(), steady.cpu(), steady.byCommand());
            rows.add(new Harness.Row(title, "steady " + steady.asked() + "/s: Redis µs per scored guess", steady.scored(), Double.NaN, steady.rate(),
                    steady.usec() / 30.0, new double[] {steady.commands(), steady.usec(), steady.usecAll(), steady.cpu()}));
        }
        h.keep(rows);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    // ---- wrk ----

    /** The {@code done} hook every route's script has: wrk's counts on one line the bench reads. */
    private static final String DONE = """
            function done(summary, latency, requests)
              io.write(string.format("WRK requests=%d duration_us=%d status=%d connect=%d read=%d write=%d timeout=%d\\n",
                summary.requests, summary.duration, summary.errors.status, summary.errors.connect, summary.errors.read,
                summary.errors.write, summary.errors.timeout))
            end
            """;

    /**
     * The script of {@code POST /games/{id}/guesses}: every session of an open game with every guess
     * of its game's pool, in turn from a different place in each thread; each request names its game
     * in its path and carries its session's bearer token.
     */
    private static String guessScript(List<String> games, List<List<String>> pools, List<String[]> sessions, List<Integer> open, int delayMs) {
        StringBuilder s = new StringBuilder("local data = {\n");
        int n = 0;
        for (int i = 0; i < POOL; i++) {
            for (String[] session : sessions) {
                int g = Integer.parseInt(session[0]);
                if (!open.contains(g)) {
                    continue;
                }
                s.append("  {\"/games/").append(games.get(g)).append("/guesses\", \"Bearer ").append(session[1]).append("\", \"")
                        .append(luaEscape("{\"guess\":\"" + pools.get(g).get(i) + "\"}")).append("\"},\n");
                n++;
            }
        }
        s.append("}\n");
        s.append("""
                local reqs = {}
                local i = 0
                local threads = 0
                function setup(thread)
                  thread:set("id", threads)
                  threads = threads + 1
                end
                function init(args)
                  for k, d in ipairs(data) do
                    reqs[k] = wrk.format("POST", d[1], {["Authorization"] = d[2], ["Content-Type"] = "application/json"}, d[3])
                  end
                  i = (id or 0) * %d
                end
                function request()
                  i = i %% #reqs + 1
                  return reqs[i]
                end
                """.formatted(Math.max(1, n / 2)));
        if (delayMs > 0) {
            // paced: each connection waits this long before each request (wrk's delay hook), so the rate stays below saturation
            s.append("function delay()\n  return ").append(delayMs).append("\nend\n");
        }
        s.append(DONE);
        return s.toString();
    }

    /** {@code text} as the inside of a Lua string in double quotes: every byte above ASCII as a decimal escape. */
    private static String luaEscape(String text) {
        StringBuilder s = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c == '"' || c == '\\') {
                s.append('\\').append((char) c);
            } else if (c < 0x20 || c >= 0x7f) {
                s.append('\\').append(c);
            } else {
                s.append((char) c);
            }
        }
        return s.toString();
    }

    private static final Pattern WRK_LINE = Pattern.compile(
            "WRK requests=(\\d+) duration_us=(\\d+) status=(\\d+) connect=(\\d+) read=(\\d+) write=(\\d+) timeout=(\\d+)");

    private static Wrk wrk(String wrk, Route r, int seconds) throws IOException, InterruptedException {
        return wrk(wrk, r, seconds, 2, 32);
    }

    private static Wrk wrk(String wrk, Route r, int seconds, int threads, int connections) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(wrk, "-t" + threads, "-c" + connections, "-d" + seconds + "s", "-s", r.script(), r.path())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("wrk failed on " + r.path() + ":\n" + out);
        }
        Matcher m = WRK_LINE.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("wrk printed no counts for " + r.path() + ":\n" + out);
        }
        long requests = Long.parseLong(m.group(1));
        if (requests == 0) {
            throw new IllegalStateException("wrk made no request to " + r.path() + ":\n" + out);
        }
        return new Wrk(requests, Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)) + Long.parseLong(m.group(5)) + Long.parseLong(m.group(6)) + Long.parseLong(m.group(7)),
                Long.parseLong(m.group(2)) / 1e6);
    }

    /**
     * {@code wrk} on {@code PATH}; when it is not there, installed with apt-get as root (as {@code .ci/run}
     * and {@code ./run} install redis-server), else an error saying how to install it.
     */
    static String wrk() throws IOException, InterruptedException {
        Optional<Path> found = onPath("wrk");
        if (found.isPresent()) {
            return found.get().toString();
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root && onPath("apt-get").isPresent()) {
            System.out.println("http: wrk is not on PATH; installing it (apt-get install wrk)");
            ProcessBuilder update = new ProcessBuilder("apt-get", "update", "-qq").inheritIO();
            update.environment().put("DEBIAN_FRONTEND", "noninteractive");
            update.start().waitFor();
            ProcessBuilder install = new ProcessBuilder("apt-get", "install", "-y", "-qq", "--no-install-recommends", "wrk").inheritIO();
            install.environment().put("DEBIAN_FRONTEND", "noninteractive");
            install.start().waitFor();
            found = onPath("wrk");
            if (found.isPresent()) {
                return found.get().toString();
            }
        }
        throw new IllegalStateException("case http needs wrk (https://github.com/wg/wrk) on PATH and could not install it"
                + (root ? "" : " (not root)") + ": install it (Debian/Ubuntu: sudo apt-get install -y wrk; macOS: brew install wrk), "
                + "or leave http out of cases=");
    }

    private static Optional<Path> onPath(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(d.isEmpty() ? "." : d, name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    // ---- processes ----

    private static List<String> javaWith(List<String> rest) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.addAll(JVM_OPTIONS);
        c.addAll(rest);
        return c;
    }

    private static List<String> classPathMain(String main, String... args) {
        List<String> rest = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"), main));
        rest.addAll(List.of(args));
        return javaWith(rest);
    }

    /**
     * {@code serve} as an operator runs it: the app module's shaded jar, beside the bench's
     * {@code target} in the same source tree; on the bench's class path when there is none.
     */
    private static List<String> app(Path target, List<String> jvm, List<String> args) {
        Path jar = target.toAbsolutePath().getParent().resolveSibling("codemojex-app").resolve("target").resolve("codemojex-app.jar");
        List<String> rest = new ArrayList<>(jvm);
        if (Files.isReadable(jar)) {
            rest.addAll(List.of("-jar", jar.toString()));
        } else {
            System.out.println("http: no " + jar + ": serve runs on the bench's class path");
            rest.addAll(List.of("-cp", System.getProperty("java.class.path"), "codemojex.app.cli.CodemojexCli"));
        }
        rest.addAll(args);
        return javaWith(rest);
    }

    private static Process start(Path log, List<String> command) throws IOException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void stop(Process p) throws InterruptedException {
        if (p == null) {
            return;
        }
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
        }
    }

    private static void awaitOk(Process p, String url, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException(url + ": its process exited with " + p.exitValue() + ":\n" + Files.readString(log));
            }
            try {
                if (HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException(url + " did not answer in 120 s:\n" + Files.readString(log));
    }

    private static void jcmd(long pid, String... command) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid)));
        c.addAll(List.of(command));
        Process p = new ProcessBuilder(c).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + c + " failed:\n" + out);
        }
    }

    private static String fileName(String route) {
        return route.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "").toLowerCase(java.util.Locale.ROOT);
    }

    // ---- CPU and Redis ----

    /** {@code getconf CLK_TCK}: the unit of {@code /proc/<pid>/stat}'s times. */
    private static long clockTicks() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        p.waitFor();
        return Long.parseLong(out);
    }

    /** {@code utime + stime} of the process, all its threads, in clock ticks. */
    static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // the command name (field 2) is in parentheses and may hold spaces: count fields after its ')'
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15
    }

    private static final Pattern CMDSTAT = Pattern.compile("(?m)^cmdstat_([^:]+):calls=(\\d+)");

    /** Commands Redis has run, by {@code INFO commandstats}, less the bench's own probes ({@code INFO}, {@code XINFO}). */
    private static long commands(UnifiedJedis jedis) {
        Matcher m = CMDSTAT.matcher(jedis.info("commandstats"));
        long sum = 0;
        while (m.find()) {
            String c = m.group(1);
            if (!c.equals("info") && !c.startsWith("xinfo")) {
                sum += Long.parseLong(m.group(2));
            }
        }
        return sum;
    }

    /** The streams of submitted guesses (one per partition): streams whose key ends in {@code :guesses}. */
    private static List<String> guessStreams(UnifiedJedis jedis) {
        List<String> out = new ArrayList<>();
        for (String k : jedis.keys("*guesses*")) {
            if (k.endsWith(":guesses") && "stream".equals(jedis.type(k))) {
                out.add(k);
            }
        }
        return out;
    }

    /**
     * Waits until the score worker has scored every guess submitted (each group of the guesses
     * streams has no lag and nothing pending); answers the seconds it waited.
     */
    private static double drain(UnifiedJedis jedis, List<String> streams) throws InterruptedException {
        if (streams.isEmpty()) {
            throw new IllegalStateException("no guesses stream found in Redis (a key ending in :guesses)");
        }
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            boolean drained = true;
            boolean anyGroup = false;
            for (String s : streams) {
                for (redis.clients.jedis.resps.StreamGroupInfo g : jedis.xinfoGroups(s)) {
                    anyGroup = true;
                    Object lag = g.getGroupInfo().get("lag");
                    drained &= g.getPending() == 0 && lag != null && ((Number) lag).longValue() == 0;
                }
            }
            if (drained && anyGroup) {
                return (System.nanoTime() - t0) / 1e9;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("the score worker did not score the submitted guesses in 5 minutes");
    }

    // ---- HTTP of the set-up ----

    private static JsonNode send(String method, String url, Object body, String token, int expected) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expected) {
            throw new IllegalStateException(method + " " + url + " answered " + r.statusCode() + ", not " + expected + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    private static int[] intsArg(String args, String name, int[] otherwise) {
        Matcher m = Pattern.compile("(?:^|\\s)" + Pattern.quote(name) + "=([0-9,]+)").matcher(args);
        return m.find() ? java.util.Arrays.stream(m.group(1).split(",")).filter(x -> !x.isEmpty()).mapToInt(Integer::parseInt).toArray() : otherwise;
    }

    private static int intArg(String args, String name, int otherwise) {
        Matcher m = Pattern.compile("(?:^|\\s)" + Pattern.quote(name) + "=(\\d+)").matcher(args);
        return m.find() ? Integer.parseInt(m.group(1)) : otherwise;
    }
}
