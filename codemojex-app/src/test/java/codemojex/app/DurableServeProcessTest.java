package codemojex.app;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.testkit.ReplicatedRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static codemojex.app.ServeProcessTest.HTTP;
import static codemojex.app.ServeProcessTest.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The held-out run of #54, as real processes: {@code serve} on a master whose one replica reaches
 * it through a link that is then held for 2 s; players guess throughout; the master is SIGKILLed
 * while the link holds what it sent, the link cut, and the replica promoted by hand
 * ({@code REPLICAOF NO ONE}). With {@code --durability replicated} every guess answered 202 is in the
 * promoted replica's log (a guess the replica did not hold was a 503, to retry); with the default
 * the run loses the 202s the link held, and says how many. Bounded: a few seconds of play each.
 */
class DurableServeProcessTest {

    @AfterEach
    void killWhatIsLeft() {
        ServeProcessTest.killStarted();
    }

    /** What one run saw: the guesses answered 202, those the promoted replica holds, the other answers. */
    record Run(Set<String> accepted, Set<String> kept, Map<Integer, Integer> statuses) {
        Set<String> lost() {
            Set<String> lost = new HashSet<>(accepted);
            lost.removeAll(kept);
            return lost;
        }
    }

    @Test
    void withDurabilityReplicatedEveryGuessAnswered202SurvivesTheMastersDeath() throws Exception {
        Run run = play("--durability", "replicated", "--replicas", "1", "--durability-timeout", "500ms");
        System.out.printf("[durable] --durability replicated: %d guesses answered 202, %d of them in the promoted replica's log, %d lost; "
                + "answers %s%n", run.accepted().size(), run.accepted().size() - run.lost().size(), run.lost().size(), run.statuses());
        assertThat(run.accepted()).as("guesses answered 202").isNotEmpty();
        assertThat(run.lost()).as("guesses answered 202 and gone with the master").isEmpty();
        assertThat(run.statuses()).as("while the link was held the replicas did not answer: 503s to retry").containsKey(503);
    }

    @Test
    void withTheDefaultTheGuessesTheLinkHeldDieWithTheMasterAndAreCounted() throws Exception {
        Run run = play();
        System.out.printf("[durable] default (--durability none): %d guesses answered 202, %d of them lost with the master; answers %s%n",
                run.accepted().size(), run.lost().size(), run.statuses());
        // the scenario is one that loses acknowledged writes when nothing waits for the replica: what durability is for
        assertThat(run.lost()).as("guesses answered 202 and gone with the master, without durability").isNotEmpty();
    }

    /**
     * Starts the pair and {@code serve} on its master, plays 4 players for a second, holds the link
     * for 2 s while they go on, kills the master a second into the hold, cuts the link, promotes
     * the replica and reads its log.
     */
    private Run play(String... durability) throws Exception {
        try (ReplicatedRedis pair = ReplicatedRedis.start("--appendonly", "yes", "--appendfsync", "everysec")) {
            List<String> args = new ArrayList<>(List.of("--redis", pair.master().uri(), "--guess-rate", "100000", "--room-rate", "600"));
            args.addAll(List.of(durability));
            ServeProcessTest.Serve serve = ServeProcessTest.Serve.start(Files.createTempDirectory("durable-serve-"), args.toArray(String[]::new)).ready();
            String game = serve.openGame();
            JsonNode keys = serve.get("/games/" + game).get("keyboard");
            List<String> tokens = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                tokens.add(serve.token(game, List.of("ann", "bea", "cyd", "dee").get(p)));
            }
            Set<String> accepted = ConcurrentHashMap.newKeySet();
            Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
            AtomicBoolean playing = new AtomicBoolean(true);
            AtomicInteger shift = new AtomicInteger();
            List<Thread> players = new ArrayList<>();
            for (String token : tokens) {
                Thread t = new Thread(() -> {
                    while (playing.get()) {
                        int s = shift.incrementAndGet();
                        StringBuilder g = new StringBuilder();
                        for (int i = 0; i < 6; i++) {
                            g.append(keys.get((i + s) % keys.size()).asText());
                        }
                        try {
                            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/games/" + game + "/guesses"))
                                    .timeout(Duration.ofSeconds(5)).header("Content-Type", "application/json").header("Authorization", "Bearer " + token)
                                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("guess", g.toString())))).build(),
                                    HttpResponse.BodyHandlers.ofString());
                            statuses.merge(r.statusCode(), 1, Integer::sum);
                            if (r.statusCode() == 202) {
                                accepted.add(JSON.readTree(r.body()).get("guessId").asText());
                            }
                        } catch (Exception noAnswer) {
                            statuses.merge(0, 1, Integer::sum); // no answer: the guess may or may not be in the log, never counted as a 202
                        }
                    }
                }, "player");
                t.setDaemon(true);
                t.start();
                players.add(t);
            }
            Thread.sleep(1000);
            pair.holdLink(Duration.ofSeconds(2));
            Thread.sleep(1000);
            pair.master().stop(); // SIGKILL, a second into the hold
            pair.link().cutAll(); // what the link held dies with it
            playing.set(false);
            for (Thread t : players) {
                t.join(10_000);
            }
            pair.promote();
            Set<String> kept = new HashSet<>();
            Matcher ids = Pattern.compile("EVT[0-9A-Za-z]{11}").matcher(pair.replica().command("XRANGE", "emq:{cm}:stream:guesses", "-", "+"));
            while (ids.find()) {
                kept.add(ids.group());
            }
            return new Run(Set.copyOf(accepted), kept, Map.copyOf(statuses));
        }
    }
}
