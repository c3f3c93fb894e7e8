package echomq.domain.stream;

/**
 * Bad input quoted in an error message, made safe to print: control and format characters spelled
 * as a backslash, {@code u} and four hex digits, and the text cut to a length.
 */
final class Printable {

    private Printable() {
    }

    /** The first {@code maxCodePoints} code points of {@code text}, control and format characters escaped. */
    static String of(String text, int maxCodePoints) {
        StringBuilder b = new StringBuilder();
        text.codePoints().limit(maxCodePoints).forEach(cp -> {
            if (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT) {
                b.append(String.format("\\u%04X", cp));
            } else {
                b.appendCodePoint(cp);
            }
        });
        return b.toString();
    }
}
