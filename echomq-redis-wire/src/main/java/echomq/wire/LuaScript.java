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
 * with the SHA-1 Redis names it by. Each client's adapter calls it with {@code EVALSHA} and sends it
 * whole with {@code EVAL} only when the server answers {@code NOSCRIPT}.
 * <pre>{@code
 * static final LuaScript COMMIT = LuaScript.load(MyAdapter.class, "commit.lua");
 * }</pre>
 *
 * @param name   the resource name
 * @param source the script
 * @param sha1   its SHA-1, in lower-case hex
 */
public record LuaScript(String name, String source, String sha1) {

    public LuaScript {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha1, "sha1");
    }

    /** The script in resource {@code name}, found beside class {@code owner}. */
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
}
