package codemojex.app;

import codemojex.app.cli.CodemojexCli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The CLI against a real app: every command has --help, errors are one line and a non-zero exit. */
class CliTest {

    static AppFixture f;
    static String game;

    record Run(int code, String out, String err) {
    }

    static Run cli(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = CodemojexCli.run(args);
            return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @BeforeAll
    static void start() {
        f = new AppFixture();
        game = f.post("/rooms", Map.of("room", "cli")).json().get("game").asText();
        String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
        String id = f.guess(game, "ada", guess).json().get("guessId").asText();
        f.awaitScore(game, id);
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"serve", "simulate", "feed", "board", "rooms", "results", "rebuild-board", "trim"})
    void everyCommandHasHelp(String command) {
        Run r = cli(command, "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage: codemojex " + command).contains("--redis");
    }

    @Test
    void readCommandsAnswerFromTheLog() {
        String uri = f.uri;
        Run board = cli("board", game, "--redis", uri);
        assertThat(board.code()).as(board.err()).isZero();
        assertThat(board.out()).contains("1. ada");
        Run rebuild = cli("rebuild-board", game, "--redis", uri);
        assertThat(rebuild.code()).isZero();
        assertThat(rebuild.out()).contains("equals the live board (1 player)");
        Run feed = cli("feed", "--since", "1h", "--redis", uri);
        assertThat(feed.out()).contains("1 guess by 1 player").contains("ada scored").doesNotContain("projection reader");
        assertThat(cli("feed", "--stats", "--redis", uri).out()).as("the reader's own counts, when asked for").contains("projection reader: ");
        Run rooms = cli("rooms", "--redis", uri);
        assertThat(rooms.out()).contains("cli\t1").doesNotContain("no game");
        // nothing to list says so, rather than printing nothing (seen in a try-out)
        Run none = cli("rooms", "--from", "1999-01-01T00:00:00Z", "--to", "1999-01-02T00:00:00Z", "--redis", uri);
        assertThat(none.out()).isEqualTo("no game was opened from 1999-01-01T00:00:00Z to 1999-01-02T00:00:00Z" + System.lineSeparator());
        Run results = cli("results", "--redis", uri);
        assertThat(results.code()).isZero();
        assertThat(cli("results", "--day", "1999-01-01", "--redis", uri).out()).isEqualTo("no game was settled on 1999-01-01 (UTC)"
                + System.lineSeparator());
        Run trim = cli("trim", "--older-than", "7d", "--exact", "--redis", uri);
        assertThat(trim.code()).isZero();
        assertThat(trim.out()).contains("guess-scored\t0 removed");
    }

    /** A game nobody has scored in yet says so (it printed nothing: seen in a try-out), on an app of its own. */
    @Test
    void anEmptyBoardSaysSo() {
        try (AppFixture empty = new AppFixture()) {
            String opened = empty.post("/rooms", Map.of("room", "quiet")).json().get("game").asText();
            Run board = cli("board", opened, "--redis", empty.uri);
            assertThat(board.code()).as(board.err()).isZero();
            assertThat(board.out()).isEqualTo("no guess is scored in game " + opened + " yet" + System.lineSeparator());
        }
    }

