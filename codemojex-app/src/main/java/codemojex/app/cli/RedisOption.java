package codemojex.app.cli;

import codemojex.app.Codemojex;

/** The {@code --redis} option every command shares. */
public final class RedisOption {

    @picocli.CommandLine.Option(names = "--redis", paramLabel = "URI",
            description = "Redis to use: redis://[user:pass@]host:port[/db], rediss://… (TLS) or redis-cluster://host:port,host:port… (default: $REDIS_URL)")
    String redis;

    @picocli.CommandLine.Option(names = "--node", paramLabel = "N", description = "snowflake node id 0..1023 of this process (default: random)")
    Integer node;

    io.vavr.control.Option<String> given() {
        io.vavr.control.Option<String> flag = io.vavr.control.Option.of(redis).filter(s -> !s.isBlank());
        return flag.orElse(() -> io.vavr.control.Option.of(System.getenv("REDIS_URL")).filter(s -> !s.isBlank()));
    }

    Codemojex.Settings settings() {
        Codemojex.Settings s = Codemojex.Settings.defaults();
        return node == null ? s : s.withNode(node);
    }

    /** The app on the given Redis, or an embedded one (serve, simulate). */
    Codemojex resolve() {
        return Codemojex.resolve(given(), settings());
    }

    /** The app on the given Redis; read commands have nothing to read in a fresh embedded one. */
    Codemojex require() {
        return Codemojex.connect(given().getOrElseThrow(() -> new IllegalStateException(
                "no Redis given: pass --redis redis://host:port or set REDIS_URL (only serve and simulate start their own)")),
                settings());
    }
}
