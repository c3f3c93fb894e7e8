package echomq.spring.boot;

import org.springframework.util.ClassUtils;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Properties;

/**
 * Whether the Jedis on the classpath can serve EchoMQ's Jedis adapter, decided without touching a
 * class of Jedis 8: the adapter runs on {@code redis.clients.jedis.RedisClient}, which Jedis 7
 * (what Spring Boot 4.0 manages) does not have. When it cannot, the start fails naming the version
 * found, the version needed and the property that sets it.
 */
final class JedisSupport {

    static final String REDIS_CLIENT = "redis.clients.jedis.RedisClient";
    static final String JEDIS = "redis.clients.jedis.Jedis";
    static final String ADAPTER = "echomq.redis.RedisStreamRange";
    /** The major version the adapter needs, as messages write it. */
    static final String NEEDED = "8.x";

    private JedisSupport() {
    }

    /**
     * Throws unless Jedis 8 and the Jedis adapter are on the classpath.
     *
     * @param what what asked for Jedis, for the message ("Spring Data Redis' JedisConnectionFactory", "echomq.redis.client=jedis")
     * @param classLoader where to look
     * @throws EchoMqConfigurationException naming the version found, the version needed and {@code jedis.version}
     */
    static void require(String what, ClassLoader classLoader) {
        problem(what, classLoader).ifPresent(e -> {
            throw e;
        });
    }

    static Optional<EchoMqConfigurationException> problem(String what, ClassLoader classLoader) {
        String tested = tested();
        if (!ClassUtils.isPresent(JEDIS, classLoader)) {
            return Optional.of(new EchoMqConfigurationException(what + " asks for EchoMQ's Jedis adapter, but Jedis is not on the classpath.",
                    "Add redis.clients:jedis " + tested + " (Jedis " + NEEDED + ") and dev.echomq:echomq-redis-adapter, "
                            + "or run EchoMQ on Lettuce (echomq.redis.client=lettuce)."));
        }
        if (!ClassUtils.isPresent(REDIS_CLIENT, classLoader)) {
            String found = version(classLoader);
            return Optional.of(new EchoMqConfigurationException(
                    what + " asks for EchoMQ's Jedis adapter, which needs Jedis " + NEEDED + " (it runs on " + REDIS_CLIENT
                            + "), but the classpath has Jedis " + found + ", which lacks that class. Spring Boot 4.0 manages Jedis 7.",
                    "Set the Jedis version to " + tested + " (any " + NEEDED + "): with spring-boot-starter-parent, the property "
                            + "<jedis.version>" + tested + "</jedis.version> in your pom; with spring-boot-dependencies imported, declare "
                            + "redis.clients:jedis:" + tested + " in <dependencyManagement> before that import (Gradle: "
                            + "ext['jedis.version'] = '" + tested + "'). Or run EchoMQ on Lettuce: spring.data.redis.client-type=lettuce "
                            + "(the starter then shares Spring Data Redis' Lettuce client), or echomq.redis.url with echomq.redis.client=lettuce."));
        }
        if (!ClassUtils.isPresent(ADAPTER, classLoader)) {
            return Optional.of(new EchoMqConfigurationException(what + " asks for EchoMQ's Jedis adapter, but dev.echomq:echomq-redis-adapter is not on the classpath.",
                    "Add dev.echomq:echomq-redis-adapter (its version from echomq-bom), or run EchoMQ on Lettuce "
                            + "(spring.data.redis.client-type=lettuce, or echomq.redis.url with echomq.redis.client=lettuce)."));
        }
        return Optional.empty();
    }

    /** The version of the Jedis jar that holds {@code redis.clients.jedis.Jedis}, from its {@code pom.properties}. */
    static String version(ClassLoader classLoader) {
        try {
            Class<?> jedis = ClassUtils.forName(JEDIS, classLoader);
            try (InputStream in = jedis.getResourceAsStream("pom.properties")) {
                if (in != null) {
                    Properties p = new Properties();
                    p.load(in);
                    String v = p.getProperty("version");
                    if (v != null && !v.isBlank()) {
                        return v.trim();
                    }
                }
            }
            String v = jedis.getPackage() == null ? null : jedis.getPackage().getImplementationVersion();
            return v == null ? "of an unknown version (older than 8)" : v;
        } catch (ClassNotFoundException | LinkageError | IOException e) {
            return "of an unknown version (older than 8)";
        }
    }

    /** The Jedis version this starter was built and tested on. */
    static String tested() {
        try (InputStream in = JedisSupport.class.getResourceAsStream("versions.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("jedis", "8.0.2");
        } catch (IOException e) {
            return "8.0.2";
        }
    }
}
