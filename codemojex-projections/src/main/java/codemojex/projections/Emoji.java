package codemojex.projections;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One emoji: a single Unicode extended grapheme cluster that is an emoji. Skin-tone modifiers,
 * ZWJ sequences, keycaps, flags and tag sequences are one emoji each.
 * {@code Emoji.of("👩🏽‍🚀")} is one emoji; {@code Emoji.of("a")} is refused.
 *
 * @param text the cluster
 */
public record Emoji(String text) {

    /** Longer text than this is refused before any cluster is looked for. */
    public static final int MAX_INPUT_CHARS = 512;

    private static final Pattern CLUSTER = Pattern.compile("\\X");

    public Emoji {
        Objects.requireNonNull(text, "emoji");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("an emoji must not be empty");
        }
        if (text.length() > 64) {
            throw new IllegalArgumentException("\"" + text.substring(0, 16) + "…\" is too long for one emoji");
        }
        // one pass of the grapheme matcher: the whole text must be its first cluster (the count is for the message only)
        Matcher one = CLUSTER.matcher(text);
        if (!one.find() || one.end() != text.length()) {
            throw new IllegalArgumentException("\"" + text + "\" is " + clusters(text).size() + " characters, not one emoji");
        }
        if (!isEmoji(text)) {
            throw new IllegalArgumentException("\"" + printable(text) + "\" is not an emoji");
        }
    }

    /**
     * The emoji {@code text} is: checked once per distinct text, then the same instance (the score
     * worker parses every guess, and the grapheme matcher was its costliest step); at most
     * {@value #KNOWN_MAX} kept at a time ({@link Memo}).
     * {@code Emoji.of("🐙") == Emoji.of("🐙")}
     *
     * @throws IllegalArgumentException as the constructor does
     */
    public static Emoji of(String text) {
        return KNOWN.get(Objects.requireNonNull(text, "emoji"));
    }

    /** The valid emoji {@code text} is, when it was checked before and is kept; none says only that it is not kept. */
    static Option<Emoji> known(String text) {
        return KNOWN.known(text);
    }

    /** How many checked emojis are kept at most; far more than any keyboard's alphabet. */
    static final int KNOWN_MAX = 4_096;

    private static final Memo<Emoji> KNOWN = new Memo<>(KNOWN_MAX, Emoji::new);

    /** The extended grapheme clusters of {@code text}. */
    static Vector<String> clusters(String text) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>(8);
        Matcher m = CLUSTER.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return Vector.ofAll(out); // built once: appending to a Vector cluster by cluster was the worker's hottest allocation
    }

    /** Equal when the clusters are: written out, as a record's generated equals is slower on the worker's hot path. */
    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Emoji e && e.text.equals(text));
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /**
     * Whether a single cluster is an emoji: a keycap sequence, a pair of regional indicators (a
     * flag), or a cluster that starts with a pictographic code point.
     */
    static boolean isEmoji(String cluster) {
        int first = cluster.codePointAt(0);
        if (cluster.indexOf('\u20E3') > 0) {
            return first == '#' || first == '*' || (first >= '0' && first <= '9');
        }
        if (isRegionalIndicator(first)) {
            int[] cps = cluster.codePoints().toArray();
            return cps.length == 2 && isRegionalIndicator(cps[1]);
        }
        if (!isPictographic(first)) {
            return false;
        }
        for (int i = 0; i < cluster.length(); ) {
            int cp = cluster.codePointAt(i);
            if (isForbiddenInside(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    private static boolean isForbiddenInside(int cp) {
        return Character.isISOControl(cp) || Character.isWhitespace(cp);
    }

    private static boolean isRegionalIndicator(int cp) {
        return cp >= 0x1F1E6 && cp <= 0x1F1FF;
    }

    /** The Extended_Pictographic blocks, less the regional indicators, plus the old symbols emoji use. */
    private static boolean isPictographic(int cp) {
        return (cp >= 0x1F000 && cp <= 0x1FAFF && !isRegionalIndicator(cp))
                || (cp >= 0x2600 && cp <= 0x27BF)
                || (cp >= 0x2300 && cp <= 0x23FF)
                || (cp >= 0x2B00 && cp <= 0x2BFF)
                || (cp >= 0x2190 && cp <= 0x21FF)
                || (cp >= 0x25A0 && cp <= 0x25FF)
                || (cp >= 0x2900 && cp <= 0x297F)
                || cp == 0x00A9 || cp == 0x00AE || cp == 0x203C || cp == 0x2049 || cp == 0x2122 || cp == 0x2139
                || cp == 0x24C2 || cp == 0x3030 || cp == 0x303D || cp == 0x3297 || cp == 0x3299;
    }

    /**
     * Player input quoted in an error message: at most 32 code points, with control and format
     * characters (which could rewrite a terminal or hide text) shown as {@code \\u} escapes.
     */
    static String printable(String text) {
        return text.codePoints().limit(32)
                .mapToObj(cp -> Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT
                        ? String.format("\\u%04X", cp) : Character.toString(cp))
                .collect(java.util.stream.Collectors.joining());
    }

    @Override
    public String toString() {
        return text;
    }
}
