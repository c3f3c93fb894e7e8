package echomq.wire;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamState;
import io.vavr.control.Option;

import java.util.List;
import java.util.Map;

import static echomq.wire.Replies.text;

/** An {@code XINFO STREAM} reply, its fields by name, as the domain's {@link StreamState}. On servers before 7.0 the 7.0 fields are none. */
public final class StreamInfo {

    private StreamInfo() {
    }

    /**
     * The state {@code info} (the reply's fields by name) describes; {@code key} names the stream in errors.
     *
     * @param key  the stream, named in errors
     * @param info the reply's fields by name ({@link Replies#fields})
     * @return the stream's state
     */
    public static StreamState state(String key, Map<String, Object> info) {
        Object lastEntry = info.get("last-entry");
        return new StreamState(
                number(info.get("length")).getOrElse(0L),
                entryId(info.get("first-entry")),
                entryId(lastEntry),
                id(info.get("last-generated-id")).getOrElse(StreamId.MIN),
                number(info.get("entries-added")),
                id(info.get("max-deleted-entry-id")),
                id(info.get("recorded-first-entry-id")),
                lastEntry instanceof List<?> l && l.size() == 2 ? Replies.entry(key, l).branded() : Option.none());
    }

    private static Option<Long> number(Object v) {
        if (v instanceof Long l) {
            return Option.some(l);
        }
        if (v instanceof byte[] b) {
            return Option.some(Long.parseLong(text(b)));
        }
        return Option.none();
    }

    private static Option<StreamId> id(Object v) {
        return v == null ? Option.none() : Option.some(StreamId.parse(text(v)));
    }

    private static Option<StreamId> entryId(Object v) {
        if (v instanceof List<?> entry && !entry.isEmpty()) {
            return id(entry.get(0));
        }
        return Option.none();
    }
}
