package echomq.redis;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes raw RESP replies of stream commands straight into domain entries: no detour through
 * Jedis' mutable {@code StreamEntryID} or its unordered field maps.
 */
final class RedisReplies {

    private static final byte[] ID_FIELD = StreamEntry.ID_FIELD.getBytes(StandardCharsets.US_ASCII);

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

    static StreamEntry entry(String key, Object item) {
        if (!(item instanceof List<?> pair) || pair.size() != 2) {
            throw new IllegalStateException("unexpected stream entry reply from " + key + ": " + item);
        }
        StreamId id = StreamId.parse(text(pair.get(0)));
        Option<BrandedId> branded = Option.none();
        LinkedHashMap<String, String> fields = LinkedHashMap.empty();
        if (pair.get(1) instanceof List<?> kvs) {
            for (int i = 0; i + 1 < kvs.size(); i += 2) {
                Object k = kvs.get(i);
                if (k instanceof byte[] kb && java.util.Arrays.equals(kb, ID_FIELD)) {
                    branded = BrandedId.tryParse(text(kvs.get(i + 1)));
                } else {
                    fields = fields.put(text(k), text(kvs.get(i + 1)));
                }
            }
        }
        return new StreamEntry(id, branded, fields);
    }
}
