package codemojex.projections;

import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;

import java.util.function.Function;

/**
 * Reads fields of one entry, naming the entry and field in every error. The ids, names and
 * player ids it reads are checked once, by the event's constructor, which checks them all: the
 * decoder puts its own check of each off and runs those only when something fails, in the order
 * the fields were read, so that the error names the first bad field as it did when each was
 * checked on reading (every entry a worker, a fold or a checkpoint decodes paid each check twice).
 */
final class EntryDecoder {
    private static final byte ID = 0;
    private static final byte PLAYER = 1;
    private static final byte PLAYER_ID = 2;
    private static final int MAX_LATER = 8;

    private final StreamEntry entry;
    private final String[] laterFields = new String[MAX_LATER];
    private final String[] laterValues = new String[MAX_LATER];
    private final byte[] laterKinds = new byte[MAX_LATER];
    private int later;

    EntryDecoder(StreamEntry entry) {
        this.entry = entry;
        String v = entry.field(GameEvent.VERSION_FIELD).getOrElse("");
        if (!GameEvent.VERSION.equals(v)) {
            throw new MalformedEntryException(entry.id(), GameEvent.VERSION_FIELD, v.isEmpty() ? "is missing" : "is version \"" + v
                    + "\", this reader knows " + GameEvent.VERSION);
        }
    }

    String raw(String field) {
        Option<String> v = entry.field(field);
        if (v.isEmpty()) {
            checkPutOff();
            throw new MalformedEntryException(entry.id(), field, "is missing");
        }
        return v.get();
    }

    /** An id ({@link Names#requireId}), checked by the event's constructor. */
    String id(String field) {
        return putOff(field, raw(field), ID);
    }

    /** A player name ({@link Names#requirePlayer}), checked by the event's constructor. */
    String player(String field) {
        return putOff(field, raw(field), PLAYER);
    }

    /**
     * The player id in {@code field} ({@link PlayerIds#require}, checked by the event's constructor); when the
     * entry has none (written before player ids), the one derived from {@code name}.
     */
    String playerId(String field, String name) {
        Option<String> v = entry.field(field);
        return v.isEmpty() ? PlayerIds.ofName(name) : putOff(field, v.get(), PLAYER_ID);
    }

    int number(String field) {
        return parse(field, EntryDecoder::smallNumber);
    }

    <T> T parse(String field, Function<String, T> parser) {
        String s = raw(field);
        try {
            return parser.apply(s);
        } catch (IllegalArgumentException e) {
            checkPutOff();
            throw new MalformedEntryException(entry.id(), field, "is invalid: " + e.getMessage());
        }
    }

    <T> T build(java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (MalformedEntryException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            checkPutOff(); // a field read before is the first bad one: named, as it was when checked on reading
            throw new MalformedEntryException(entry.id(), "*", "combination is invalid: " + e.getMessage());
        }
    }

    private String putOff(String field, String value, byte kind) {
        if (later == MAX_LATER) {
            check(field, value, kind); // more fields than a decoder reads: checked at once
            return value;
        }
        laterFields[later] = field;
        laterValues[later] = value;
        laterKinds[later] = kind;
        later++;
        return value;
    }

    /** Runs the checks put off, in the order the fields were read: the first that fails throws, naming its field. */
    private void checkPutOff() {
        int n = later;
        later = 0;
        for (int i = 0; i < n; i++) {
            check(laterFields[i], laterValues[i], laterKinds[i]);
        }
    }

    private void check(String field, String value, byte kind) {
        try {
            switch (kind) {
                case ID -> Names.requireId(field, value);
                case PLAYER -> Names.requirePlayer(value);
                default -> PlayerIds.require(value);
            }
        } catch (IllegalArgumentException e) {
            throw new MalformedEntryException(entry.id(), field, "is invalid: " + e.getMessage());
        }
    }

    /**
     * A field's number: 1 to 4 ASCII digits. Checked by hand, not with {@code String.matches}, which
     * compiles its pattern at every call: this runs three times for every {@code guess-scored} entry
     * folded (a profile of {@code serve} under {@code simulate} had it at 4% of the samples).
     */
    static int smallNumber(String s) {
        if (s.isEmpty() || s.length() > 4) {
            throw new IllegalArgumentException("\"" + Emoji.printable(s) + "\" is not a number 0..9999");
        }
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("\"" + Emoji.printable(s) + "\" is not a number 0..9999");
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
