package codemojex.app;

import codemojex.app.core.DataFormat;
import codemojex.app.redis.StoredFormat;
import codemojex.app.redis.StoredPartitions;
import echomq.testkit.MovableClock;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Upgrades (#48): the data carries its format; a release refuses a newer one naming both, migrates
 * an older one in place, and reads the data a release of its format left (a fixture it wrote).
 */
class DataFormatTest {

    @Test
    void theDecisionForEachFormatFound() {
        assertThat(DataFormat.decide(-1, false)).isEqualTo(new DataFormat.Fresh());
        assertThat(DataFormat.decide(-1, true)).isEqualTo(new DataFormat.Migrate(0));
        assertThat(DataFormat.decide(0, true)).isEqualTo(new DataFormat.Migrate(0));
        assertThat(DataFormat.decide(DataFormat.CURRENT, true)).isEqualTo(new DataFormat.Current());
        assertThat(DataFormat.decide(DataFormat.CURRENT + 1, true)).isEqualTo(new DataFormat.Newer(DataFormat.CURRENT + 1));
        assertThat(new DataFormat.Newer(7).message()).contains("format 7").contains("format " + DataFormat.CURRENT);
    }

    @Test
    void aFreshRedisIsMarkedAndDataOfTheReleasesBeforeIsMigratedOnce() {
        try (RedisServerProcess fresh = TestRedis.privateServer(); Codemojex app = Codemojex.connect(fresh.uri(), Settings.defaults())) {
            assertThat(fresh.command("GET", StoredFormat.KEY)).isEqualTo(Integer.toString(DataFormat.CURRENT));
        }
        try (RedisServerProcess old = TestRedis.privateServer()) {
            old.command("SET", StoredPartitions.KEY, "1"); // data of a release that kept no format
            try (Codemojex app = Codemojex.connect(old.uri(), Settings.defaults())) {
                assertThat(old.command("GET", StoredFormat.KEY)).isEqualTo(Integer.toString(DataFormat.CURRENT));
            }
            try (Codemojex again = Codemojex.connect(old.uri(), Settings.defaults())) { // run again: nothing more to do
                assertThat(old.command("GET", StoredFormat.KEY)).isEqualTo(Integer.toString(DataFormat.CURRENT));
            }
        }
    }

    @Test
    void aNewerFormatIsRefusedNamingBothAndNothingIsWritten() {
        try (RedisServerProcess newer = TestRedis.privateServer()) {
            newer.command("SET", StoredFormat.KEY, Integer.toString(DataFormat.CURRENT + 1));
            assertThatThrownBy(() -> Codemojex.connect(newer.uri(), Settings.defaults()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("format " + (DataFormat.CURRENT + 1))
                    .hasMessageContaining("this release's format " + DataFormat.CURRENT);
            assertThat(newer.command("EXISTS", StoredPartitions.KEY)).as("nothing written").isEqualTo("0");
            newer.command("SET", StoredFormat.KEY, "x");
            assertThatThrownBy(() -> Codemojex.connect(newer.uri(), Settings.defaults())).hasMessageContaining(StoredFormat.KEY)
                    .hasMessageContaining("\"x\"");
        }
    }

    /** Data a release of this format wrote (fixtures/format-1, by {@link FormatFixture}): every game, board, session and result is found. */
    @Test
    void theDataOfThisFormatIsReadWhole() throws Exception {
        Properties expected = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/fixtures/format-1/expected.properties")) {
            expected.load(in);
        }
        Path dir = Files.createTempDirectory("format-1");
        try (InputStream rdb = getClass().getResourceAsStream("/fixtures/format-1/dump.rdb")) {
            Files.copy(rdb, dir.resolve("dump.rdb"), StandardCopyOption.REPLACE_EXISTING);
        }
        // the app's clock at the instant the fixture was written: its sessions are alive then
        MovableClock clock = new MovableClock(Instant.parse(expected.getProperty("at")).toEpochMilli());
        try (RedisServerProcess redis = TestRedis.privateServer("--dir", dir.toString(), "--dbfilename", "dump.rdb");
             Codemojex app = Codemojex.connect(redis.uri(), Settings.builder().clock(clock).build())) {
            assertThat(app.partitions().count()).isEqualTo(2);
            String won = expected.getProperty("won");
            String open = expected.getProperty("open");
            assertThat(app.useCases().games().game(won).settled()).isTrue();
            assertThat(app.useCases().games().game(won).winner()).isEqualTo(Option.some(expected.getProperty("winner")));
            assertThat(app.useCases().games().game(open).settled()).isFalse();
            assertThat(app.useCases().boards().board(won, 10).toString()).isEqualTo(expected.getProperty("board.won"));
            assertThat(app.useCases().boards().board(open, 10).toString()).isEqualTo(expected.getProperty("board.open"));
            assertThat(app.useCases().logins().authenticate(won, Option.some(expected.getProperty("token.ada"))).player()).isEqualTo("ada");
            assertThat(app.useCases().logins().authenticate(open, Option.some(expected.getProperty("token.cy"))).player()).isEqualTo("cy");
            LocalDate day = LocalDate.parse(expected.getProperty("day"));
            assertThat(app.useCases().results().results(day, ZoneOffset.UTC).value()).anySatisfy(r -> assertThat(r.toString()).contains(won));
            assertThat(app.useCases().rebuilds().rebuildBoard(won).equal()).isTrue();
            assertThat(redis.command("GET", StoredFormat.KEY)).isEqualTo("1");
        }
    }
}
