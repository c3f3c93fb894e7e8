package codemojex.app.redis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The app's own Redis on a data directory: held while open, taken over when abandoned, let go of on close. */
class OwnedRedisTest {

    @Test
    void servingHoldsTheDirectoryAndCloseLetsGoOfItAll(@TempDir Path dir) {
        DataDirectory data = DataDirectory.at(dir);
        String uri;
        try (OwnedRedis owned = OwnedRedis.serving(data)) {
            uri = owned.uri();
            assertThat(owned.started()).isNotEmpty();
            assertThat(data.running()).contains(uri);
            assertThatThrownBy(() -> OwnedRedis.serving(data)).isInstanceOf(DataDirectory.InUse.class);
            assertThatThrownBy(() -> OwnedRedis.startedOn(data)).isInstanceOf(DataDirectory.InUse.class);
        }
        assertThat(data.running()).isEmpty(); // stopped
        data.own().close(); // and the directory is free
    }

    @Test
    void anAbandonedRedisIsTakenOverByTheNextAndStoppedByIt(@TempDir Path dir) {
        DataDirectory data = DataDirectory.at(dir);
        OwnedRedis first = OwnedRedis.serving(data);
        EmbeddedRedis server = first.started().get();
        first.abandon();
        try {
            assertThat(data.running()).contains(first.uri()); // the Redis stays
            try (OwnedRedis next = OwnedRedis.serving(data)) {
                assertThat(next.uri()).isEqualTo(first.uri());
                assertThat(next.started()).isEmpty(); // taken over, not started twice on one AOF
            }
            assertThat(data.running()).isEmpty(); // the owner stopped it
        } finally {
            server.close();
        }
    }

    @Test
    void anEphemeralRedisHoldsNoDirectory() {
        try (OwnedRedis owned = OwnedRedis.ephemeral()) {
            assertThat(owned.started()).hasSize(1);
            assertThat(owned.started().get().persistent()).isFalse();
            assertThat(owned.uri()).startsWith("redis://");
        }
    }
}
