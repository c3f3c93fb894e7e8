package codemojex.app.core;

/**
 * What the bounded parsers share ({@link DurationFields}, {@link Instants}, {@link Dates}): every
 * duration, instant and date the app reads, from a query parameter, a JSON body, a CLI option or
 * serve's settings, goes through one of them, and is refused, naming the field, the text and the
 * range accepted, when it is out of range, before any arithmetic could overflow.
 */
public final class Bounded {

    private Bounded() {
    }

    /** {@code s} quoted for an error message, cut at 40 characters; {@code nothing} for none. */
    public static String shown(String s) {
        if (s == null) {
            return "nothing";
        }
        // cut at a code point, never inside a pair; what a log or a page must not print raw (a bidi override, a
        // line break) escaped, as names are
        String cut = s.codePointCount(0, s.length()) > 40 ? s.substring(0, s.offsetByCodePoints(0, 40)) + "…" : s;
        return "\"" + LogSafe.escape(cut) + "\"";
    }

    /** Whether {@code s} is missing or blank. */
    static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
