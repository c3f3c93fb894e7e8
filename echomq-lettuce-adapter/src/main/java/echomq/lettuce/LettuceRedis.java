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
import io.lettuce.core.resource.ClientResources;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

import static echomq.wire.Replies.bytes;

/**
 * One Lettuce connection (to a server or a cluster, where commands route by their first key) that
 * the adapters of this module share, and its client. {@link #close()} closes the connection and the
 * connections of its own the blocking readers opened; it shuts the client down too when the client
 * is this connection's own ({@link LettuceConnections#connect(String)}), never when it was handed in
 * ({@link LettuceConnections#on(AbstractRedisClient)}). Commands are sent raw and their replies read
 * raw ({@code byte[]}, {@code Long}, {@code List}), decoded by the wire module as the Jedis adapter
 * decodes them. Not for blocking reads: they would hold up every other command of the shared
 * connection.
 */
public final class LettuceRedis implements AutoCloseable {

    static final ByteArrayCodec CODEC = ByteArrayCodec.INSTANCE;

    private final AbstractRedisClient client;
    private final boolean ownsClient;
    /** The client's resources when they are this connection's own (shut down after the client), else none. */
    private final Option<ClientResources> ownResources;
    private final StatefulConnection<byte[], byte[]> connection;
    private final RedisClusterCommands<byte[], byte[]> sync;
    private final RedisClusterAsyncCommands<byte[], byte[]> async;
    /** The blocking readers' connections: closed with this one (a client that is not ours outlives them). */
    private final java.util.Queue<StatefulConnection<byte[], byte[]>> dedicated = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private volatile boolean closed;
    /** The writes that wait for their replicas, on a connection of their own (opened at the first). */
    private final DurableWrites durable;