    @Test
    void seriesPrintsEveryBucketAsATable() {
        String uri = f.uri;
        Run help = cli("series", "--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("Usage: codemojex series").contains("--openings").contains("--redis");
        Run feed = cli("series", "--since", "1h", "--bucket", "1m", "--redis", uri);
        assertThat(feed.code()).as(feed.err()).isZero();
        java.util.List<String> rows = feed.out().lines().filter(l -> l.matches("\\d{4}-.*")).toList();
        assertThat(rows.size()).as("a row per minute, quiet ones with 0").isBetween(60, 61);
        assertThat(feed.out()).contains("entries").contains("players");
        assertThat(rows.stream().filter(l -> l.matches(".*\\s+1\\s+1$"))).as("ada's guess, one player").hasSize(1);
        assertThat(rows.stream().filter(l -> l.matches(".*\\s+0\\s+0$")).count()).isGreaterThanOrEqualTo(59);
        String today = java.time.LocalDate.now(java.time.ZoneId.of("Europe/Berlin")).toString();
        Run openings = cli("series", "--openings", "--from", java.time.LocalDate.parse(today).minusDays(2).toString(), "--to", today,
                "--bucket", "1d", "--zone", "Europe/Berlin", "--redis", uri);
        assertThat(openings.code()).as(openings.err()).isZero();
        java.util.List<String> days = openings.out().lines().filter(l -> l.matches("\\d{4}-.*")).toList();
        assertThat(days).hasSize(3);
        assertThat(days.get(0)).endsWith(" 0  ");
        assertThat(days.get(2)).contains(" 1  cli=1");
        Run badZone = cli("series", "--openings", "--zone", "Mars/Olympus", "--redis", uri);
        assertThat(badZone.code()).isEqualTo(1);
        assertThat(badZone.err().strip()).startsWith("error: zone \"Mars/Olympus\" is not a time zone").doesNotContain("\n");
        Run badBucket = cli("series", "--bucket", "0m", "--redis", uri);
        assertThat(badBucket.code()).isEqualTo(1);
        assertThat(badBucket.err()).contains("bucket must be one of 1m, 5m, 15m, 1h, 1d");
    }

    @Test
    void seriesPrintsTheStatAskedForPerBucket() {
        String uri = f.uri;
        assertThat(cli("series", "--help").out()).contains("--stat");
        // ada's one guess: its total is every percentile of its minute, one distinct player; quiet minutes print - and 0
        int total = f.get("/feed?since=1h").json().get("items").get(0).get("total").asInt();
        for (String stat : new String[]{"p50", "p90", "p99"}) {
            Run run = cli("series", "--since", "1h", "--bucket", "1m", "--stat", stat, "--redis", uri);
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(run.out()).contains(stat);
            java.util.List<String> rows = run.out().lines().filter(l -> l.matches("\\d{4}-.*")).toList();
            assertThat(rows.size()).isBetween(60, 61);
            assertThat(rows.stream().filter(l -> l.matches(".*\\s" + total + "$"))).as(stat).hasSize(1);
            assertThat(rows.stream().filter(l -> l.endsWith(" -")).count()).isEqualTo(rows.size() - 1);
        }
        Run distinct = cli("series", "--stat", "distinct", "--redis", uri);
        assertThat(distinct.code()).as(distinct.err()).isZero();
        java.util.List<String> rows = distinct.out().lines().filter(l -> l.matches("\\d{4}-.*")).toList();
        assertThat(rows.stream().filter(l -> l.matches(".*\\s1$"))).hasSize(1);
        assertThat(rows.stream().filter(l -> l.matches(".*\\s0$")).count()).isEqualTo(rows.size() - 1);
        Run count = cli("series", "--stat", "count", "--redis", uri);
        assertThat(count.code()).as(count.err()).isZero();
        assertThat(count.out()).as("count is the default's table").contains("entries").contains("players");
        // a bad stat is named, before Redis is reached (no server at this address)
        Run bad = cli("series", "--stat", "p95", "--redis", "redis://127.0.0.1:1");
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err().strip()).isEqualTo("error: stat must be one of count, p50, p90, p99, distinct, got \"p95\"");
        Run openings = cli("series", "--openings", "--stat", "p50", "--redis", uri);
        assertThat(openings.code()).isEqualTo(1);
        assertThat(openings.err()).contains("--stat");
    }

    @Test
    void errorsAreOneLineAndNonZero() {
        String uri = f.uri;
        Run badGame = cli("board", "no such", "--redis", uri);
        assertThat(badGame.code()).isNotZero();
        assertThat(badGame.err().strip()).startsWith("error: ").contains("\"no such\"").doesNotContain("\n").doesNotContain("\tat ");
        Run unknown = cli("board", "GAMnope", "--redis", uri);
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err()).contains("no game GAMnope");
        Run badDuration = cli("trim", "--older-than", "soon", "--redis", uri);
        assertThat(badDuration.code()).isEqualTo(1);
        assertThat(badDuration.err()).contains("\"soon\" is not a duration");
        Run noRedis = cli("feed", "--redis", "");
        assertThat(noRedis.code()).isEqualTo(1);
        assertThat(noRedis.err()).contains("no Redis given");
        Run badUri = cli("feed", "--redis", "http://nope");
        assertThat(badUri.err()).contains("must start with redis://");
        Run noCommand = cli();
        assertThat(noCommand.code()).isEqualTo(2);
        Run badOption = cli("board", game, "--top", "many", "--redis", uri);
        assertThat(badOption.code()).isEqualTo(2);
    }
}
