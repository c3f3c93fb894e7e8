package codemojex.app;

import codemojex.app.cli.Main;
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
            int code = Main.run(args);
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
        String guess = f.app.play().game(game).keyboard().keys().take(6).mkString();
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
        assertThat(feed.out()).contains("1 guess by 1 player").contains("ada scored");
        Run rooms = cli("rooms", "--redis", uri);
        assertThat(rooms.out()).contains("cli\t1");
        Run results = cli("results", "--redis", uri);
        assertThat(results.code()).isZero();
        Run trim = cli("trim", "--older-than", "7d", "--exact", "--redis", uri);
        assertThat(trim.code()).isZero();
        assertThat(trim.out()).contains("guess-scored\t0 removed");
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
