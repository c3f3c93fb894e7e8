package echomq.spring.boot;

import io.lettuce.core.AbstractRedisClient;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Where the one {@link EchoMqConnection} comes from, tried in this order (each only while there is
 * no such bean yet): {@code echomq.redis.url}; Spring Data Redis' {@code LettuceConnectionFactory}
 * (its native client, shared); its {@code JedisConnectionFactory} (a Jedis 8 client of the
 * starter's own, built from the factory's configuration); else a bean that fails the start saying
 * what to set. Imported in that order by {@link EchoMqAutoConfiguration}.
 */
final class EchoMqConnectionConfigurations {

    static final String LETTUCE_FACTORY = "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory";
    static final String JEDIS_FACTORY = "org.springframework.data.redis.connection.jedis.JedisConnectionFactory";

    private EchoMqConnectionConfigurations() {
    }

    /** {@code echomq.redis.url}: a client of the starter's own, closed with the context. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "echomq.redis", name = "url")
    static class FromUrl {

        @Bean
        @ConditionalOnMissingBean
        EchoMqConnection echoMqConnection(EchoMqProperties properties, EchoMqResources resources) {
            EchoMqProperties.Redis redis = properties.getRedis();
            if (redis.getClient() == EchoMqProperties.Client.JEDIS) {
                JedisSupport.require("echomq.redis.client=jedis", FromUrl.class.getClassLoader());
                return resources.connection(JedisEchoMqConnection.connect(redis.getUrl(), redis));
            }
            return resources.connection(LettuceEchoMqConnection.connect(redis.getUrl(), redis.getTimeout()));
        }
    }

    /** Spring Data Redis on Lettuce: one connection of EchoMQ's own on the factory's client, which stays the factory's. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = LETTUCE_FACTORY)
    @ConditionalOnSingleCandidate(type = LETTUCE_FACTORY)
    static class OnLettuceFactory {

        @Bean
        @ConditionalOnMissingBean
        EchoMqConnection echoMqConnection(LettuceConnectionFactory factory, EchoMqProperties properties, EchoMqResources resources) {
            AbstractRedisClient client;
            try {
                client = factory.getRequiredNativeClient();
            } catch (IllegalStateException e) {
                throw new EchoMqConfigurationException("Spring Data Redis' LettuceConnectionFactory has no client yet (" + e.getMessage() + ").",
                        "Leave the factory's early and auto startup on (the defaults), or set echomq.redis.url.", e);
            }
            return resources.connection(LettuceEchoMqConnection.shared(client, properties.getRedis().getTimeout(),
                    "Spring Data Redis' LettuceConnectionFactory (not closed by EchoMQ)"));
        }
    }

    /** Spring Data Redis on Jedis: needs Jedis 8 (and the Jedis adapter), else the start fails saying so. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = JEDIS_FACTORY)
    @ConditionalOnSingleCandidate(type = JEDIS_FACTORY)
    static class OnJedisFactory {

        @Bean
        @ConditionalOnMissingBean
        EchoMqConnection echoMqConnection(JedisConnectionFactory factory, EchoMqProperties properties, EchoMqResources resources) {
            JedisSupport.require("Spring Data Redis' JedisConnectionFactory", OnJedisFactory.class.getClassLoader());
            return resources.connection(JedisEchoMqConnection.fromFactory(factory, properties.getRedis()));
        }
    }

    /** Nothing to run on: whatever needs the connection fails the start, naming the property. */
    @Configuration(proxyBeanMethods = false)
    static class NoRedis {

        @Bean
        @ConditionalOnMissingBean
        EchoMqConnection echoMqConnection() {
            throw new EchoMqConfigurationException(
                    "EchoMQ has no Redis to run on: echomq.redis.url is not set and there is no Spring Data Redis connection factory.",
                    "Set echomq.redis.url (redis://host:port; echomq.redis.client=lettuce or jedis), or add "
                            + "spring-boot-starter-data-redis (spring.data.redis.*): the starter then runs on its client. "
                            + "Or set echomq.enabled=false.");
        }
    }
}
