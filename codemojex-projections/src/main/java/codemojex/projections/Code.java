package codemojex.projections;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * Six emojis in order: a game's secret or a guess, each six distinct emojis when checked
 * ({@link #parseSecret}, {@link #parseGuess}); the record itself holds any six, so that what was
 * stored can always be read back.
 * {@code Code.parse("🐙🦊🐸🦄🐝🐢")}, with or without separators ({@code "🐙 🦊, 🐸|🦄 🐝 🐢"}).
 *
 * @param emojis exactly six
 */
public record Code(Vector<Emoji> emojis) {

    public static final int LENGTH = 6;

    public Code {
        Objects.requireNonNull(emojis, "emojis");
        if (emojis.size() != LENGTH) {
            throw new IllegalArgumentException("a code is " + LENGTH + " emojis, got " + emojis.size());
        }
    }

    /**
     * Parses six emojis; separators (white space, {@code , ; |}) between them are allowed.
     *
     * @throws IllegalArgumentException for empty or oversize input, a non-emoji or a wrong count,
     *                                  naming the problem
     */
    public static Code parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a code must not be empty: give " + LENGTH + " emojis");
        }
        if (text.length() > Emoji.MAX_INPUT_CHARS) {
            throw new IllegalArgumentException("a code of " + text.length() + " chars is too long (at most "
                    + Emoji.MAX_INPUT_CHARS + ")");
        }
        Code known = ofKnown(text);
        return known != null ? known : segment(text);
    }

    /** {@link #parse} by the grapheme matcher, for any text within the bounds {@link #parse} checked. */
    static Code segment(String text) {
        java.util.ArrayList<Emoji> out = new java.util.ArrayList<>(LENGTH);
        int position = 0;
        for (String cluster : Emoji.clusters(text)) {
            if (isSeparator(cluster)) {
                continue;
            }
            position++;
            if (!Emoji.isEmoji(cluster)) {
                throw new IllegalArgumentException("\"" + Emoji.printable(cluster) + "\" at position " + position
                        + " is not an emoji");
            }
            out.add(Emoji.of(cluster));
        }
        if (out.size() != LENGTH) {
            throw new IllegalArgumentException("a code is " + LENGTH + " emojis, got " + out.size());
        }
        return new Code(Vector.ofAll(out));
    }

    /**
     * {@code text} as six emojis already checked, when it is six texts of {@link Emoji#known} emojis
     * separated by single spaces (the wire form, {@link #text()}); else null, and {@link #parse}
     * segments it. The same code: a space is a grapheme cluster of its own before a known emoji
     * (none starts with a combining mark), so splitting at spaces cuts where the matcher would.
     */
    private static Code ofKnown(String text) {
        Emoji[] six = new Emoji[LENGTH];
        int from = 0;
        for (int i = 0; i < LENGTH; i++) {
            int space = text.indexOf(' ', from);
            int end = i == LENGTH - 1 ? text.length() : space;
            if (end < 0 || (i == LENGTH - 1 && space >= 0) || end == from) {
                return null;
            }
            Option<Emoji> known = Emoji.known(text.substring(from, end));
            if (known.isEmpty()) {
                return null;
            }
            six[i] = known.get();
            from = end + 1;
        }
        return new Code(Vector.of(six));
    }

    /** Parses a secret: six distinct emojis. */
    public static Code parseSecret(String text) {
        return parse(text).requireDistinct();
    }

    /**
     * Parses a guess: six distinct emojis, like the secret. This is the rule of a guess, kept here
     * once: six copies of one emoji would score that emoji at every position, and the breakdown (or
     * even the total) would tell where the secret holds it, so probing the keyboard one emoji at a
     * time would crack any game in a dozen guesses, a script's win every time. With six distinct
     * emojis a guess earns points from each emoji of the secret at most once, and a position is
     * found only by reasoning over several guesses. {@link Keyboard#parseGuess} adds that each
     * emoji is on the game's keyboard.
     * {@code Code.parseGuess("🐙🐙🐙🐙🐙🐙")} is refused: "a guess is six distinct emojis, like
     * the secret: 🐙 is repeated (positions 1 and 2)".
     *
     * @param text six emojis, separators allowed as in {@link #parse}
     * @return the guess
     * @throws IllegalArgumentException as {@link #parse} does, or naming the first repeated emoji
     *                                  and the positions (1..6) it is at first and again
     */
    public static Code parseGuess(String text) {
        return parse(text).requireDistinctGuess();
    }

    /**
     * This code, checked to keep the rule of a guess: six distinct emojis, like the secret.
     *
     * @return this code
     * @throws IllegalArgumentException naming the repeated emoji and its two positions
     */
    public Code requireDistinctGuess() {
        for (int j = 1; j < LENGTH; j++) {
            int i = emojis.indexOf(get(j));
            if (i < j) {
                throw new IllegalArgumentException("a guess is " + LENGTH + " distinct emojis, like the secret: " + get(j)
                        + " is repeated (positions " + (i + 1) + " and " + (j + 1) + ")");
            }
        }
        return this;
    }

    /** This code, checked to hold six distinct emojis (as a secret must). */
    public Code requireDistinct() {
        Vector<Emoji> seen = Vector.empty();
        for (Emoji e : emojis) {
            if (seen.contains(e)) {
                throw new IllegalArgumentException("a secret holds six distinct emojis; " + e + " is repeated");
            }
            seen = seen.append(e);
        }
        return this;
    }

    private static boolean isSeparator(String cluster) {
        return cluster.isBlank() || cluster.equals(",") || cluster.equals(";") || cluster.equals("|");
    }

    public Emoji get(int position) {
        return emojis.get(position);
    }

    /** Position of {@code e}, or -1. */
    public int indexOf(Emoji e) {
        return emojis.indexOf(e);
    }

    /** The emojis joined by single spaces, the wire form. */
    public String text() {
        StringBuilder out = new StringBuilder(LENGTH * 4);
        for (int i = 0; i < LENGTH; i++) {
            out.append(i == 0 ? "" : " ").append(emojis.get(i).text());
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return emojis.mkString();
    }
}
