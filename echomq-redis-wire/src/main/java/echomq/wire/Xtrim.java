package echomq.wire;

import echomq.domain.id.StreamId;
import echomq.domain.retention.Retention;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;
import java.util.function.LongFunction;

/** What an {@code XTRIM} of a retention carries after the key, whatever the client. */
public final class Xtrim {

    private Xtrim() {
    }

    /**
     * {@code MAXLEN|MINID ~|= <threshold>} for {@code retention}.
     *
     * <pre>{@code
     * Xtrim.arguments(Retention.maxLen(1000)) // [MAXLEN, ~, 1000]
     * }</pre>
     * 
     * @param retention the retention
     * @return the arguments after the key
     */
    public static List<String> arguments(Retention retention) {
        Objects.requireNonNull(retention, "retention");
        String mark = retention.approximate() ? "~" : "=";
        if (retention instanceof Retention.MaxLen maxLen) {
            return List.of("MAXLEN", mark, Long.toString(maxLen.n()));
        }
        if (retention instanceof Retention.MinId minId) {
            return List.of("MINID", mark, minId.minId().toString());
        }
        return List.of("MINID", mark, ((Retention.MinEntryId) retention).minId().toString());
    }

    /**
     * Where keeping the newest {@code n} entries would keep from, read with {@code xrevrange(count)}
     * ({@code XREVRANGE key + - COUNT count}, newest first): none when the stream holds no more than
     * {@code n}. It asks for one more than kept, to know whether anything would go at all.
     *
     * @throws IllegalArgumentException when {@code n} is negative
     * @param key       the stream, named in errors
     * @param n         how many of the newest entries to keep
     * @param xrevrange sends {@code XREVRANGE key + - COUNT count}, for a count
     * @return the id the kept entries start from, none when nothing would go
     */
    public static Option<StreamId> newestFrom(String key, long n, LongFunction<List<Object>> xrevrange) {
        if (n < 0) {
            throw new IllegalArgumentException("newest count must be >= 0, got " + n);
        }
        if (n >= Integer.MAX_VALUE) {
            return Option.none(); // no stream holds that many
        }
        List<Object> newest = xrevrange.apply(n + 1);
        if (newest.size() <= n) {
            return Option.none();
        }
        return Option.some(n == 0 ? Replies.entry(key, newest.get(0)).id().successor() : Replies.entry(key, newest.get((int) n - 1)).id());
    }
}
