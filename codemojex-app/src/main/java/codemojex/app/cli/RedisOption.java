package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.RedisClient;
import codemojex.app.Settings;
import codemojex.app.Startup;
import codemojex.app.redis.DataDirectory;
import io.vavr.control.Option;

import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** The options every command shares: which Redis, or which data directory, through which client, and the node id. */
public final class RedisOption {

    @picocli.CommandLine.Spec(picocli.CommandLine.Spec.Target.MIXEE)
    picocli.CommandLine.Model.CommandSpec command;

    @picocli.CommandLine.Option(names = "--redis", paramLabel = "URI",
            description = "Redis to use: redis://[user:pass@]host:port[/db], rediss://… (TLS) or redis-cluster://host:port,host:port… "
                    + "(default: $REDIS_URL; without either, the app's own Redis on --data)")
    String redis;

    @picocli.CommandLine.Option(names = "--data", paramLabel = "DIR",
            description = "where the app's own Redis keeps its data when no Redis is given (default: ./" + DataDirectory.DEFAULT + ")")
    Path data;

    @picocli.CommandLine.Option(names = "--client", paramLabel = "jedis|lettuce",
            description = "the Redis client to run on: ${COMPLETION-CANDIDATES} (default: jedis)")
    RedisClient client;

    @picocli.CommandLine.Option(names = "--node", paramLabel = "N", description = "snowflake node id 0..1023 of this process (default: random)")
    Integer node;

    /** {@code --redis} as given; an empty one is refused rather than taken for "none". */
    private Option<String> checked() {
        if (redis != null && redis.isBlank()) {
            throw new IllegalArgumentException("no Redis given: --redis is empty (give redis://host:port, or leave --redis out "
                    + "to use the data directory " + dataDirectory() + ")");
        }
        return Option.of(redis);
    }

    Path dataDirectory() {
        return data == null ? Path.of(DataDirectory.DEFAULT) : data;
    }

    /** The settings these options give, built once the command has added its own. */
    Settings.Builder settings() {
        Settings.Builder s = Settings.builder();
        if (client != null) {
            s.client(client);
        }
        if (node != null) {
            s.node(node);
        }
        return s;
    }

    /** The app as serve runs it: on the given Redis, or on its own in the data directory (none: {@code ephemeral}). */
    Codemojex serve(boolean ephemeral) {
        return serve(ephemeral, UnaryOperator.identity());
    }

    /** As {@link #serve(boolean)}, with the settings as {@code tune} makes them (claim idleness, commit batch, partitions). */
    Codemojex serve(boolean ephemeral, UnaryOperator<Settings.Builder> tune) {
        if (ephemeral && data != null) {
            // the command this mixin is in: its usage then says "codemojex serve", not "<main class>"
            throw new picocli.CommandLine.ParameterException(command.commandLine(), "--ephemeral keeps no data: leave out --data");
        }
        return Startup.serve(checked(), ephemeral ? new Startup.Storage.Ephemeral()
                : new Startup.Storage.InDirectory(dataDirectory()), tune.apply(settings()).build());
    }

    /** Whether a Redis is given ({@code --redis} or {@code REDIS_URL}), rather than the app's own. */
    boolean given() {
        return Startup.given(Option.of(redis)).isDefined();
    }

    /** The app as the read commands run it: on the given Redis, the data directory's running one, or one started on it for now. */
    Codemojex require() {
        return Startup.read(checked(), dataDirectory(), settings().build());
    }
}
