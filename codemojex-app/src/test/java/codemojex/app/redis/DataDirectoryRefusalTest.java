package codemojex.app.redis;

import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis that cannot persist answers {@code PING} with {@code MISCONF}: it is still the Redis
 * serving its data directory, found as such (taking it for none would start a second
 * {@code redis-server} on the same directory).
 */
class DataDirectoryRefusalTest {

    @Test
    void aRedisThatCannotPersistIsStillFoundServingItsDirectory(@TempDir Path tmp) throws Exception {
        try (RedisServerProcess redis = TestRedis.privateServer()) {
            DataDirectory data = DataDirectory.at(tmp.resolve("data"));
            Files.writeString(data.path().resolve(DataDirectory.CONNECTION), redis.uri());
            redis.failPersistence();
            redis.command("CONFIG", "SET", "dir", data.path().toString());
            assertThat(redis.command("PING")).startsWith("-MISCONF");

            assertThat(data.running()).contains(redis.uri());
        }
    }
}
