package echomq.example;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.lettuce.LettuceBucketMarks;
import echomq.lettuce.LettuceCheckpoints;
import echomq.lettuce.LettuceConsumerGroup;
import echomq.lettuce.LettuceRedis;
import echomq.lettuce.LettuceServerClock;
import echomq.lettuce.LettuceStreamAppend;
import echomq.lettuce.LettuceStreamRange;
import echomq.lettuce.LettuceStreamReaders;
import echomq.lettuce.LettuceStreamRetention;
import echomq.lettuce.LettuceStreamState;
import echomq.testkit.AdapterContracts;
import io.lettuce.core.RedisClient;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every port contract of the Lettuce adapter on the Lettuce Spring Boot 4.0.7 manages (6.8.2), over
 * the connection a subclass opens.
 */
abstract class LettuceOnBootsVersionContracts extends AdapterContracts {

    /** The connection under test. */
    abstract LettuceRedis redis();

    @Test
    void theseRunOnLettuce682() {
        assertThat(RedisClient.class.getProtectionDomain().getCodeSource().getLocation().toString()).endsWith("lettuce-core-6.8.2.RELEASE.jar");
    }

    @Override
    protected StreamRangePort range() {
        return new LettuceStreamRange(redis());
    }

    @Override
    protected StreamAppendPort newAppender(int node) {
        return new LettuceStreamAppend(redis(), new Snowflake(node, Clock.systemUTC()));
    }

    @Override
    protected StreamAppendPort newAppender(Snowflake minter) {
        return new LettuceStreamAppend(redis(), minter);
    }

    @Override
    protected StreamRetentionPort retention() {
        return new LettuceStreamRetention(redis());
    }

    @Override
    protected StreamStatePort states() {
        return new LettuceStreamState(redis());
    }

    @Override
    protected StreamReadersPort readers() {
        return new LettuceStreamReaders(redis());
    }

    @Override
    protected CheckpointPort checkpoints() {
        return new LettuceCheckpoints(redis());
    }

    @Override
    protected BucketMarkPort bucketMarks() {
        return new LettuceBucketMarks(redis());
    }

    @Override
    protected ServerClockPort serverClock() {
        return new LettuceServerClock(redis());
    }

    @Override
    protected ConsumerGroupPort consumerGroup(Consumer consumer) {
        return new LettuceConsumerGroup(redis(), consumer);
    }

    /** {@code XADD key <id> id <branded> f v …}, bypassing the adapter under test. */
    @Override
    protected void xadd(StreamKey stream, StreamEntry e) {
        CommandArgs<byte[], byte[]> args = new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(bytes(stream.toString())).add(e.id().toString());
        e.branded().forEach(b -> args.add("id").add(b.toString()));
        e.fields().forEach((k, v) -> args.add(k).add(v));
        redis().sync().dispatch(CommandType.XADD, new NestedMultiOutput<>(ByteArrayCodec.INSTANCE), args);
    }

    @Override
    protected void delete(StreamKey key) {
        redis().sync().del(bytes(key.toString()));
    }

    @Override
    protected void deleteEntry(StreamKey key, StreamId id) {
        redis().sync().xdel(bytes(key.toString()), id.toString());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
