package echomq.redis;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The wire format of docs/architecture.md, checked with raw commands in both directions. */
class EchoMqCompatibilityTest {

    static final long T = Snowflake.EPOCH_MS + 5_000_000L;

    @Test
    void anAppendIsByteForByteTheDesignsXadd() {
        String name = "compat-" + UUID.randomUUID();
        String key = "emq:{cm}:stream:" + name;
        RedisStreamAppend appender = new RedisStreamAppend(SharedRedis.client(), new Snowflake(9, () -> T));
        BrandedId id = appender.append(StreamKey.of("cm", name), LinkedHashMap.of("player", "ada", "emoji", "🐙", "n", "1"));

        @SuppressWarnings("unchecked")
        List<Object> raw = (List<Object>) SharedRedis.client().sendCommand(key, Protocol.Command.XRANGE, key, "-", "+");
        assertThat(raw).hasSize(1);
        List<?> entry = (List<?>) raw.get(0);
        String entryId = new String((byte[]) entry.get(0), StandardCharsets.US_ASCII);
        long flake = id.snowflake();
        assertThat(entryId).isEqualTo(T + "-" + (flake & 0x3FFFFF)).isEqualTo(T + "-" + (9 << 12));
        List<String> fields = ((List<?>) entry.get(1)).stream().map(b -> new String((byte[]) b, StandardCharsets.UTF_8)).toList();
        assertThat(fields).containsExactly("id", id.toString(), "player", "ada", "emoji", "🐙", "n", "1");
        assertThat(id.toString()).hasSize(14).startsWith("EVT");
        assertThat(id.toString().substring(3)).isEqualTo(echomq.domain.id.Base62.encode(flake));
    }

    @Test
    void anEntryWrittenByRawXaddReadsBackAsTheSameBrandedIdAndFields() {
        String name = "compat-" + UUID.randomUUID();
        String key = StreamKey.of("cm", name).toString();
        BrandedId id = BrandedId.parse("EVT0KHTOWnGLuC");
        StreamId entryId = id.streamId();
        SharedRedis.client().sendCommand(key, Protocol.Command.XADD, key, entryId.toString(), "id", id.toString(),
                "game", "g1", "total", "480");
        // a foreign entry without an id field, and one with a malformed one
        SharedRedis.client().sendCommand(key, Protocol.Command.XADD, key, entryId.ms() + "-" + (entryId.seq() + 1), "game", "g2");
        SharedRedis.client().sendCommand(key, Protocol.Command.XADD, key, entryId.ms() + "-" + (entryId.seq() + 2), "id", "nope", "game", "g3");

        List<StreamEntry> read = new RedisStreamRange(SharedRedis.client()).rangeFrom(StreamKey.of("cm", name), StreamId.MIN, 10);
        assertThat(read).containsExactly(
                new StreamEntry(entryId, Option.some(id), LinkedHashMap.of("game", "g1", "total", "480")),
                new StreamEntry(StreamId.of(entryId.ms(), entryId.seq() + 1), Option.none(), LinkedHashMap.of("game", "g2")),
                new StreamEntry(StreamId.of(entryId.ms(), entryId.seq() + 2), Option.none(), LinkedHashMap.of("game", "g3")));
        assertThat(read.get(0).branded().get().snowflake()).isEqualTo(274557032793636864L);
    }
}
