package echomq.guide;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.fold.CombinableFold;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.projection.ProjectionReader;
import echomq.spring.boot.EchoMqAutoConfiguration;
import echomq.testkit.RedisExtension;
import echomq.testkit.RedisUri;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java samples of {@code docs/02-spring-boot.md}, each between {@code // sample:NAME} and
 * {@code // end:NAME}, compiled here against Spring Boot and the starter ({@code DocSamplesTest}
 * checks the page shows them line for line). Not run, and outside {@code echomq.example}, so the
 * example's component scan never finds their beans (its own test would run on the sample's reader);
 * {@code ExampleServiceTest} runs the service they describe.
 */
final class GuideSamples {

    private GuideSamples() {
    }

    record Score(String player, long points) {
    }

    // sample:boot-service
    @RestController
    class Scores {
        static final StreamKey SCORES = StreamKey.of("example", "scores");
        static final CombinableFold<Long> COUNT = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);
        private final StreamAppendPort appender;
        private final ProjectionReader reader;

        Scores(StreamAppendPort appender, ProjectionReader reader) {   // the starter's beans
            this.appender = appender;
            this.reader = reader;
        }

        @PostMapping("/scores")
        String add(@RequestBody Score s) {
            return appender.append(SCORES, LinkedHashMap.of("player", s.player(), "points", String.valueOf(s.points()))).toString();
        }

        @GetMapping("/scores/series")
        List<Bucket<Long>> perMinute() {
            return reader.fold(SCORES, Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), COUNT)
                    .buckets().toJavaList();
        }
    }
    // end:boot-service

    static class Closing {
        // sample:boot-closing-buckets
        @Bean
        ClosingBuckets closingBuckets(StreamRangePort range, ServerClockPort clock, BucketMarkPort marks) {
            return new ClosingBuckets(range, clock, marks);
        }
        // end:boot-closing-buckets
    }

    static class Override {
        // sample:boot-override
        @Bean
        ProjectionReader projectionReader(StreamRangePort range, StreamStatePort states) {
            return new ProjectionReader(range, states, Clock.systemUTC(), 50_000, 500);   // the starter's reader steps aside
        }
        // end:boot-override
    }

    // sample:boot-test
    @SpringBootTest
    class ScoresTest {
        @DynamicPropertySource
        static void redis(DynamicPropertyRegistry registry) {
            registry.add("spring.data.redis.url", echomq.testkit.TestRedis::uri);   // REDIS_URL, else a redis-server of its own
        }

        @Autowired
        StreamAppendPort appender;

        @Test
        void appends() {
            assertThat(appender.append(StreamKey.of("example", "scores"), LinkedHashMap.of("player", "ada")).toString()).startsWith("EVT");
        }
    }
    // end:boot-test

    // sample:boot-context-runner
    @ExtendWith(RedisExtension.class)
    class MyConfigTest {
        @Test
        void runsOnMyRedis(RedisUri redis) {
            new ApplicationContextRunner()
                    .withConfiguration(AutoConfigurations.of(EchoMqAutoConfiguration.class))
                    .withPropertyValues("echomq.redis.url=" + redis.uri(), "echomq.node-id=1")
                    .run(context -> assertThat(context).hasSingleBean(ProjectionReader.class));
        }
    }
    // end:boot-context-runner
}
