package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.wire.Replies;
import echomq.wire.LuaScript;
import echomq.wire.Scripts;
import echomq.wire.StreamInfo;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

/** {@link StreamStatePort} over Lettuce: {@code XINFO STREAM}, raw; {@code observe} is the wire module's {@code stream-observe.lua}. */
public final class LettuceStreamState implements StreamStatePort {

    private static final LuaScript OBSERVE = LuaScript.load(Scripts.class, Scripts.STREAM_OBSERVE);

    private final LettuceRedis redis;

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceStreamState(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public Option<StreamState> state(StreamKey stream) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        return redis.xinfo("STREAM", key).map(reply -> StreamInfo.state(key, Replies.fields(reply)));
    }

    @Override
    public StreamObservation observe(StreamKey stream, StreamId probe) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Objects.requireNonNull(probe, "probe");
        Object reply = redis.run(OBSERVE, io.lettuce.core.ScriptOutputType.MULTI, List.of(key), List.of(probe.toString()));
        if (!(reply instanceof List<?> both) || both.size() != 2) {
            return new StreamObservation(Option.none(), Option.none());
        }
        @SuppressWarnings("unchecked")
        List<Object> probed = (List<Object>) both.get(1);
        return new StreamObservation(Option.some(StreamInfo.state(key, Replies.fields((List<?>) both.get(0)))),
                Option.ofOptional(Replies.entries(key, probed).stream().findFirst()).map(EntryMark::of));
    }
}
