package echomq.lettuce;

import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;

import java.time.Duration;
import java.util.List;

/**
 * Blocking reads ({@code XREAD BLOCK}, {@code XREADGROUP … BLOCK}) off the shared connection: a
 * blocked read would hold up every command queued behind it there, so each thread that blocks gets
 * a connection of its own at its first blocking read, kept for the next ones; they go with the
 * client when the {@link LettuceRedis} is closed. Each read lifts its connection's command timeout
 * above its block, so a quiet stream is not a timeout.
 */
final class BlockingReads {

    private final ThreadLocal<RedisClusterCommands<byte[], byte[]>> own;

    BlockingReads(LettuceRedis redis) {
        this.own = ThreadLocal.withInitial(redis::dedicated);
    }

    /** {@code type args}, waiting up to {@code block}, on this thread's own connection; its raw reply. Failures typed, naming {@code key}. */
    List<Object> call(String key, ProtocolKeyword type, CommandArgs<byte[], byte[]> args, Duration block) {
        return LettuceFailures.on(key, () -> {
            RedisClusterCommands<byte[], byte[]> commands = own.get();
            commands.setTimeout(block.plus(LettuceConnections.DEFAULT_TIMEOUT));
            return commands.dispatch(type, new NestedMultiOutput<>(LettuceRedis.CODEC), args);
        });
    }
}
