package echomq.wire;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;

import java.util.ArrayList;
import java.util.List;

/** What an {@code XADD} of a record carries, whatever the client. */
public final class Xadd {

    private Xadd() {
    }

    /**
     * The field/value items of a record's {@code XADD}, in wire order: {@code id <branded>} first,
     * then the record's fields.
     *
     * <pre>{@code
     * Xadd.fields(id, fields) // [id, <branded>, f1, v1, f2, v2]
     * }</pre>
     * 
     * @param id     the record's branded id
     * @param fields the record's fields, in order
     * @return the items, field then value
     */
    public static List<String> fields(BrandedId id, LinkedHashMap<String, String> fields) {
        return fields(id, fields.size(), fields::forEach);
    }

    /**
     * As {@link #fields(BrandedId, LinkedHashMap)}, for fields that a writer hands one by one
     * rather than in a map built first.
     * <pre>{@code
     * Xadd.fields(id, 9, event::writeFields)   // guess-scored's fields, handed one by one
     * }</pre>
     *
     * @param id       the record's branded id
     * @param expected how many fields are coming (a capacity hint)
     * @param writer   hands each field's name and value, in order, to the consumer it is given
     * @return the items, field then value
     */
    public static List<String> fields(BrandedId id, int expected, java.util.function.Consumer<java.util.function.BiConsumer<String, String>> writer) {
        List<String> out = new ArrayList<>(Math.max(0, expected) * 2 + 2);
        out.add(StreamEntry.ID_FIELD);
        out.add(id.toString());
        writer.accept((f, v) -> {
            out.add(f);
            out.add(v);
        });
        return out;
    }

    /**
     * Redis' refusal of an {@code XADD} id that is not above the stream's top, as its message says.
     *
     * @param redisError the server's error message, or null
     * @return whether it refuses the id as not above the top
     */
    public static boolean isNonMonotonic(String redisError) {
        return redisError != null && redisError.contains("equal or smaller than the target stream top");
    }
}
