package codemojex.app.cli;

import codemojex.projections.Keyboard;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Real play through the HTTP API: opens games, submits guesses from many players, then waits until
 * every guess is scored. Prints a progress bar while it runs. Close it to close its connections.
 */
public final class Simulation implements AutoCloseable {

    /** What a run did. */
    public record Report(int games, int players, int guesses, long submitMillis, long scoredMillis, List<String> gameIds,
                         Map<String, String> guessToGame) {
        public double submittedPerSecond() {
            return guesses * 1000.0 / Math.max(1, submitMillis);
        }

        public double scoredPerSecond() {
            return guesses * 1000.0 / Math.max(1, scoredMillis);
        }
    }

    private final ApiClient api;
    private final PrintStream progress;
    /** The phase and the count the bar shows now; guarded by {@code progress}. */
    private String shownPhase = "";
    private int shown;
    private final Map<String, String> tokens = new ConcurrentHashMap<>();

    /** Plays against the server at {@code baseUrl}, showing progress on {@code progress}. */
    public Simulation(String baseUrl, PrintStream progress) {
        this(List.of(baseUrl), progress);
    }

    /**
     * Plays against several instances of the app on one Redis: rooms are opened round-robin, and
     * each player plays through one instance (by the player's number), as behind a load balancer
     * with sticky sessions.
     */
    public Simulation(List<String> baseUrls, PrintStream progress) {
        this.api = new ApiClient(baseUrls);
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /** Closes the connections. */
    @Override
    public void close() {
        api.close();
    }

    public Report run(int players, int games, int guesses, int threads, long seed) throws InterruptedException {
        if (players < 1 || games < 1 || guesses < 0 || threads < 1) {
            throw new IllegalArgumentException("players, games and threads must be >= 1 and guesses >= 0");
        }
        List<String> gameIds = new ArrayList<>();
        List<Keyboard> keyboards = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            JsonNode opened = api.call(g, "POST", "/rooms", Map.of("room", "sim-" + (g % 10)), null, 201);
            gameIds.add(opened.get("game").asText());
            keyboards.add(keys(opened));
        }
        return play(players, gameIds, keyboards, guesses, threads, seed);
    }

    /**
     * Plays games opened already ({@code gameIds}, open ones): as {@link #run} without opening any;
     * to watch a game while it is played, for example.
     */
    public Report play(int players, List<String> gameIds, int guesses, int threads, long seed) throws InterruptedException {
        if (players < 1 || gameIds.isEmpty() || guesses < 0 || threads < 1) {
            throw new IllegalArgumentException("players, games and threads must be >= 1 and guesses >= 0");
        }
        List<Keyboard> keyboards = new ArrayList<>();
        for (int g = 0; g < gameIds.size(); g++) {
            keyboards.add(keys(api.call(g, "GET", "/games/" + gameIds.get(g), null, null, 200)));
        }
        return play(players, List.copyOf(gameIds), keyboards, guesses, threads, seed);
    }

    private static Keyboard keys(JsonNode game) {
        List<String> keys = new ArrayList<>();
        game.get("keyboard").forEach(k -> keys.add(k.asText()));
        return Keyboard.parse(String.join(" ", keys));
    }

    private Report play(int players, List<String> gameIds, List<Keyboard> keyboards, int guesses, int threads, long seed)
            throws InterruptedException {
        int games = gameIds.size();
        Map<String, String> guessToGame = Collections.synchronizedMap(new LinkedHashMap<>());
        AtomicInteger sent = new AtomicInteger();
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int share = guesses / threads + (t < guesses % threads ? 1 : 0);
                Random r = new Random(seed + t);
                work.add(pool.submit(() -> {
                    for (int i = 0; i < share; i++) {
                        int g = r.nextInt(games);
                        // six distinct emojis of the game's keyboard: a guess with a repeat is refused (#27)
                        String guess = keyboards.get(g).drawGuess(r).toString();
                        int p = r.nextInt(players);
                        String token = token(p, gameIds.get(g));
                        if (token == null) {
                            // the game was cracked (by a guess of 600, one in 665,280 for a random one) before this player
                            // joined it: a settled game takes no players, and the guess is not sent, as a person would not
                            bar("guessing", sent.incrementAndGet(), guesses);
                            continue;
                        }
                        JsonNode res = api.call(p, "POST", "/games/" + gameIds.get(g) + "/guesses", Map.of("guess", guess),
                                token, 202, 409);
                        if (res.has("guessId")) {
                            guessToGame.put(res.get("guessId").asText(), gameIds.get(g));
                        }
                        bar("guessing", sent.incrementAndGet(), guesses);
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get();
            }
            long submitted = System.nanoTime();
            // wait until every accepted guess is scored (or rejected)
            List<Map.Entry<String, String>> todo = new ArrayList<>(guessToGame.entrySet());
            AtomicInteger done = new AtomicInteger();
            List<Future<?>> waits = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int from = t;
                waits.add(pool.submit(() -> {
                    for (int i = from; i < todo.size(); i += threads) {
                        Map.Entry<String, String> e = todo.get(i);
                        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                        while (true) {
                            JsonNode s = api.call(i, "GET", "/games/" + e.getValue() + "/guesses/" + e.getKey(), null, null, 200);
                            if (!"pending".equals(s.get("status").asText())) {
                                break;
                            }
                            if (System.nanoTime() > deadline) {
                                throw new IllegalStateException("guess " + e.getKey() + " was not scored within 60 s");
                            }
                            Thread.sleep(20);
                        }
                        bar("scoring ", done.incrementAndGet(), todo.size());
                    }
                    return null;
                }));
            }
            for (Future<?> f : waits) {
                f.get();
            }
            long scored = System.nanoTime();
            progress.println();
            return new Report(games, players, guessToGame.size(), (submitted - t0) / 1_000_000, (scored - t0) / 1_000_000,
                    List.copyOf(gameIds), Map.copyOf(guessToGame));
        } catch (ExecutionException e) {
            throw new IllegalStateException("simulation failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Answers of 429 (over the server's rate) this simulation waited out and sent again. */
    public int limitedResponses() {
        return api.limitedResponses();
    }

    private void bar(String what, int n, int of) {
        if (of == 0 || (n % Math.max(1, of / 50) != 0 && n != of)) {
            return;
        }
        int width = 40;
        int filled = (int) ((long) n * width / of);
        synchronized (progress) {
            // counted on many threads: a count that comes after a larger one of the same phase is not shown (the bar never goes back)
            if (what.equals(shownPhase) && n <= shown) {
                return;
            }
            shownPhase = what;
            shown = n;
            progress.print("\r" + what + " [" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + n + "/" + of);
            progress.flush();
        }
    }

    /**
     * Player {@code p}'s session token in {@code game}: the player joins the game the first time it
     * guesses there (through its own instance), as a person would.
     */
    private String token(int p, String game) {
        // null when the game is settled (409): computeIfAbsent keeps nothing then
        return tokens.computeIfAbsent(p + "/" + game, k -> {
            JsonNode joined = api.call(p, "POST", "/games/" + game + "/players", Map.of("name", "player-" + p), null, 201, 409);
            if (joined.hasNonNull("token")) {
                return joined.get("token").asText();
            }
            if (!"game".equals(joined.path("field").asText())) { // a name refused is this simulation's mistake, not the game's end
                throw new IllegalStateException("POST /games/" + game + "/players answered 409: " + joined);
            }
            return null;
        });
    }
}
