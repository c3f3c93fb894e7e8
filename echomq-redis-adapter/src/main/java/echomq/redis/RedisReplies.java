package echomq.redis;

import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes raw RESP replies of stream commands straight into domain entries: no detour through
 * Jedis' mutable {@code StreamEntryID} or its unordered field maps.
 */
final class RedisReplies {

    private RedisReplies() {
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(Object reply) {
        if (reply instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        return String.valueOf(reply);
    }

    /** An {@code XRANGE} reply: {@code [[id, [f, v, …]], …]}. */
    static List<StreamEntry> entries(String key, List<Object> reply) {
        if (reply == null) {
            return List.of();
        }
        List<StreamEntry> out = new ArrayList<>(reply.size());
        for (Object item : reply) {
            out.add(entry(key, item));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static StreamEntry entry(String key, Object item) {
        if (!(item instanceof List<?> pair) || pair.size() != 2) {
            throw new IllegalStateException("unexpected stream entry reply from " + key + ": " + item);
        }
        StreamId id = pair.get(0) instanceof byte[] rawId ? streamId(rawId) : StreamId.parse(text(pair.get(0)));
        Object kvs = pair.get(1);
        if (!(kvs instanceof List<?> list)) {
            return StreamEntry.fromWire(id, List.of());
        }
        for (Object o : list) {
            if (!(o instanceof byte[])) {
                // a decoded reply (a script called through the String API): back to bytes
                return StreamEntry.fromWire(id, list.stream().map(v -> bytes(text(v))).toList());
            }
        }
        return StreamEntry.fromWire(id, (List<byte[]>) list);
    }

    /** An entry id straight from its ASCII bytes; anything but plain {@code <digits>-<digits>} goes to the strict parser for its message. */
    static StreamId streamId(byte[] raw) {
        long ms = 0;
        long seq = 0;
        int i = 0;
        int n = raw.length;
        int start = 0;
        while (i < n && raw[i] != '-') {
            int d = raw[i] - '0';
            if (d < 0 || d > 9 || i - start >= 18) {
                return StreamId.parse(text(raw));
            }
            ms = ms * 10 + d;
            i++;
        }
        if (i == start || i == n) {
            return StreamId.parse(text(raw));
        }
        start = ++i;
        while (i < n) {
            int d = raw[i] - '0';
            if (d < 0 || d > 9 || i - start >= 18) {
                return StreamId.parse(text(raw));
            }
            seq = seq * 10 + d;
            i++;
        }
        if (i == start) {
            return StreamId.parse(text(raw));
        }
        return new StreamId(ms, seq);
    }
}
