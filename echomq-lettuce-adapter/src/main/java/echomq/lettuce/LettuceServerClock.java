package echomq.lettuce;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.stream.StreamKey;
import echomq.wire.BucketMarks;
import echomq.wire.LuaScript;
import echomq.wire.Scripts;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** {@link ServerClockPort} over Lettuce: {@code TIME} on the node of the stream's slot ({@code server-time.lua}). */
public final class LettuceServerClock implements ServerClockPort {

    private static final LuaScript TIME = LuaScript.load(Scripts.class, Scripts.SERVER_TIME);

    private final LettuceRedis redis;

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceServerClock(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public Instant now(StreamKey stream) {
        String key = Objects.requireNonNull(stream, "stream").toString();
        return BucketMarks.time(key, redis.run(TIME, List.of(key), List.of()));
    }
}
