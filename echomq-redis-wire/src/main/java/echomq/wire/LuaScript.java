package echomq.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A Lua script kept as a resource file (its KEYS and ARGV documented in its header), read once,
 * with the SHA-1 Redis names it by; and the one rule by which every client runs it
 * ({@link #run(Evaluator)}): {@code EVALSHA} first, and the script sent whole with {@code EVAL}
 * only when the server answers {@code NOSCRIPT} (a new or restarted server, a failover);
 * {@code EVAL} also caches it there for the next call. A client's adapter only says how it sends
 * either command.
 * <pre>{@code
 * static final LuaScript COMMIT = LuaScript.load(MyAdapter.class, "commit.lua");
 * Object reply = COMMIT.run((command, script) -> command == LuaScript.Command.EVALSHA
 *         ? jedis.evalsha(script, keys, argv)
 *         : jedis.eval(script, keys, argv));
 * }</pre>
 *
 * @param name   the resource name
 * @param source the script
 * @param sha1   its SHA-1, in lower-case hex
 */
public record LuaScript(String name, String source, String sha1) {

    /**
     * A script as it was read.
     *
     * @param name   the resource name
     * @param source the script
     * @param sha1   its SHA-1, in lower-case hex
     * @throws NullPointerException when any is null
     */
    public LuaScript {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha1, "sha1");
    }

    /** The two commands a script is sent with. */
    public enum Command {
        /** {@code EVALSHA sha1 numkeys key… arg…}: the script named by its SHA-1. */
        EVALSHA,
        /** {@code EVAL source numkeys key… arg…}: the script sent whole (which also caches it). */
        EVAL
    }

    /**
     * How one client sends a script, with its keys and arguments bound by the caller: the only part
     * of a script run written per client.
     *
     * @param <R> the client's reply
     */
    @FunctionalInterface
    public interface Evaluator<R> {

        /**
         * Sends {@code command} with {@code script}.
         *
         * @param command {@link Command#EVALSHA} or {@link Command#EVAL}
         * @param script  the SHA-1 for {@code EVALSHA}, the source for {@code EVAL}
         * @return the client's reply
         * @throws RuntimeException the client's failure, as the client throws it (a {@code NOSCRIPT}
         *                          error's message starts with {@code NOSCRIPT})
         */
        R send(Command command, String script);
    }

    /**
     * The script in resource {@code name}, found beside class {@code owner}.
     *
     * @param owner the class the resource is found beside
     * @param name  the resource name, relative to {@code owner}'s package
     * @return the script, with its SHA-1
     * @throws IllegalStateException when there is no such resource
     * @throws UncheckedIOException  when it cannot be read
     */
    public static LuaScript load(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + owner.getName());
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new LuaScript(name, source, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(source.getBytes(StandardCharsets.UTF_8))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-1 in this JVM", e);
        }
    }

    /**
     * Runs this script through {@code client}: {@code EVALSHA} by its SHA-1; when that fails with
     * {@code NOSCRIPT} ({@link #isNoScript(Throwable)}), {@code EVAL} with its source. Any other
     * failure is thrown as the client threw it.
     *
     * @param <R>    the client's reply
     * @param client how the client sends either command
     * @return the reply of whichever command ran the script
     * @throws RuntimeException the client's failure, other than the first {@code NOSCRIPT}
     */
    public <R> R run(Evaluator<R> client) {
        Objects.requireNonNull(client, "client");
        try {
            return client.send(Command.EVALSHA, sha1);
        } catch (RuntimeException e) {
            if (!isNoScript(e)) {
                throw e;
            }
            return client.send(Command.EVAL, source);
        }
    }

    /**
     * Whether {@code failure} is the server's {@code NOSCRIPT} error (no script of that SHA-1 is
     * cached there), as every client reports it: an error whose message starts with {@code NOSCRIPT}.
     *
     * @param failure a client's failure
     * @return whether it is a {@code NOSCRIPT} error
     */
    public static boolean isNoScript(Throwable failure) {
        return failure != null && String.valueOf(failure.getMessage()).startsWith("NOSCRIPT");
    }
}
