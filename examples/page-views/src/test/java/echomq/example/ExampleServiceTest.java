package echomq.example;

import echomq.spring.boot.EchoMqConnection;
import echomq.testkit.TestRedis;
import io.lettuce.core.RedisClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example service as a Spring Boot application runs it, on the client versions Boot 4.0.7
 * manages (Lettuce 6.8.2) and a real {@code redis-server}: views recorded over HTTP, the last hour
 * per minute and each hour's top pages read back, EchoMQ's meters and its health on Actuator.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ExampleServiceTest {

    @DynamicPropertySource
    static void redis(DynamicPropertyRegistry registry) {
        registry.add("spring.data.redis.url", TestRedis::uri);
    }

    @LocalServerPort
    int port;

    @Autowired
    StringRedisTemplate redis;

    @Autowired
    EchoMqConnection connection;

    @Autowired
    org.springframework.context.ApplicationContext context;

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void freshStream() {
        redis.delete(PageViewsController.VIEWS.toString());
    }

    @Test
    void runsOnBootsLettuceSharingSpringDataRedisClient() {
        assertThat(RedisClient.class.getProtectionDomain().getCodeSource().getLocation().toString()).endsWith("lettuce-core-6.8.2.RELEASE.jar");
        assertThat(connection.description()).contains("lettuce, shared with Spring Data Redis' LettuceConnectionFactory");
        // the starter's reader (a @Bean of the same type anywhere in the scanned packages would replace it)
        assertThat(context.getBeansOfType(echomq.engine.projection.ProjectionReader.class)).containsOnlyKeys("echoMqProjectionReader");
    }

    @Test
    void recordsViewsThenAnswersTheHourPerMinuteAndEachHoursTopPagesAndShowsItsMetersAndHealth() throws Exception {
        for (String page : List.of("/cart", "/home", "/cart", "/pricing", "/cart", "/home")) {
            assertThat(post(page).statusCode()).isEqualTo(201);
        }
        HttpResponse<String> one = post("/docs");
        assertThat(json.readTree(one.body()).get("id").asString()).startsWith("EVT").hasSize(14);

        JsonNode minutes = get("/views/per-minute");
        assertThat(minutes.size()).isBetween(60, 61);   // the hour in minutes, its ends clipped
        long total = StreamSupport.stream(minutes.spliterator(), false).mapToLong(m -> m.get("views").asLong()).sum();
        assertThat(total).isEqualTo(7);
        assertThat(StreamSupport.stream(minutes.spliterator(), false).filter(m -> m.get("views").asLong() == 0).count())
                .as("quiet minutes are there, as 0").isGreaterThanOrEqualTo(58);

        JsonNode hours = get("/views/top-pages?hours=24&top=2");
        assertThat(hours.size()).isBetween(24, 25);
        JsonNode now = hours.get(hours.size() - 1).get("top").size() > 0 ? hours.get(hours.size() - 1) : hours.get(hours.size() - 2);
        assertThat(now.get("views").asLong()).isEqualTo(7);
        assertThat(now.get("top").get(0).get("page").asString()).isEqualTo("/cart");
        assertThat(now.get("top").get(0).get("views").asLong()).isEqualTo(3);
        assertThat(now.get("top").get(1).get("page").asString()).isEqualTo("/home");
        assertThat(now.get("top").size()).isEqualTo(2);
        // a second read folds nothing again: the caching reader answers from what it kept
        long before = context.getBean(echomq.engine.projection.ProjectionReader.class).metrics().entriesFolded();
        get("/views/top-pages?hours=24&top=2");
        assertThat(context.getBean(echomq.engine.projection.ProjectionReader.class).metrics().entriesFolded()).isEqualTo(before);

        JsonNode appended = get("/actuator/metrics/echomq.append.records");
        assertThat(appended.get("measurements").get(0).get("value").asDouble()).isGreaterThanOrEqualTo(7.0);
        JsonNode reads = get("/actuator/metrics/echomq.projection.reads");
        assertThat(reads.get("measurements").get(0).get("value").asDouble()).isGreaterThanOrEqualTo(2.0);

        JsonNode health = get("/actuator/health");
        assertThat(health.get("status").asString()).isEqualTo("UP");
        JsonNode echomq = health.get("components").get("echomq");
        assertThat(echomq.get("status").asString()).isEqualTo("UP");
        assertThat(echomq.get("details").get("client").asString()).contains("shared with Spring Data Redis");
        assertThat(echomq.get("details").has("groups")).isTrue();
        assertThat(health.get("components").get("redis").get("status").asString()).isEqualTo("UP");
    }

    @Test
    void refusesAViewWithoutAPageBeforeAnythingIsAppended() throws Exception {
        for (String bad : List.of("", "cart", "/" + "x".repeat(200), "/a\u0000b")) {
            assertThat(post(bad).statusCode()).as(bad).isEqualTo(400);
        }
        assertThat(redis.hasKey(PageViewsController.VIEWS.toString())).isFalse();
        assertThat(getStatus("/views/top-pages?hours=0")).isEqualTo(400);
        assertThat(getStatus("/views/top-pages?hours=169")).isEqualTo(400);
        assertThat(getStatus("/views/top-pages?top=101")).isEqualTo(400);
    }

    private HttpResponse<String> post(String page) throws Exception {
        return http.send(HttpRequest.newBuilder(uri("/views")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"page\":\"" + page + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private int getStatus(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
