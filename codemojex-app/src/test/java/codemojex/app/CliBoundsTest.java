package codemojex.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static codemojex.app.CliTest.cli;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The CLI's options go through the bounded parsers: an out-of-range or malformed value is one clear
 * line naming the option, before any Redis is reached (no Redis listens on port 1), never a Java
 * class name or an overflow; help offers only what the parser takes.
 */
class CliBoundsTest {

    static final String NO_REDIS = "redis://127.0.0.1:1";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "feed --since PT9999999999999H|since must be one of 5m, 15m, 1h, 6h, 24h, 7d, got PT9999999999999H",
            "feed --since P999999999999D|got P999999999999D",
            "feed --since 0s|got 0s",
            "rooms --from yesterday|from \"yesterday\" is not an instant such as 2026-12-02T10:00:00Z",
            "rooms --to +999999999-12-31T23:59:59.999999999Z|is out of range",
            "rooms --from 2999-01-01T00:00:00Z|from 2999-01-01T00:00:00Z is after to",
            "rooms --from 2026-12-02T00:00:00Z --to 2026-12-01T00:00:00Z|to 2026-12-01T00:00:00Z is before from",
            "results --day 1969-12-31|day \"1969-12-31\" is out of range: give a date from 1970-01-01 to 9999-12-31",
            "results --day tomorrow|day \"tomorrow\" is not a date",
            "results --zone Mars/Olympus|zone \"Mars/Olympus\" is not a time zone",
            "trim --older-than P999999999999D|older-than \"P999999999999D\" is out of range",
            "serve --session-ttl PT9999999999999H|session-ttl \"PT9999999999999H\" is out of range: give a duration from 1s to 3650d",
            "serve --chart-bucket 2d|chart-bucket \"2d\" is out of range: give a duration from 1s to 1d",
            "serve --checkpoint-every 500ms|checkpoint-every \"500ms\" is out of range: give a duration from 1s to 1d",
            "serve --checkpoint-every 99999999d|checkpoint-every \"99999999d\" is out of range: give a duration from 1s to 1d",
            "serve --checkpoint-every soon|checkpoint-every \"soon\" is not a duration",
            "serve --keep 0|keep \"0\" is not a duration",
            "serve --keep 0s|keep \"0s\" is out of range: give a duration from 1s to 3650d",
            "serve --keep 500ms|keep \"500ms\" is out of range: give a duration from 1s to 3650d",
            "serve --keep forever|keep \"forever\" is not a duration",
            "serve --trim-every 0s|trim-every \"0s\" is out of range: give a duration from 1s to 1d",
            "serve --trim-every 500ms|trim-every \"500ms\" is out of range: give a duration from 1s to 1d",
            "serve --trim-every 2d|trim-every \"2d\" is out of range: give a duration from 1s to 1d",
            "serve --claim-idle 99999999999999999999s|claim-idle \"99999999999999999999s\" is not a duration",
            "serve --guess-rate 0|--guess-rate must be a number of guesses per second more than 0, got 0.0",
            "serve --guess-rate -5|--guess-rate must be a number of guesses per second more than 0, got -5.0",
            "serve --read-rate -1|--read-rate must be 0 (no limit)",
            "serve --room-rate 0|--room-rate must be a number of rooms a minute more than 0 and at most 600, got 0.0",
            "serve --room-rate 601|--room-rate must be a number of rooms a minute more than 0 and at most 600, got 601.0",
            "serve --room-rate NaN|--room-rate must be a number of rooms a minute more than 0 and at most 600, got NaN",
            "serve --durability all|--durability all --replicas 1: durability must be none, replicated or replicated-fsync, got \"all\"",
            "serve --durability replicated --replicas 0|--durability replicated --replicas 0: a replicated write needs 1 .. 100 replicas, got 0",
            "serve --durability replicated --durability-timeout 5s|durability-timeout \"5s\" is out of range: give a duration from 1ms to 4s",
            "serve --durability replicated --ephemeral|--durability replicated needs a Redis with replicas (--redis or REDIS_URL): the app's own Redis has none"})
    void aBadValueIsOneClearLineNamingTheOption(String args, String says) {
        CliTest.Run r = cli((args + " --redis " + NO_REDIS).split(" "));
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        // stderr is the JVM's: other tests' servers may log into it meanwhile; the CLI's own is one "error:" line
        java.util.List<String> errors = r.err().lines().filter(l -> l.startsWith("error: ")).toList();
        assertThat(errors).as(r.err()).hasSize(1);
        assertThat(errors.get(0)).contains(says).doesNotContain("java.").doesNotContain("overflow").doesNotContain("Exception");
    }

    @Test
    void feedHelpOffersOnlyWhatTheParserTakes() {
        CliTest.Run help = cli("feed", "--help");
        String since = help.out().lines().dropWhile(l -> !l.strip().startsWith("--since")).limit(3).reduce("", (a, b) -> a + " " + b);
        Matcher m = Pattern.compile("\\b(PT[0-9]+[HMS]|[0-9]+(?:ms|s|m|h|d))\\b").matcher(since);
        int offered = 0;
        while (m.find()) {
            String example = m.group(1);
            assertThatCode(() -> codemojex.app.core.FeedWindow.parse(example)).as("feed --help offers %s", example).doesNotThrowAnyException();
            offered++;
        }
        assertThat(offered).as(since).isGreaterThanOrEqualTo(6);
    }

    @Test
    void aBadCombinationOfServeOptionsShowsTheUsageOfCodemojexServe() {
        CliTest.Run r = cli("serve", "--ephemeral", "--data", "X");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--ephemeral keeps no data").contains("Usage: codemojex serve").doesNotContain("<main class>");
    }
}
