package codemojex.app.http;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The ids of the page's one event stream ({@code /events}): each event carries the last id sent
 * of every kind so far, {@code <kind>:<upTo>.<version>} joined by commas in the kinds' order, e.g.
 * {@code feed:1767225600000-3.7,game:1767225600000-3.2,lobby:1767225599000-1.5}. The one
 * {@code Last-Event-ID} a browser sends back then resumes each kind as its own route would.
 * ({@code bucket} events carry no id: a page that reconnects reads {@code /feed/series} again.)
 */
final class EventIds {

    /** Longer input is ignored: an id is only a hint, never worth a refusal. */
    static final int MAX_CHARS = 512;

    private static final Pattern PART = Pattern.compile("([a-z]{1,16}):([0-9]{1,20}-[0-9]{1,20}\\.[0-9]{1,20})");

    private EventIds() {
    }

    /** The id of the last event of each kind, kinds in order. */
    static String format(Map<String, String> lastOfEachKind) {
        StringBuilder b = new StringBuilder();
        new TreeMap<>(lastOfEachKind).forEach((kind, id) -> b.append(b.length() == 0 ? "" : ",").append(kind).append(':').append(id));
        return b.toString();
    }

    /**
     * Kind -> id of what a client says it has; none for {@code null}, and whatever part is not an
     * id this stream sent is left out (the stream then sends that kind's value again).
     */
    static Map<String, String> parse(String text) {
        Map<String, String> out = new TreeMap<>();
        if (text == null || text.length() > MAX_CHARS) {
            return out;
        }
        for (String part : text.split(",", 16)) {
            var m = PART.matcher(part.strip());
            if (m.matches()) {
                out.put(m.group(1), m.group(2));
            }
        }
        return out;
    }
}
