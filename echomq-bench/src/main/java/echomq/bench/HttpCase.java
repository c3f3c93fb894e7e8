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
 * Case {@code http} (issue #47): what one request costs {@code serve}, against the floor of a bare
 * Javalin app. {@code serve} runs as an OS process of its own (the shaded {@code codemojex-app.jar})
 * on a private Redis, with its rate limits raised; the bench opens 20 games, joins 200 players over
 * HTTP (10 a game) and has each submit two guesses, scored before anything is measured. The floor
 * ({@link FloorServer}: {@code GET /health} answering {@code {"status":"UP"}}) is an OS process too,
 * with the same JVM options.
 *
 * <p>Each route is driven by {@code wrk} (2 threads, 32 connections): first every route for
 * {@code http.warm} seconds (a fresh JVM compiles for tens of seconds), then route by route
 * {@code http.warmup} seconds more and {@code http.measure} seconds measured. Around the measured run
 * the process' CPU ({@code utime + stime} of {@code /proc/<pid>/stat}, in {@code getconf CLK_TCK}
 * ticks) and Redis' commands ({@code INFO commandstats}, less the bench's own {@code INFO} and
 * {@code XINFO}) are read and divided by the requests. {@code POST /games/{id}/guesses} is charged
 * per guess accepted, and read only after the score worker has scored them all (the guesses stream's
 * group has no lag and nothing pending), so the scoring is in its figures; each of its requests
 * carries a session's bearer token and one of its game's guesses that was scored at the set-up and
 * did not win, so no game is settled by the load.
 *
 * <p>Arguments (in the bench's argument string): {@code http.warm=20 http.warmup=4 http.measure=8}
 * (seconds), and {@code http.jfr}: {@code serve} records JFR ({@code settings=profile}) from its start,
 * and each route's measured run is dumped to {@code target/http/<route>.jfr} (its CPU figures then include JFR's).
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
                           String byCommand) {
    }

    static void run(Harness h, String args, Path target) throws Exception {
        int warm = intArg(args, "http.warm", 20);
        int warmup = intArg(args, "http.warmup", 4);
        int measure = intArg(args, "http.measure", 8);
        boolean jfr = args.contains("http.jfr");
        String wrk = wrk();
        long ticks = clockTicks();
        Path dir = Files.createDirectories(target.resolve("http"));
        System.out.printf("%nhttp: wrk -t2 -c32; every route warmed %d s, then per route %d s more and %d s measured%s%n", warm, warmup,
                measure, jfr ? "; JFR recordings in " + dir : "");

        Process floor = null;
        Process serve = null;
        try (RedisServerProcess redis = RedisServerProcess.startOwned();
             UnifiedJedis jedis = RedisConnections.connect(redis.uri())) {
            int floorPort = RedisServerProcess.freePort();
            floor = start(dir.resolve("floor.log"), classPathMain(FloorServer.class.getName(), Integer.toString(floorPort)));
            int port = RedisServerProcess.freePort();
            int management = RedisServerProcess.freePort();
            List<String> serveArgs = List.of("serve", "--redis", redis.uri(), "--port", Integer.toString(port), "--management-port",
                    Integer.toString(management), "--guess-rate", "1000000", "--read-rate", "0", "--room-rate", "600", "--node", "47");
            // with http.jfr, serve records from its start (a recording started later deoptimizes what the JIT
            // compiled: its samples and CPU are of a slower program); each route's measured run is dumped of it
            serve = start(dir.resolve("serve.log"), app(target, jfr ? List.of("-XX:StartFlightRecording=name=http,settings=profile,jdk.ExecutionSample#period=2ms,maxage=1h",
                    "-XX:FlightRecorderOptions=stackdepth=256") : List.of(), serveArgs));
            String base = "http://127.0.0.1:" + port;
            String floorBase = "http://127.0.0.1:" + floorPort;
            awaitOk(floor, floorBase + "/health", dir.resolve("floor.log"));
            awaitOk(serve, base + "/feed?since=1h", dir.resolve("serve.log"));

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
            System.out.printf("http: set up %d games, %d players, %d guesses scored (feed: %s guesses) in %.1f s; %d games open%n", GAMES, PLAYERS,
                    PLAYERS * 2, feed.path("guesses").asText("?"), (System.nanoTime() - t0) / 1e9, open.size());
            if (open.isEmpty()) {
                throw new IllegalStateException("every game was won at the set-up: nothing to guess in");
            }
            String game = games.get(open.get(0));

            Path getScript = Files.writeString(dir.resolve("get.lua"), DONE);
            Path postScript = Files.writeString(dir.resolve("guesses.lua"), guessScript(games, pools, sessions, open));
            List<Route> routes = List.of(
                    new Route("floor: bare Javalin GET /health", floorBase + "/health", getScript.toString()),
                    new Route("GET /games/{id}", base + "/games/" + game, getScript.toString()),
                    new Route("GET /games/{id}/board", base + "/games/" + game + "/board", getScript.toString()),
                    new Route("GET /feed?since=1h", base + "/feed?since=1h", getScript.toString()),
                    new Route("GET /feed/series?since=1h&bucket=1m", base + "/feed/series?since=1h&bucket=1m", getScript.toString()),
                    new Route("POST /games/{id}/guesses (scored)", base + "/games/" + game + "/guesses", postScript.toString()));

            // ---- warm every route, then let the worker score what the warm-up submitted ----
            for (Route r : routes) {
                Wrk w = wrk(wrk, r, warm);
                System.out.printf("http: warmed %-40s %8.0f requests/s%s%n", r.name(), w.rate(), w.non2xx() > 0 ? " (" + w.non2xx() + " not 2xx)" : "");
            }
            double drained = drain(jedis, streams);
            System.out.printf("http: the worker drained the warm-up's guesses %.1f s after it%n", drained);

            // ---- measure route by route ----
            List<Figures> figures = new ArrayList<>();
            for (Route r : routes) {
                boolean isFloor = r == routes.get(0);
                boolean post = r.script().equals(postScript.toString());
                Process p = isFloor ? floor : serve;
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
                Map<String, Long> s0 = commandStats(jedis);
                long k0 = commands(jedis);
                Wrk w = wrk(wrk, r, measure);
                double drainS = post ? drain(jedis, streams) : 0;
                long c1 = cpuTicks(p.pid());
                long k1 = commands(jedis);
                Map<String, Long> s1 = commandStats(jedis);
                if (jfr && !isFloor) {
                    jcmd(serve.pid(), "JFR.dump", "name=http", "begin=" + begin, "end=" + java.time.Instant.now(),
                            "filename=" + dir.resolve(fileName(r.name()) + ".jfr"));
                }
                long counted = w.requests() - w.non2xx();
                if (w.non2xx() > 0 || w.socketErrors() > 0) {
                    System.out.printf("http: %s: %d of %d requests not 2xx, %d socket errors%n", r.name(), w.non2xx(), w.requests(), w.socketErrors());
                }
                figures.add(new Figures(r.name(), w.rate(), w.requests(), counted, (c1 - c0) * 1e6 / ticks / Math.max(1, counted),
                        isFloor ? Double.NaN : (k1 - k0) / (double) Math.max(1, counted), drainS, isFloor ? "" : byCommand(s0, s1, counted)));
            }
            // serve at rest after the load: what its own timers cost (in every route's figures), for reading them
            long idleCpu = cpuTicks(serve.pid());
            long idleCommands = commands(jedis);
            Thread.sleep(5_000);
            double idleCpuMs = (cpuTicks(serve.pid()) - idleCpu) * 1000.0 / ticks / 5;
            double idleCommandsPerS = (commands(jedis) - idleCommands) / 5.0;
            print(h, figures, measure, idleCpuMs, idleCommandsPerS);
        } finally {
            stop(serve);
            stop(floor);
        }
    }

    private static void print(Harness h, List<Figures> figures, int measure, double idleCpuMs, double idleCommandsPerS) {
        String title = "http. what a request costs serve (wrk -t2 -c32, " + measure + " s a route)";
        double floor = figures.get(0).cpuMicros();
        System.out.printf("%n== %s%n%n", title);
        System.out.println("| route | requests/s | JVM CPU µs / request | × floor | Redis commands / request |");
        System.out.println("| --- | ---: | ---: | ---: | ---: |");
        List<Harness.Row> rows = new ArrayList<>();
        for (Figures f : figures) {
            String route = f.route() + (f.drainSeconds() > 0 ? String.format(" (worker drained %.1f s after)", f.drainSeconds()) : "");
            System.out.printf("| %s | %,.0f | %.0f | %.1f× | %s |%n", route, f.rate(), f.cpuMicros(), f.cpuMicros() / floor,
                    Double.isNaN(f.commands()) ? "–" : String.format("%.1f", f.commands()));
            // items: requests counted; ratio: the CPU per request over the floor's; rounds: {CPU µs, Redis commands} per request
            rows.add(new Harness.Row(title, f.route(), f.counted(), measure * 1000.0, f.rate(), f.cpuMicros() / floor,
                    new double[] {f.cpuMicros(), f.commands()}));
        }
        System.out.println("\nRedis commands per request by command (0.1 and more; commands a script runs are counted as its own):");
        figures.stream().skip(1).forEach(f -> System.out.printf("   %s: %s%n", f.route(), f.byCommand()));
        System.out.printf("%nserve at rest: %.1f ms CPU a second, %.1f Redis commands a second (its own timers, read after the load; they are in the figures above)%n", idleCpuMs,
                idleCommandsPerS);
        h.keep(rows);
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
    private static String guessScript(List<String> games, List<List<String>> pools, List<String[]> sessions, List<Integer> open) {
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
        Process p = new ProcessBuilder(wrk, "-t2", "-c32", "-d" + seconds + "s", "-s", r.script(), r.path()).redirectErrorStream(true).start();
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

    /** Calls of each command Redis has run ({@code INFO commandstats}), the bench's probes included. */
    private static Map<String, Long> commandStats(UnifiedJedis jedis) {
        Map<String, Long> out = new java.util.TreeMap<>();
        Matcher m = CMDSTAT.matcher(jedis.info("commandstats"));
        while (m.find()) {
            out.put(m.group(1), Long.parseLong(m.group(2)));
        }
        return out;
    }

    /** The commands run between two {@link #commandStats} per request, most first, the bench's probes left out. */
    private static String byCommand(Map<String, Long> before, Map<String, Long> after, long requests) {
        return after.entrySet().stream().filter(e -> !e.getKey().equals("info") && !e.getKey().startsWith("xinfo"))
                .map(e -> Map.entry(e.getKey(), (e.getValue() - before.getOrDefault(e.getKey(), 0L)) / (double) Math.max(1, requests)))
                .filter(e -> e.getValue() >= 0.05).sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .map(e -> String.format("%s %.1f", e.getKey(), e.getValue())).collect(java.util.stream.Collectors.joining(", "));
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

    private static int intArg(String args, String name, int otherwise) {
        Matcher m = Pattern.compile("(?:^|\\s)" + Pattern.quote(name) + "=(\\d+)").matcher(args);
        return m.find() ? Integer.parseInt(m.group(1)) : otherwise;
    }
}
