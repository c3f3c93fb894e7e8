package echomq.spring.boot;

import echomq.micrometer.MicrometerEchoListener;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * EchoMQ's meters ({@code echomq.*}: folds, appends, retention, groups, subscriptions) on the
 * application's {@link MeterRegistry}, when it has one: a {@link MicrometerEchoListener} that every
 * EchoMQ bean of {@link EchoMqAutoConfiguration} tells what it does.
 */
@AutoConfiguration(before = EchoMqAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnBooleanProperty(name = "echomq.enabled", matchIfMissing = true)
@ConditionalOnClass(name = {"io.micrometer.core.instrument.MeterRegistry", "echomq.micrometer.MicrometerEchoListener"})
@ConditionalOnBean(type = "io.micrometer.core.instrument.MeterRegistry")
public class EchoMqMetricsAutoConfiguration {

    /** For Spring. */
    public EchoMqMetricsAutoConfiguration() {
    }

    /**
     * The listener that records EchoMQ's meters.
     *
     * @param registry the application's registry
     * @return the listener
     */
    @Bean
    @ConditionalOnMissingBean
    public MicrometerEchoListener echoMqMicrometerListener(MeterRegistry registry) {
        return new MicrometerEchoListener(registry);
    }
}
