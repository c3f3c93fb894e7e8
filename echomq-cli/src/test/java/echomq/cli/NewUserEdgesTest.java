package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a new user met (#54): a key that does not exist, the bounds of sessions and keys, a running
 * rollup that meets another writer, a tail whose stream is deleted under it. Each answers or fails in
 * words that name what to do.
 */
class NewUserEdgesTest extends CliTest {

    @Test
    void aKeyThatDoesNotExistAnswersNothingWithANoteThatSaysSo() {
        Run r = ok("window", "--stream", "orders:typo", "--since", "1h", "--fold", "count", "--format", "json");
        assertThat(r.json().get("entries").asLong()).isZero();
        assertThat(r.err()).contains("no stream at \"orders:typo\"").contains("the key does not exist");
        cli.xadd("orders:there", List.of("*"), List.of(LinkedHashMap.of("amount", "1")));
        assertThat(ok("window", "--stream", "orders:there", "--since", "1h", "--fold", "count").err()).isEmpty();
    }

    @Test
    void sessionsPastMostNameTheOptionAndMoreIsAskedForByIt() {
        List<LinkedHashMap<String, String>> users = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            users.add(LinkedHashMap.of("user", "u" + i));
            ids.add("*");
        }
        cli.xadd("orders:most", ids, users);
        Run refused = run("sessions", "--stream", "orders:most", "--by", "user", "--gap", "1m", "--since", "1h", "--fold", "count", "--most", "3");
        assertThat(refused.code()).as(refused.err()).isEqualTo(EchoMqCli.FAILED);
        assertThat(refused.err()).contains("more than 3 sessions").contains("--most 3").contains("give a larger --most")
                .doesNotContain("Sessions.most").doesNotContain("\tat ");
        JsonNode all = ok("sessions", "--stream", "orders:most", "--by", "user", "--gap", "1m", "--since", "1h", "--fold", "count",
                "--most", "5", "--format", "json").json();
        assertThat(all.get("sessions").size()).isEqualTo(5);
    }

    @Test
    void moreKeysThanMaxKeysAreRefusedNamingTheOption() {
        List<LinkedHashMap<String, String>> users = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            users.add(LinkedHashMap.of("user", "u" + i, "amount", Integer.toString(i)));
            ids.add("*");
        }
        cli.xadd("orders:keys", ids, users);
        for (String command : List.of("window", "series")) {
            List<String> args = new ArrayList<>(List.of(command, "--stream", "orders:keys", "--since", "1h", "--fold", "count,p50:amount",
                    "--by", "user", "--max-keys", "10"));
            if (command.equals("series")) {
                args.addAll(List.of("--bucket", "1h"));
            }
            Run r = run(args.toArray(String[]::new));
            assertThat(r.code()).as(r.err()).isEqualTo(EchoMqCli.FAILED);
            assertThat(r.err()).contains("more than 10 values of --by user").contains("--max-keys 10").doesNotContain("\tat ");
            assertThat(r.out()).isEmpty();
        }
        JsonNode twelve = ok("window", "--stream", "orders:keys", "--since", "1h", "--fold", "count", "--by", "user", "--max-keys", "12",
                "--format", "json").json();
        assertThat(twelve.get("keys").size()).isEqualTo(12);
    }

    @Test
    void aRunningRollupThatMeetsAnotherWritersEntryFailsAsAFailureNotAsBadInput() throws Exception {
        cli.xadd("orders:meet", List.of("*"), List.of(LinkedHashMap.of("amount", "1")));
        CompletableFuture<Run> running = CompletableFuture.supplyAsync(() -> run("rollup", "--stream", "orders:meet", "--bucket", "1s",
                "--fold", "count", "--into", "orders:meet:1s", "--every", "50ms", "--max-buckets", "50"));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (xlen("orders:meet:1s") == 0 && System.nanoTime() < until && !running.isDone()) {
            Thread.sleep(20);
        }
        assertThat(xlen("orders:meet:1s")).as("the rollup wrote its first bucket").isEqualTo(1);
        cli.xadd("orders:meet:1s", List.of("*"), List.of(LinkedHashMap.of("note", "another writer")));
        // more buckets close; the next pass finds the other writer's entry on top
        while (!running.isDone() && System.nanoTime() < until) {
            cli.xadd("orders:meet", List.of("*"), List.of(LinkedHashMap.of("amount", "2")));
            Thread.sleep(100);
        }
        Run r = running.get(10, TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isEqualTo(EchoMqCli.FAILED);
        assertThat(r.err()).contains("holds another writer's entries").contains("without to, entries, count").contains("with note")
                .contains("while this rollup ran").doesNotContain("Closed[");
    }

    @Test
    void aTailWhoseStreamIsDeletedAndWrittenAgainBelowSaysSoAndFollowsTheNewOne() throws Exception {
        cli.xadd("orders:again", List.of("5000000000000-0"), List.of(LinkedHashMap.of("n", "before")));
        CompletableFuture<Run> tail = CompletableFuture.supplyAsync(() ->
                run("tail", "--stream", "orders:again", "--format", "json", "--max-rows", "2"));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        // the tail starts after the stream's last entry: the next entry is its first row, once it waits on XREAD
        while (cli.run(List.of("CLIENT LIST")).stream().noneMatch(l -> l.contains("cmd=xread")) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        cli.xadd("orders:again", List.of("5000000000001-0"), List.of(LinkedHashMap.of("n", "first")));
        cli.run(List.of("DEL orders:again"));
        cli.xadd("orders:again", List.of("1000-0"), List.of(LinkedHashMap.of("n", "second")));
        Run r = tail.get(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(until - System.nanoTime())), TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isZero();
        List<String> printed = r.out().lines().map(l -> json(l).get("fields").get("n").asText()).toList();
        assertThat(printed).containsExactly("first", "second");
        assertThat(r.err()).contains("orders:again").contains("5000000000001-0").contains("following");
    }

    private static long xlen(String key) {
        return Long.parseLong(cli.run(List.of("XLEN " + key)).get(0).trim());
    }

    private static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("not JSON: " + line, e);
        }
    }
}
