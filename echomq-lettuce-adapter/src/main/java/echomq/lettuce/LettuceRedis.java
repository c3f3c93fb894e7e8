package echomq.lettuce;

import echomq.wire.LuaScript;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;

import java.util.List;
import java.util.Objects;

import static echomq.wire.Replies.bytes;

/**
 * One Lettuce connection (to a server or a cluster, where commands route by their first key) that
 * the adapters of this module share, and its client: {@link #close()} closes both. Commands are
 * sent raw and their replies read raw ({@code byte[]}, {@code Long}, {@code List}), decoded by the
 * wire module as the Jedis adapter decodes them. Not for blocking reads: they would hold up every
 * other command of the shared connection.
 */
public final class LettuceRedis implements AutoCloseable {

    static final ByteArrayCodec CODEC = ByteArrayCodec.INSTANCE;

    private final AbstractRedisClient client;
    private final StatefulConnection<byte[], byte[]> connection;
    private final RedisClusterCommands<byte[], byte[]> sync;
    private final RedisClusterAsyncCommands<byte[], byte[]> async;

    private LettuceRedis(AbstractRedisClient client, StatefulConnection<byte[], byte[]> connection,
                         RedisClusterCommands<byte[], byte[]> sync, RedisClusterAsyncCommands<byte[], byte[]> async) {
        this.client = client;
        this.connection = connection;
        this.sync = sync;
        this.async = async;
    }

    static LettuceRedis single(AbstractRedisClient client, StatefulRedisConnection<byte[], byte[]> c) {
        return new LettuceRedis(client, c, c.sync(), c.async());
    }

    static LettuceRedis cluster(AbstractRedisClient client, StatefulRedisClusterConnection<byte[], byte[]> c) {
        return new LettuceRedis(client, c, c.sync(), c.async());
    }

    /**
     * The synchronous commands (of a server, or routed over a cluster).
     *
     * @return the commands, raw ({@code byte[]} keys and values)
     */
    public RedisClusterCommands<byte[], byte[]> sync() {
        return sync;
    }

    /**
     * The asynchronous commands: sent at once, answered in order, so a burst of them is a pipeline.
     *
     * @return the commands, raw ({@code byte[]} keys and values)
     */
    public RedisClusterAsyncCommands<byte[], byte[]> async() {
        return async;
    }

    /** Arguments starting with {@code key} (which routes the command on a cluster). */
    static CommandArgs<byte[], byte[]> args(String key) {
        return new CommandArgs<>(CODEC).addKey(bytes(key));
    }

    /** {@code type args} with its raw reply, failures typed and naming {@code key}. */
    List<Object> call(String key, ProtocolKeyword type, CommandArgs<byte[], byte[]> args) {
        return LettuceFailures.on(key, () -> sync.dispatch(type, new NestedMultiOutput<>(CODEC), args));
    }

    /**
     * {@code XINFO <sub> key} ({@code STREAM}, {@code GROUPS}) with its raw reply; none when there is
     * no such key. Failures typed, naming the key.
     */
    io.vavr.control.Option<List<Object>> xinfo(String sub, String key) {
        try {
            return io.vavr.control.Option.some(sync.dispatch(io.lettuce.core.protocol.CommandType.XINFO, new NestedMultiOutput<>(CODEC),
                    new CommandArgs<>(CODEC).add(sub).addKey(bytes(key))));
        } catch (io.lettuce.core.RedisCommandExecutionException e) {
            if (String.valueOf(e.getMessage()).startsWith("ERR no such key")) {
                return io.vavr.control.Option.none();
            }
            throw LettuceFailures.translate(key, e);
        } catch (RuntimeException e) {
            throw LettuceFailures.translate(key, e);
        }
    }

    /**
     * Runs {@code script} by its SHA-1 ({@code EVALSHA}), sent whole ({@code EVAL}) only when the
     * server answers {@code NOSCRIPT}; its reply is of {@code type} (MULTI: a raw nested list, bulk
     * strings as {@code byte[]}). Failures typed, naming the first key.
     *
     * @param script the script
     * @param type   the shape of its reply
     * @param keys   its KEYS, at least one (all of one slot on a cluster)
     * @param argv   its ARGV
     * @return its reply
     * @throws echomq.domain.stream.StreamStoreException a typed failure naming the first key
     */
    public Object run(LuaScript script, ScriptOutputType type, List<String> keys, List<String> argv) {
        Objects.requireNonNull(script, "script");
        byte[][] k = keys.stream().map(echomq.wire.Replies::bytes).toArray(byte[][]::new);
        byte[][] a = argv.stream().map(echomq.wire.Replies::bytes).toArray(byte[][]::new);
        return LettuceFailures.on(keys.get(0), () -> script.run((command, body) -> command == LuaScript.Command.EVALSHA
                ? sync.evalsha(body, type, k, a)
                : sync.<Object>eval(body, type, k, a)));
    }

    /**
     * Runs {@code script} as {@link #run(LuaScript, ScriptOutputType, List, List)} does, whatever the
     * shape of its reply: bulk strings and status replies as {@code byte[]}, integers as
     * {@code Long}, arrays as {@code List}, nil as {@code null}, as the Jedis adapter reads a raw
     * reply. {@code keys} must not be empty (they route the call on a cluster).
     * <pre>{@code
     * Object reply = redis.run(LuaScript.load(My.class, "my.lua"), List.of(key), List.of(arg));
     * }</pre>
     *
     * @param script the script
     * @param keys   its KEYS, at least one (all of one slot on a cluster)
     * @param argv   its ARGV
     * @return its reply, raw
     * @throws IllegalArgumentException when {@code keys} is empty
     * @throws echomq.domain.stream.StreamStoreException a typed failure naming the first key
     */
    public Object run(LuaScript script, List<String> keys, List<String> argv) {
        Objects.requireNonNull(script, "script");
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a script run needs at least one key (it routes the call), " + script.name() + " got none");
        }
        return LettuceFailures.on(keys.get(0), () -> script.run((command, body) -> sync.dispatch(
                command == LuaScript.Command.EVALSHA ? io.lettuce.core.protocol.CommandType.EVALSHA : io.lettuce.core.protocol.CommandType.EVAL,
                new ReplyOutput(), scriptArgs(body, keys, argv))));
    }

    private static CommandArgs<byte[], byte[]> scriptArgs(String script, List<String> keys, List<String> argv) {
        CommandArgs<byte[], byte[]> args = new CommandArgs<>(CODEC).add(script).add(keys.size());
        keys.forEach(k -> args.addKey(bytes(k)));
        argv.forEach(a -> args.add(bytes(a)));
        return args;
    }

    /**
     * A connection of its own to the same Redis or cluster, for a caller that blocks ({@code XREAD
     * BLOCK}); the caller closes it. Closing this {@code LettuceRedis} shuts the client down, and
     * with it every such connection.
     */
    RedisClusterCommands<byte[], byte[]> dedicated() {
        if (client instanceof io.lettuce.core.cluster.RedisClusterClient c) {
            return c.connect(CODEC).sync();
        }
        return ((io.lettuce.core.RedisClient) client).connect(CODEC).sync();
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
