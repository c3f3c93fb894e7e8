package echomq.example;

import echomq.spring.boot.EchoMqConfigurationException;
import echomq.testkit.RedisExtension;
import echomq.testkit.RedisUri;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Jedis path as a Boot 4.0.7 application gets it: Jedis 7.0.0, which EchoMQ's Jedis adapter
 * cannot run on (it needs Jedis 8's {@code RedisClient}). The start fails at once, before anything
 * reaches Redis, naming the version found, the version needed and the property that sets it.
 */
@ExtendWith({RedisExtension.class, OutputCaptureExtension.class})
class JedisSevenFailsAtStartTest {

    @Test
    void onBootsJedisTheStartFailsNamingTheVersionFoundTheVersionNeededAndJedisVersion(RedisUri redis, CapturedOutput output) {
        assertThat(redis.clients.jedis.Jedis.class.getProtectionDomain().getCodeSource().getLocation().toString()).endsWith("jedis-7.0.0.jar");
        assertThatThrownBy(() -> new SpringApplicationBuilder(ExampleApplication.class).web(WebApplicationType.NONE)
                .run("--spring.data.redis.url=" + redis.uri(), "--spring.data.redis.client-type=jedis"))
                .rootCause().isInstanceOf(EchoMqConfigurationException.class)
                .hasMessageContaining("needs Jedis 8.x").hasMessageContaining("the classpath has Jedis 7.0.0")
                .satisfies(e -> assertThat(((EchoMqConfigurationException) e).action())
                        .contains("<jedis.version>8.").contains("redis.clients:jedis:8.").contains("spring.data.redis.client-type=lettuce"));
        // Boot's failure report, from the starter's FailureAnalyzer
        assertThat(output).contains("APPLICATION FAILED TO START").contains("Jedis 7.0.0").contains("jedis.version");
    }
}
