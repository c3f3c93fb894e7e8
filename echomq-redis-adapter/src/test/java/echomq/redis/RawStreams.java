package echomq.redis;

import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.util.ArrayList;
import java.util.List;

/** Writes entries with plain commands, bypassing the adapter under test. */
public final class RawStreams {

    private RawStreams() {
    }

    /** {@code XADD key <id> id <branded> f v …} as docs/architecture.md's wire format has it. */
    public static void xadd(UnifiedJedis jedis, StreamKey stream, StreamEntry e) {
        String key = stream.toString();
        List<String> args = new ArrayList<>(List.of(key, e.id().toString()));
        e.branded().forEach(b -> {
            args.add("id");
            args.add(b.toString());
        });
        e.fields().forEach((k, v) -> {
            args.add(k);
            args.add(v);
        });
        jedis.sendCommand(key, Protocol.Command.XADD, args.toArray(String[]::new));
    }
}
