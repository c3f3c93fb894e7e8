/**
 * Spring Boot 4 auto-configuration of EchoMQ-J: the library's ports, its caching reader, stream
 * followers, the appender, retention, Micrometer metrics and an Actuator health indicator, as beans
 * a Boot application overrides by declaring its own.
 *
 * <p>Where the ports run, in this order: on {@code echomq.redis.url} when it is set (Lettuce, or
 * Jedis with {@code echomq.redis.client=jedis}); else on the client Spring Data Redis already holds
 * (a {@code LettuceConnectionFactory}'s native client, shared and never closed by the starter; a
 * {@code JedisConnectionFactory}'s configuration, on a Jedis 8 {@code RedisClient} of the starter's
 * own); else the application fails to start saying which property to set. The properties are
 * {@link echomq.spring.boot.EchoMqProperties}; the beans are listed in
 * {@link echomq.spring.boot.EchoMqAutoConfiguration}.
 */
package echomq.spring.boot;
