package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.testkit.EchoPortsContracts;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import static echomq.wire.Replies.bytes;

/** Every port contract the Jedis adapter runs, on the Lettuce adapters as {@link LettucePorts} builds them; subclasses say which Redis (one server, a cluster). */
abstract class LettucePortContracts extends EchoPortsContracts {

    /** The connection the adapters under test share. */
    abstract LettuceRedis redis();

    @Override
    protected EchoPorts ports() {
        return LettucePorts.over(redis());
    }

    @org.junit.jupiter.api.Test
    void theFactoryNamesItsClient() {
        org.assertj.core.api.Assertions.assertThat(ports().client()).isEqualTo("lettuce");
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
}