    private LettuceRedis(AbstractRedisClient client, boolean ownsClient, StatefulConnection<byte[], byte[]> connection,
                         RedisClusterCommands<byte[], byte[]> sync, RedisClusterAsyncCommands<byte[], byte[]> async,
                         Option<ClientResources> ownResources) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.ownResources = ownResources;
        this.connection = connection;
        this.sync = sync;
        this.async = async;
        this.durable = new DurableWrites(client);
    }

    /** The writes that wait for their replicas: on a connection of their own, so a {@code WAIT} holds up nothing else. */
    DurableWrites durable() {
        return durable;
    }

    /** Over a client of ours and its resources, both shut down by {@link #close()}. */
    static LettuceRedis single(AbstractRedisClient client, StatefulRedisConnection<byte[], byte[]> c,
                               ClientResources resources) {
        return new LettuceRedis(client, true, c, c.sync(), c.async(), Option.some(resources));
    }

    static LettuceRedis single(AbstractRedisClient client, boolean ownsClient, StatefulRedisConnection<byte[], byte[]> c) {
        return new LettuceRedis(client, ownsClient, c, c.sync(), c.async(), Option.none());
    }

    /** Over a cluster client of ours and its resources, both shut down by {@link #close()}. */
    static LettuceRedis cluster(AbstractRedisClient client, StatefulRedisClusterConnection<byte[], byte[]> c,
                                ClientResources resources) {
        return new LettuceRedis(client, true, c, c.sync(), c.async(), Option.some(resources));
    }

    static LettuceRedis cluster(AbstractRedisClient client, boolean ownsClient, StatefulRedisClusterConnection<byte[], byte[]> c) {
        return new LettuceRedis(client, ownsClient, c, c.sync(), c.async(), Option.none());
    }

    /**
     * Whether {@link #close()} shuts the client down: true for a connection of
     * {@link LettuceConnections#connect(String)}, false for one opened on a client handed in.
     *
     * @return whether the client is this connection's own
     */
    public boolean ownsClient() {
        return ownsClient;
    }

    /**
     * Whether the shared connection is open (Lettuce reconnects it by itself while it is; it is
     * closed only by {@link #close()}).
     *
     * @return true until {@link #close()}
     */
    public boolean isOpen() {
        return !closed && connection.isOpen();
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

    /** {@code type args} decoded by {@code output}, failures typed and naming {@code key}. */
    <T> T call(String key, ProtocolKeyword type, io.lettuce.core.output.CommandOutput<byte[], byte[], T> output,
               CommandArgs<byte[], byte[]> args) {
        return LettuceFailures.on(key, () -> sync.dispatch(type, output, args));
    }

    /**
     * {@code XINFO <sub> key} ({@code STREAM}, {@code GROUPS}) with its raw reply; none when there is
     * no such key. Failures typed, naming the key.
     */
    Option<List<Object>> xinfo(String sub, String key) {
        try {
            return Option.some(sync.dispatch(io.lettuce.core.protocol.CommandType.XINFO, new NestedMultiOutput<>(CODEC),
                    new CommandArgs<>(CODEC).add(sub).addKey(bytes(key))));
        } catch (io.lettuce.core.RedisCommandExecutionException e) {
            if (String.valueOf(e.getMessage()).startsWith("ERR no such key")) {
                return Option.none();
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

    /**
     * Runs {@code script} as {@link #run(LuaScript, List, List)} does, then waits for its writes'
     * replicas as {@code durability} says: the script and the {@code WAIT} that covers it go on one
     * connection (of its own, so that the wait holds up nothing else; on a cluster to the master of
     * the first key's slot), one {@code WAIT} for the scripts sent while another is on its way. With
     * {@link echomq.domain.stream.Durability#NONE} it is {@link #run(LuaScript, List, List)}.
     * <pre>{@code
     * Object reply = redis.run(script, List.of(key), List.of(arg), Durability.replicated(1, Duration.ofSeconds(1)));
     * }</pre>
     *
     * @param script     the script
     * @param keys       its KEYS, at least one (all of one slot on a cluster)
     * @param argv       its ARGV
     * @param durability when its writes are acknowledged
     * @return its reply, raw, once the replicas asked for hold what it wrote
     * @throws IllegalArgumentException when {@code keys} is empty
     * @throws echomq.domain.stream.StreamStoreException.NotReplicated when fewer replicas acknowledged within the
     *                                                                timeout: the script ran (its reply is the outcome's
     *                                                                {@code reply()}), and what it wrote may or may not survive
     * @throws echomq.domain.stream.StreamStoreException a typed failure naming the first key
     */
    public Object run(LuaScript script, List<String> keys, List<String> argv, echomq.domain.stream.Durability durability) {
        Objects.requireNonNull(durability, "durability");
        if (durability.replication().isEmpty()) {
            return run(script, keys, argv);
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a script run needs at least one key (it routes the call), " + script.name() + " got none");
        }
        echomq.domain.stream.Durability.Replicated asked = durability.replication().get();
        String key = keys.get(0);
        Object[] ran = LettuceFailures.on(key, () -> script.run((command, body) -> {
            DurableWrites.Written<Object> written = this.durable.write(bytes(key), () -> new io.lettuce.core.protocol.Command<>(
                    command == LuaScript.Command.EVALSHA ? io.lettuce.core.protocol.CommandType.EVALSHA : io.lettuce.core.protocol.CommandType.EVAL,
                    new ReplyOutput(), scriptArgs(body, keys, argv)), asked);
            Object reply;
            try {
                reply = written.reply().join(); // NOSCRIPT is thrown here, and the script sent whole
            } catch (java.util.concurrent.CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
            return new Object[]{reply, written.acks().join()};
        }));
        durability.judge(key, (Long) ran[1], List.of()).forEach(failed -> {
            throw failed.withReply(ran[0]);
        });
        return ran[0];
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
        if (closed) {
            throw new IllegalStateException("the Lettuce connection is closed");
        }
        if (client instanceof io.lettuce.core.cluster.RedisClusterClient c) {
            StatefulRedisClusterConnection<byte[], byte[]> own = c.connect(CODEC);
            dedicated.add(own);
            return own.sync();
        }
        StatefulRedisConnection<byte[], byte[]> own = ((io.lettuce.core.RedisClient) client).connect(CODEC);
        dedicated.add(own);
        return own.sync();
    }

    /**
     * Closes the shared connection and the blocking readers' connections, then shuts the client
     * down if it is this connection's own ({@link #ownsClient()}); a client handed in is left running
     * for its owner. Closing twice does nothing more.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        durable.close();
        for (StatefulConnection<byte[], byte[]> c; (c = dedicated.poll()) != null; ) {
            c.close();
        }
        connection.close();
        if (ownsClient) {
            client.shutdown();
            ownResources.forEach(ClientResources::shutdown);
        }
    }

    /**
     * The entries of the one stream an {@code XREAD} or {@code XREADGROUP} named, from its raw reply
     * in either protocol: RESP2 answers {@code [[key, entries]]}; RESP3 a map {@code key -> entries},
     * which the nested output reads flat as {@code [key, entries]}. None (an empty list) when the
     * read timed out or found nothing.
     */
    @SuppressWarnings("unchecked")
    static List<Object> streamEntries(List<Object> reply) {
        if (reply == null || reply.isEmpty() || reply.get(0) == null) {
            return List.of();
        }
        Object first = reply.get(0);
        if (first instanceof List<?> pair) { // RESP2
            return pair.size() < 2 || pair.get(1) == null ? List.of() : (List<Object>) pair.get(1);
        }
        return reply.size() < 2 || reply.get(1) == null ? List.of() : (List<Object>) reply.get(1); // RESP3, read flat
    }
}
