package echomq.bare;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Boot application that says nothing of EchoMQ but {@code spring.data.redis.url} (#28):
 * the starter gives it a working {@link StreamAppendPort} (on a node leased from Redis, as no
 * {@code echomq.node-id} is set) and {@link StreamWindows}, on Boot's own Lettuce. In a package of its
 * own, so that neither this application nor the example service finds the other.
 */
class OnlyTheRedisUrlTest {

    /** An application with nothing of its own. */
    @SpringBootApplication
    static class Bare {
    }

    @Test
    void getsAWorkingAppenderAndWindows() {
        SpringApplication app = new SpringApplication(Bare.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        // only the Redis URL; the properties file of the example service is not read (another name)
        app.setDefaultProperties(Map.of("spring.data.redis.url", TestRedis.uri(), "spring.config.name", "nothing-else"));
        try (ConfigurableApplicationContext context = app.run()) {
            StreamKey key = StreamKey.of("bare", "views-" + UUID.randomUUID());
            StreamAppendPort append = context.getBean(StreamAppendPort.class);
            append.append(key, LinkedHashMap.of("page", "/"));
            append.append(key, LinkedHashMap.of("page", "/cart"));
            long n = context.getBean(StreamWindows.class).foldWindow(key, Window.last(Duration.ofMinutes(5)), Fold.of("n", 0L, (c, e) -> c + 1));
            assertThat(n).isEqualTo(2);
        }
    }
}
