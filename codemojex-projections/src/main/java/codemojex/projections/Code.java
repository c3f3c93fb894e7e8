package codemojex.projections;

import io.vavr.collection.Vector;

import java.util.Objects;

/**
 * Six emojis in order: a game's secret (six distinct emojis) or a guess.
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
        Vector<Emoji> out = Vector.empty();
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
            out = out.append(new Emoji(cluster));
        }
        if (out.size() != LENGTH) {
            throw new IllegalArgumentException("a code is " + LENGTH + " emojis, got " + out.size());
        }
        return new Code(out);
    }

    /** Parses a secret: six distinct emojis. */
    public static Code parseSecret(String text) {
        return parse(text).requireDistinct();
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
        return emojis.mkString(" ");
    }

    @Override
    public String toString() {
        return emojis.mkString();
    }
}
