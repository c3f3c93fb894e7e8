package echomq.domain.rollup;

import echomq.domain.eventtime.LeftOut;
import echomq.domain.stream.StreamEntry;

import io.vavr.collection.LinkedHashMap;

import java.util.Objects;

/**
 * The copy of an entry an event time leaves out, as a rollup writes it to its stream of left-out
 * entries ({@link RollupSpec#lateInto}): at the entry's own id, with every field of the entry in
 * order and a field {@value #REASON} ({@code late}, {@code early} or {@code untimed}). A name the copy
 * cannot take as it is (the entry's own {@code reason}, and its {@code id}, which the library's
 * appends keep for branded ids) is written with {@value #PREFIX} before it, as often as it takes to
 * be free: nothing of the entry is lost.
 * <pre>{@code
 * LateCopies.fields(entry, LeftOut.Reason.LATE);   // LinkedHashMap(ts -> 1796641198000, amount -> 12, reason -> late)
 * }</pre>
 */
public final class LateCopies {

    /** The field that says why the entry was left out. */
    public static final String REASON = "reason";

    /** What goes before a name of the entry the copy cannot take as it is. */
    public static final String PREFIX = "source_";

    private LateCopies() {
    }

    /**
     * The fields of the copy of {@code entry}.
     *
     * @param entry  the entry left out
     * @param reason why
     * @return its fields (its {@code id} pair among them, renamed), then {@value #REASON}
     */
    public static LinkedHashMap<String, String> fields(StreamEntry entry, LeftOut.Reason reason) {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(reason, "reason");
        LinkedHashMap<String, String> own = entry.fields();
        LinkedHashMap<String, String> copy = LinkedHashMap.empty();
        if (entry.hasField(StreamEntry.ID_FIELD)) {
            copy = copy.put(free(PREFIX + StreamEntry.ID_FIELD, own, copy), entry.field(StreamEntry.ID_FIELD).get());
        }
        for (var f : own) {
            copy = copy.put(f._1.equals(REASON) ? free(PREFIX + REASON, own, copy) : f._1, f._2);
        }
        return copy.put(REASON, reason.spelling());
    }

    /** {@code name}, or it with {@link #PREFIX} before it as often as needed to be neither a field of the entry nor one of the copy's. */
    private static String free(String name, LinkedHashMap<String, String> own, LinkedHashMap<String, String> copy) {
        String n = name;
        while (own.containsKey(n) || copy.containsKey(n)) {
            n = PREFIX + n;
        }
        return n;
    }
}
