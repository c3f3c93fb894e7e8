package codemojex.app.redis;

import codemojex.app.core.port.out.LiveCasts;
import codemojex.projections.Channels;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;
import echomq.wire.LuaScript;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The live casts on Redis: one stream, {@code emq:{cm}:stream:live-casts}, appended by the lead with
 * ids Redis mints (one writer, and a reader needs only their order), trimmed to about
 * {@link #KEPT} entries, and read with {@code XREAD BLOCK}; the latest feed and lobby beside it in
 * a hash, {@code emq:{cm}:codemojex:live-latest}, written in the same script. Both live {@link #TTL}
 * after the last cast (a quiet deployment's casts do not outlive its hour); the lead keeps the latest
 * alive while it leads ({@link #keep}), so an instance that starts later still finds it.
 */
public final class RedisLiveCasts implements LiveCasts {

    /** The casts the stream keeps, about: a few minutes of the lead's pushes at their most frequent (the feed 4 a second, the lobby 2). */
    public static final int KEPT = 1000;

    /** The casts stream. */
    public static final StreamKey STREAM = StreamKey.of(Channels.QUEUE, "live-casts");

    /** The latest casts of the kinds a page gets as it connects. */
    public static final String LATEST = Keys.ROOMS_PREFIX + "codemojex:live-latest";

    /** How long the stream and the latest live after the last cast (the latest: after the lead's last keep). */
    public static final Duration TTL = Duration.ofHours(1);

    static final LuaScript CAST = LuaScript.load(RedisLiveCasts.class, "live-cast.lua");
    static final LuaScript KEEP = LuaScript.load(RedisLiveCasts.class, "live-keep.lua");

    private final RedisCalls calls;
    private final StreamTailPort tail;
    private final StreamStatePort states;

    /** Over {@code calls} (the script, the latest), {@code tail} (the reads) and {@code states} (the top). */
    public RedisLiveCasts(RedisCalls calls, StreamTailPort tail, StreamStatePort states) {
        this.calls = Objects.requireNonNull(calls, "calls");
        this.tail = Objects.requireNonNull(tail, "tail");
        this.states = Objects.requireNonNull(states, "states");
    }

    @Override
    public StreamId cast(Cast cast, boolean latest) {
        Object at = calls.run(CAST, List.of(STREAM.toString(), LATEST),
                List.of(Integer.toString(KEPT), cast.kind(), cast.game(), cast.id(), cast.data(), latest ? "1" : "0",
                        Long.toString(TTL.toMillis())))
                .getOrElseThrow(() -> new IllegalStateException("live-cast.lua answered nothing"));
        return StreamId.parse(String.valueOf(at));
    }

    @Override
    public void keep(List<Read> latest) {
        List<String> args = new ArrayList<>();
        args.add(Long.toString(TTL.toMillis()));
        for (Read r : latest) {
            args.addAll(List.of(r.cast().kind(), r.at().toString(), r.cast().game(), r.cast().id(), r.cast().data()));
        }
        calls.run(KEEP, List.of(LATEST), args);
    }

    @Override
    public List<Read> latest() {
        Map<String, String> h = calls.hgetAll(LATEST);
        List<Read> out = new ArrayList<>();
        for (Map.Entry<String, String> e : h.entrySet()) {
            String kind = e.getKey();
            if (kind.indexOf(':') >= 0) {
                continue; // a part of a kind's cast
            }
            out.add(new Read(StreamId.parse(e.getValue()), new Cast(kind, h.getOrDefault(kind + ":game", ""),
                    h.getOrDefault(kind + ":id", ""), h.getOrDefault(kind + ":data", ""))));
        }
        return out;
    }

    @Override
    public StreamId top() {
        return states.state(STREAM).map(StreamState::lastGenerated).getOrElse(StreamId.MIN);
    }

    @Override
    public List<Read> after(StreamId after, int count, Duration block) {
        List<Read> out = new ArrayList<>();
        for (StreamEntry e : tail.readAfter(STREAM, after, count, block)) {
            out.add(new Read(e.id(), new Cast(e.field("kind").getOrElse(""), e.field("game").getOrElse(""),
                    e.field("event").getOrElse(""), e.field("data").getOrElse(""))));
        }
        return out;
    }
}
