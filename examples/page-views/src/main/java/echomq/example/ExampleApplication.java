package echomq.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A page-view counter on EchoMQ-J's Spring Boot starter: {@code POST /views} records a view,
 * {@code GET /views/per-minute} answers the last hour's views per minute (quiet minutes as 0),
 * {@code GET /views/top-pages} each hour's most viewed pages; meters and health on Actuator.
 * Nothing here builds a port: the starter makes every bean on the Redis client Spring Data Redis
 * already holds.
 */
@SpringBootApplication
public class ExampleApplication {

    /**
     * Runs the service.
     *
     * @param args Spring Boot's arguments ({@code --server.port=9090}, {@code --spring.data.redis.url=…})
     */
    public static void main(String[] args) {
        SpringApplication.run(ExampleApplication.class, args);
    }
}
