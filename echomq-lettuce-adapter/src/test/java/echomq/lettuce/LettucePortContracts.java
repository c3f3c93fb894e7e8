package echomq.lettuce;

import echomq.domain.group.Consumer;
import echomq.domain.checkpoint.CheckpointPort;
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
import echomq.testkit.AdapterContracts;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import java.time.Clock;
import java.util.List;

import static echomq.wire.Replies.bytes;

/** Every port contract the Jedis adapter runs, on the Lettuce adapters; subclasses say which Redis (one server, a cluster). */
abstract class LettucePortContracts extends AdapterContracts {

    /** The connection the adapters under test share. */
    abstract LettuceRedis redis();

    @Override
    protected StreamRangePort range() {
        return new LettuceStreamRange(redis());
    }

    @Override
    protected StreamAppendPort newAppender(Snowflake minter) {
        return new LettuceStreamAppend(redis(), minter);
    }

    @Override
    protected StreamAppendPort newAppender(int node) {
        return new LettuceStreamAppend(redis(), new Snowflake(node, Clock.systemUTC()));
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
    protected echomq.domain.closing.BucketMarkPort bucketMarks() {
        return new LettuceBucketMarks(redis());
    }

    @Override
    protected echomq.domain.closing.ServerClockPort serverClock() {
        return new LettuceServerClock(redis());
    }

    @Override
    protected CheckpointPort checkpoints() {
        return new LettuceCheckpoints(redis());
    }

    /** {@code XADD key <id> id <branded> f v …}, bypassing the adapter under test. */
    @Override
    protected void xadd(StreamKey stream, StreamEntry e) {
        String key = stream.toString();
        CommandArgs<byte[], byte[]> args = LettuceRedis.args(key).add(e.id().toString());
        e.branded().forEach(b -> args.add("id").add(b.toString()));
        e.fields().forEach((k, v) -> args.add(k).add(v));
        redis().call(key, CommandType.XADD, args);
    }

    @Override
    protected void delete(StreamKey key) {
        redis().sync().del(bytes(key.toString()));
    }

    @Override
    protected void deleteEntry(StreamKey key, StreamId id) {
        redis().call(key.toString(), CommandType.XDEL, LettuceRedis.args(key.toString()).add(id.toString()));
    }

    @Override
    protected ConsumerGroupPort consumerGroup(Consumer consumer) {
        return new LettuceConsumerGroup(redis(), consumer);
    }
}
