package codemojex.app;

import codemojex.app.core.port.in.JoinGameUseCase;
import codemojex.projections.Code;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes the fixture {@link DataFormatTest} reads: the data of this release on a Redis, saved as an
 * RDB, beside what it holds ({@code expected.properties}). Run it again when a release changes the
 * data format, into a new {@code fixtures/format-N} folder, and keep the old ones: each is data an
 * older release left, which the new one must still read.
 * {@code java -cp <test classpath> codemojex.app.FormatFixture codemojex-app/src/test/resources/fixtures/format-1}
 */
public final class FormatFixture {

    private FormatFixture() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Path dir = Files.createTempDirectory("format-fixture");
        RedisServerProcess redis = TestRedis.privateServer("--dir", dir.toString(), "--dbfilename", "dump.rdb", "--save", "");
        Map<String, String> expected = new LinkedHashMap<>();
        // sessions for ten years: the fixture is read long after it was written, and Redis drops an expired key as it loads
        Settings settings = Settings.builder().sessionTtl(Duration.ofDays(3650)).partitions(2).build();
        try (redis; Codemojex app = Codemojex.connect(redis.uri(), settings)) {
            app.worker().start();
            Random r = new Random(47);
            String won = app.useCases().rooms().open("fixture").game();
            String open = app.useCases().rooms().open("fixture").game();
            JoinGameUseCase.Joined ada = app.useCases().joins().join(won, "ada");
            JoinGameUseCase.Joined bob = app.useCases().joins().join(won, "bob");
            JoinGameUseCase.Joined cy = app.useCases().joins().join(open, "cy");
            for (JoinGameUseCase.Joined j : List.of(ada, cy)) {
                String g = j.login().game();
                app.useCases().guesses().submit(g, j.login().playerId(), j.login().player(), app.useCases().games().game(g).keyboard().drawGuess(r).toString());
            }
            Code secret = app.useCases().games().game(won).secret();
            app.useCases().guesses().submit(won, bob.login().playerId(), "bob", secret.text());
            AppFixture.await("the fixture's guesses scored and its game settled", () -> app.useCases().games().game(won).settled()
                    && app.useCases().boards().board(open, 10).size() == 1 && app.useCases().boards().board(won, 10).size() == 2);
            expected.put("won", won);
            expected.put("open", open);
            expected.put("winner", "bob");
            expected.put("day", java.time.LocalDate.ofInstant(app.clock().instant(), java.time.ZoneOffset.UTC).toString());
            expected.put("board.won", app.useCases().boards().board(won, 10).toString());
            expected.put("board.open", app.useCases().boards().board(open, 10).toString());
            expected.put("token.ada", ada.token().get().reveal());
            expected.put("token.cy", cy.token().get().reveal());
            expected.put("at", app.clock().instant().toString());
            app.worker().stop();
            redis.command("SAVE");
        }
        Files.copy(dir.resolve("dump.rdb"), out.resolve("dump.rdb"), StandardCopyOption.REPLACE_EXISTING);
        StringBuilder props = new StringBuilder("# what fixtures/format-1/dump.rdb holds: written by FormatFixture\n");
        expected.forEach((k, v) -> props.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        Files.writeString(out.resolve("expected.properties"), props);
    }
}
