package echomq.cli;

import echomq.testkit.RedisServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Exit codes: 2 for bad input, named, refused before Redis is reached (the Redis given is a closed
 * port: reaching it would be exit 1); 1, one line and no stack trace, when Redis fails.
 */
class ExitCodesTest extends CliTest {

    static final String CLOSED = "redis://127.0.0.1:" + RedisServerProcess.freePort();

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of("nope:amount", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count,nope:amount")),
                Arguments.of("\"count\" is given twice", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count,count")),
                Arguments.of("5x", List.of("window", "--stream", "orders", "--since", "5x", "--fold", "count")),
                Arguments.of("is after --to", List.of("window", "--stream", "orders", "--from", "2026-12-07T11:00:00Z",
                        "--to", "2026-12-07T10:00:00Z", "--fold", "count")),
                Arguments.of("2026-13-01", List.of("window", "--stream", "orders", "--from", "2026-13-01", "--to", "2026-12-07", "--fold", "count")),
                Arguments.of("Mars/Base", List.of("window", "--stream", "orders", "--since", "1h", "--zone", "Mars/Base", "--fold", "count")),
                Arguments.of("a}b", List.of("window", "--stream", "a}b", "--since", "1h", "--fold", "count")),
                Arguments.of("xml", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--format", "xml")),
                Arguments.of("--top must be 1 or more", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--by", "user", "--top", "0")),
                Arguments.of("--top needs --by", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--top", "3")),
                Arguments.of("give a range", List.of("window", "--stream", "orders", "--fold", "count")),
                Arguments.of("more than 100000", List.of("series", "--stream", "orders", "--since", "2d", "--bucket", "1s", "--fold", "count")),
                Arguments.of("25:00", List.of("series", "--stream", "orders", "--since", "1d", "--bucket", "1d", "--day-starts", "25:00", "--fold", "count")),
                Arguments.of("--day-starts is for calendar buckets", List.of("series", "--stream", "orders", "--since", "1d", "--bucket", "1h",
                        "--day-starts", "05:00", "--fold", "count")),
                Arguments.of("0s", List.of("sessions", "--stream", "orders", "--by", "user", "--gap", "0s", "--since", "1h", "--fold", "count")),
                Arguments.of("--fold needs --bucket", List.of("tail", "--stream", "orders", "--fold", "count")),
                Arguments.of("--bucket needs --fold", List.of("tail", "--stream", "orders", "--bucket", "1m")),
                Arguments.of("ftp://example", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--redis", "ftp://example")),
                Arguments.of("--redis is empty", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--redis", " ")),
                Arguments.of("--wat", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--wat")),
                Arguments.of("Missing required option", List.of("window", "--since", "1h", "--fold", "count")),
                Arguments.of("+999999999-12-31", List.of("window", "--stream", "orders", "--from", "2026-12-07", "--to", "+999999999-12-31",
                        "--fold", "count")),
                Arguments.of("port 99999", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--redis",
                        "redis://127.0.0.1:99999")),
                Arguments.of("port 0", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count", "--redis", "redis://127.0.0.1:0")),
                Arguments.of("sum_a_b", List.of("rollup", "--stream", "orders", "--bucket", "1m", "--fold", "sum:a_b,sum:a:b", "--into", "o:1m")),
                // the range a message gives is the one the option takes: --since starts above zero
                Arguments.of("give a duration from 1ms to 3650d", List.of("window", "--stream", "orders", "--since", "3651d", "--fold", "count")),
                Arguments.of("give a duration from 0s to 3650d", List.of("tail", "--stream", "orders", "--bucket", "1m", "--fold", "count",
                        "--skew", "3651d")),
                Arguments.of("--most 0 is out of range", List.of("sessions", "--stream", "orders", "--by", "user", "--gap", "1m", "--since", "1h",
                        "--fold", "count", "--most", "0")),
                Arguments.of("--max-keys 0 is out of range", List.of("window", "--stream", "orders", "--since", "1h", "--fold", "count",
                        "--by", "user", "--max-keys", "0")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInput")
    void badInputIsNamedAndExitsTwoBeforeRedisIsReached(String named, List<String> args) {
        Run r = runWith(Map.of("REDIS_URL", CLOSED), args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isEqualTo(EchoMqCli.BAD_INPUT);
        assertThat(r.err()).startsWith("error: ").contains(named).doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anUnreachableRedisIsOneLineAndExitsOne() {
        Run r = runWith(Map.of(), "window", "--stream", "orders", "--since", "1h", "--fold", "count", "--redis", CLOSED);
        assertThat(r.code()).isEqualTo(EchoMqCli.FAILED);
        assertThat(r.err().lines().filter(l -> !l.isBlank()).toList()).hasSize(1);
        assertThat(r.err()).startsWith("error: Redis at " + CLOSED + " is unreachable").doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aPasswordIsMaskedInTheLine() {
        String withPassword = CLOSED.replace("redis://", "redis://:s3cr3t-pw@");
        Run r = runWith(Map.of(), "window", "--stream", "orders", "--since", "1h", "--fold", "count", "--redis", withPassword);
        assertThat(r.code()).isEqualTo(EchoMqCli.FAILED);
        assertThat(r.err()).contains("127.0.0.1").doesNotContain("s3cr3t-pw");
    }

    @Test
    void aKeyOfAnotherTypeIsOneLineAndExitsOne() {
        cli.run(List.of("SET not-a-stream hello"));
        Run r = run("series", "--stream", "not-a-stream", "--since", "1h", "--bucket", "5m", "--fold", "count");
        assertThat(r.code()).isEqualTo(EchoMqCli.FAILED);
        assertThat(r.err().lines().filter(l -> !l.isBlank()).toList()).hasSize(1);
        assertThat(r.err()).startsWith("error: Redis at ").contains("not-a-stream").doesNotContain("\tat ");
    }

    @Test
    void redisComesFromRedisUrlWhenNotGiven() {
        Run r = runWith(Map.of("REDIS_URL", CLOSED), "window", "--stream", "orders", "--since", "1h", "--fold", "count");
        assertThat(r.code()).isEqualTo(EchoMqCli.FAILED);
        assertThat(r.err()).contains(CLOSED);
    }

    @Test
    void theHelpListsTheLibrarysFoldSpellings() {
        for (String command : List.of("window", "series", "sessions")) {
            Run r = run(command, "--help");
            assertThat(r.code()).as(r.err()).isZero();
            // the help wraps its lines where it likes (even inside "max:F"): compared without whitespace
            String bare = r.out().replaceAll("\\s+", "");
            assertThat(bare).as(command).contains("(p50:F,p99.9:F):" + echomq.sketches.Aggregates.KINDS
                    .map(echomq.sketches.Aggregate.Kind::spelling).mkString(",") + "--");
        }
    }
}
