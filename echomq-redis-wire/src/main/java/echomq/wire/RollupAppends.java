package echomq.wire;

import echomq.domain.id.StreamId;
import echomq.domain.rollup.AppendOutcome;
import echomq.domain.stream.StreamStoreException;

import io.vavr.collection.LinkedHashMap;

import java.util.ArrayList;
import java.util.List;

/**
 * What both adapters send and read for a rollup's append ({@code rollup-append.lua}): the script's
 * ARGV and the outcome of its reply.
 */
public final class RollupAppends {

    private RollupAppends() {
    }

    /**
     * The script's ARGV: the id, then the fields' names and values in order.
     *
     * @param id     the entry id
     * @param fields the fields
     * @return the ARGV
     */
    public static List<String> argv(StreamId id, LinkedHashMap<String, String> fields) {
        List<String> argv = new ArrayList<>(1 + 2 * fields.size());
        argv.add(id.toString());
        fields.forEach((k, v) -> {
            argv.add(k);
            argv.add(v);
        });
        return argv;
    }

    /**
     * The outcome of the script's reply: {@code {'OK', id}} or {@code {'TOP', top}}.
     *
     * @param key   the stream, named in a failure
     * @param reply the raw reply (bulk strings as {@code byte[]} or {@code String})
     * @return the outcome
     * @throws StreamStoreException for a reply of another shape
     */
    public static AppendOutcome outcome(String key, Object reply) {
        if (reply instanceof List<?> parts && parts.size() == 2) {
            String tag = Replies.text(parts.get(0));
            try {
                StreamId id = StreamId.parse(Replies.text(parts.get(1)));
                if (tag.equals("OK")) {
                    return new AppendOutcome.Appended(id);
                }
                if (tag.equals("TOP")) {
                    return new AppendOutcome.NotAboveTop(id);
                }
            } catch (IllegalArgumentException unreadable) {
                throw new StreamStoreException(key, "unreadable rollup append reply " + describe(reply), unreadable);
            }
        }
        throw new StreamStoreException(key, "unreadable rollup append reply " + describe(reply), null);
    }

    private static String describe(Object reply) {
        return reply instanceof List<?> l ? l.stream().map(Replies::text).toList().toString() : Replies.text(reply);
    }
}
