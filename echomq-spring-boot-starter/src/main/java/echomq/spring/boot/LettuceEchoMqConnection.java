package echomq.spring.boot;

import echomq.lettuce.LettuceConnections;
import echomq.lettuce.LettucePorts;
import echomq.lettuce.LettuceRedis;
import io.lettuce.core.AbstractRedisClient;

import java.time.Duration;

/** The ports over one {@link LettuceRedis}: on a client of the starter's own, or on Spring Data Redis' client, shared. */
final class LettuceEchoMqConnection extends ClientEchoMqConnection {

    private final LettuceRedis redis;

    LettuceEchoMqConnection(LettuceRedis redis, String description) {
        super(LettucePorts.owning(redis, description));
        this.redis = redis;
    }

    /** On the native client of a running {@code LettuceConnectionFactory}: one connection of ours, the client left to its owner. */
    static LettuceEchoMqConnection shared(AbstractRedisClient client, Duration timeout, String owner) {
        return new LettuceEchoMqConnection(LettuceConnections.on(client, timeout), "lettuce, shared with " + owner);
    }

    /** On a client of the starter's own, for {@code uri}. */
    static LettuceEchoMqConnection connect(String uri, Duration timeout) {
        return new LettuceEchoMqConnection(LettuceConnections.connect(uri, timeout), "lettuce, on " + LettuceConnections.mask(uri));
    }

    LettuceRedis redis() {
        return redis;
    }
}
