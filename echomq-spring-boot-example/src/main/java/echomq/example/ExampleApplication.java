package echomq.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small scoring service on EchoMQ-J's Spring Boot starter: {@code POST /scores} appends a score,
 * {@code GET /scores/window} folds the last minutes into totals per player, {@code GET /scores/series}
 * cuts them into buckets; meters and health on Actuator. Nothing here builds a port: the starter
 * makes every bean on the Redis client Spring Data Redis already holds.
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
