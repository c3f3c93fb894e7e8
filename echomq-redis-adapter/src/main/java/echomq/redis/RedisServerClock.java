package echomq.redis;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.stream.StreamKey;
import echomq.wire.BucketMarks;
import echomq.wire.Scripts;

import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** {@link ServerClockPort} over Jedis: {@code TIME} on the node of the stream's slot ({@code server-time.lua}). */
public final class RedisServerClock implements ServerClockPort {

    private static final RedisScript TIME = RedisScript.load(Scripts.class, Scripts.SERVER_TIME);

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisServerClock(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public Instant now(StreamKey stream) {
        String key = Objects.requireNonNull(stream, "stream").toString();
        return BucketMarks.time(key, TIME.runRaw(jedis, List.of(key), List.of()));
    }
}
