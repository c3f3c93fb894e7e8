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
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example service as a Spring Boot application runs it, on the client versions Boot 4.0.7
 * manages (Lettuce 6.8.2) and a real {@code redis-server}: scores appended over HTTP, a window and a
 * series read back, EchoMQ's meters and its health on Actuator.
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
        redis.delete(ScoresController.SCORES.toString());
    }

    @Test
    void runsOnBootsLettuceSharingSpringDataRedisClient() {
        assertThat(RedisClient.class.getProtectionDomain().getCodeSource().getLocation().toString()).endsWith("lettuce-core-6.8.2.RELEASE.jar");
        assertThat(connection.description()).contains("lettuce, shared with Spring Data Redis' LettuceConnectionFactory");
        // the starter's reader (a @Bean of the same type anywhere in the scanned packages would replace it)
        assertThat(context.getBeansOfType(echomq.engine.projection.ProjectionReader.class)).containsOnlyKeys("echoMqProjectionReader");
    }

    @Test
    void appendsThenReadsAWindowAndASeriesAndShowsItsMetersAndHealth() throws Exception {
        assertThat(post("ada", 30).statusCode()).isEqualTo(201);
        assertThat(post("bob", 5).statusCode()).isEqualTo(201);
        HttpResponse<String> third = post("ada", 12);
        assertThat(json.readTree(third.body()).get("id").asString()).startsWith("EVT").hasSize(14);

        JsonNode window = get("/scores/window?minutes=5");
        assertThat(window.get("ada").asLong()).isEqualTo(42);
        assertThat(window.get("bob").asLong()).isEqualTo(5);

        JsonNode series = get("/scores/series?minutes=3&bucketSeconds=60");
        assertThat(series.size()).isBetween(3, 4);   // 3 minutes in minute buckets: the first and the last clipped
        long total = StreamSupport.stream(series.spliterator(), false).mapToLong(p -> p.get("scores").asLong()).sum();
        assertThat(total).isEqualTo(3);

        JsonNode appended = get("/actuator/metrics/echomq.append.records");
        assertThat(appended.get("measurements").get(0).get("value").asDouble()).isGreaterThanOrEqualTo(3.0);
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
    void refusesAScoreWithoutAPlayer() throws Exception {
        assertThat(post(" ", 1).statusCode()).isEqualTo(400);
    }

    private HttpResponse<String> post(String player, long points) throws Exception {
        return http.send(HttpRequest.newBuilder(uri("/scores")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"player\":\"" + player + "\",\"points\":" + points + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
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
