package codemojex.app;

import codemojex.app.redis.DataDirectory;
import codemojex.app.redis.OwnedRedis;
import io.vavr.control.Option;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Which Redis the app starts on: the one given ({@code --redis} or {@code REDIS_URL}), or one of its
 * own, kept in a data directory or not; {@code serve} and the read commands choose differently.
 */
public final class Startup {

    private Startup() {
    }

    /** Where the app's own Redis keeps its data when no Redis is given. */
    public sealed interface Storage permits Storage.Ephemeral, Storage.InDirectory {
        /** Nowhere: a Redis without persistence, gone when the app stops. */
        record Ephemeral() implements Storage {
        }

        /**
         * In a data directory, with AOF.
         *
         * @param dir the directory
         */
        record InDirectory(Path dir) implements Storage {
            public InDirectory {
                Objects.requireNonNull(dir, "dir");
            }
        }
    }

    /** {@code uri} if given, else {@code REDIS_URL}. */
    public static Option<String> given(Option<String> uri) {
        return uri.filter(s -> !s.isBlank()).orElse(() -> Option.of(System.getenv("REDIS_URL")).filter(s -> !s.isBlank()));
    }

    /**
     * The app as {@code serve} runs it: on {@code uri} (or {@code REDIS_URL}) when given; else on a
     * Redis of its own, which it owns until {@link Codemojex#close()}: in {@code storage}'s data directory
     * (refused when another process owns the directory; a Redis left running there by a killed
     * process is taken over, never started twice on one AOF), or without persistence.
     */
    public static Codemojex serve(Option<String> uri, Storage storage, Settings settings) {
        Option<String> given = given(uri);
        if (given.isDefined()) {
            return Codemojex.connect(given.get(), settings);
        }
        return Codemojex.on(storage instanceof Storage.InDirectory d ? OwnedRedis.serving(DataDirectory.at(d.dir())) : OwnedRedis.ephemeral(),
                settings);
    }

    /**
     * The app as the read commands run it: on {@code uri} (or {@code REDIS_URL}) when given; else on
     * the Redis serving {@code dir} when one runs; else on a Redis started on {@code dir} for the
     * length of the command.
     */
    public static Codemojex read(Option<String> uri, Path dir, Settings settings) {
        Option<String> given = given(uri);
        if (given.isDefined()) {
            return Codemojex.connect(given.get(), settings);
        }
        DataDirectory data = DataDirectory.at(dir);
        Option<String> running = data.running();
        if (running.isDefined()) {
            return Codemojex.connect(running.get(), settings);
        }
        return Codemojex.on(OwnedRedis.startedOn(data), settings);
    }
}
