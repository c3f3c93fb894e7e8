package echomq.cli.command;

import picocli.CommandLine.Option;

import java.util.Map;

/** {@code --redis URL}: which Redis every command reads. */
public final class RedisOptions {

    /** The Redis read when neither {@code --redis} nor {@code REDIS_URL} says which. */
    public static final String DEFAULT = "redis://127.0.0.1:6379";

    @Option(names = "--redis", paramLabel = "URL",
            description = "the Redis to read: redis://[user:pass@]host:port[/db], rediss://… (TLS) "
                    + "(default: $REDIS_URL, else " + DEFAULT + ")")
    String redis;

    /**
     * The Redis to read: {@code --redis}, else {@code REDIS_URL} of {@code env}, else {@link #DEFAULT}.
     *
     * @param env the environment
     * @return the URL
     * @throws BadArgumentException when {@code --redis} is given empty
     */
    public String url(Map<String, String> env) {
        if (redis != null) {
            if (redis.isBlank()) {
                throw new BadArgumentException("--redis is empty: give redis://host:port, or leave it out for $REDIS_URL or " + DEFAULT);
            }
            return requirePort(redis.trim());
        }
        String fromEnv = env.get("REDIS_URL");
        return fromEnv == null || fromEnv.isBlank() ? DEFAULT : requirePort(fromEnv.trim());
    }

    /** {@code url}, when its port (if it names one) is 1..65535: a port out of range is bad input, not an unreachable Redis. */
    private static String requirePort(String url) {
        int port;
        try {
            port = java.net.URI.create(url).getPort();
        } catch (IllegalArgumentException notAUri) {
            return url; // the connection's own parsing names what is wrong with it (exit 2 as well)
        }
        if (port == 0 || port > 65_535) {
            throw new BadArgumentException("--redis names port " + port + ": give a port from 1 to 65535");
        }
        return url;
    }
}
