package codemojex.app.core;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;

/**
 * What a log line may print of text that came from outside (names, paths, messages that quote
 * input): every control, format, line or paragraph separator, surrogate, private-use, unassigned,
 * default-ignorable (joiners, variation selectors, fillers) or non-ASCII space character, and the
 * backslash itself, written as {@code \}{@code uXXXX} (or
 * {@code \}{@code u{XXXXX}} past the BMP). So one log line is one line, shows what is invisible, and
 * cannot be forged by a name. Pure: a function of its argument.
 */
public final class LogSafe {

    /** How many characters of one value a log line shows at most; the rest is cut, and said so. */
    public static final int MAX_SHOWN = 200;

    private LogSafe() {
    }

    /** {@code value}'s text ({@code "null"} for null) with what a log must not print raw escaped, cut at {@link #MAX_SHOWN} code points. */
    public static String escape(Object value) {
        String text = String.valueOf(value);
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_SHOWN) + 16);
        int shown = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (shown++ == MAX_SHOWN) {
                out.append("…(").append(text.codePointCount(i - Character.charCount(cp), text.length())).append(" more)");
                break;
            }
            if (mustEscape(cp)) {
                out.append(cp <= 0xFFFF ? String.format("\\u%04X", cp) : String.format("\\u{%X}", cp));
            } else {
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    /** Whether a log line must not hold {@code cp} raw. */
    static boolean mustEscape(int cp) {
        if (cp == '\\') {
            return true; // so that an escape in the log always means one
        }
        if (cp == ' ') {
            return false;
        }
        if (UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT)) {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED, Character.SPACE_SEPARATOR -> true;
            default -> false;
        };
    }
}
