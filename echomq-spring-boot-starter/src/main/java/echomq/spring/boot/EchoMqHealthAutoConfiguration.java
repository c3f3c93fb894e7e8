package echomq.spring.boot;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamKey;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.context.annotation.Bean;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Actuator health indicator {@code echomq} ({@link EchoMqHealthIndicator}), when Spring Boot's
 * health module is on the classpath (it comes with {@code spring-boot-starter-actuator});
 * {@code management.health.echomq.enabled=false} turns it off. The streams whose groups it shows:
 * {@code echomq.health.streams}, the consumer group's stream and the retention rules' streams.
 */
@AutoConfiguration(after = EchoMqAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "echomq.enabled", matchIfMissing = true)
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
@ConditionalOnBean({ServerClockPort.class, StreamReadersPort.class})
@ConditionalOnEnabledHealthIndicator("echomq")
public class EchoMqHealthAutoConfiguration {

    /** For Spring. */
    public EchoMqHealthAutoConfiguration() {
    }

    /**
     * The indicator, named {@code echomq} in the health endpoint.
     *
     * @param clock      the server clock port
     * @param readers    the readers port
     * @param connection the connection, when there is one (its description is shown)
     * @param properties the properties
     * @return the indicator
     */
    @Bean
    @ConditionalOnMissingBean(name = "echomqHealthIndicator")
    public EchoMqHealthIndicator echomqHealthIndicator(ServerClockPort clock, StreamReadersPort readers,
                                                       ObjectProvider<EchoMqConnection> connection, EchoMqProperties properties) {
        Set<StreamKey> streams = new LinkedHashSet<>();
        for (String s : properties.getHealth().getStreams()) {
            streams.add(StreamRefs.parse("echomq.health.streams", s));
        }
        for (String k : properties.getHealth().getKeys()) {
            streams.add(StreamRefs.existing("echomq.health.keys", k));
        }
        EchoMqProperties.ConsumerGroup g = properties.getConsumerGroup();
        if (g.getName() != null) {
            StreamRefs.consumerGroup(g).forEach(streams::add);
        }
        RetentionRules.policy(properties.getRetention()).rules().forEach(r -> streams.add(r.stream()));
        return new EchoMqHealthIndicator(clock, readers, () -> {
            EchoMqConnection c = connection.getIfAvailable();
            return c == null ? "the application's own ports" : c.description();
        }, List.copyOf(streams), properties.getHealth().getMaxLag());
    }
}
