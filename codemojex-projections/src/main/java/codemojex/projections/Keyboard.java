package codemojex.projections;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The emojis a game offers, distinct; a secret is six of them, and a guess is six distinct of them too.
 * <pre>{@code
 * Keyboard k = Keyboard.draw(rng);          // twelve from the built-in set
 * Code secret = k.drawSecret(rng);          // six distinct of them
 * Code guess = k.parseGuess("🐙🦊🐸🦄🐝🐢");
 * }</pre>
 *
 * @param keys at least six distinct emojis
 */
public record Keyboard(Vector<Emoji> keys) {

    public static final int DEFAULT_SIZE = 12;
    public static final int MAX_SIZE = 64;

    /** The built-in set keyboards are drawn from. */
    public static final Vector<Emoji> BUILT_IN = Vector.of(
            "🐙", "🦊", "🐸", "🦄", "🐝", "🐢", "🦉", "🐳", "🦋", "🐞", "🦀", "🐼",
            "🍕", "🌮", "🍩", "🍉", "🥑", "🍄", "🌵", "🌻", "⭐", "🔥", "🌈", "❄️",
            "🎲", "🎸", "🚀", "⚽", "🎈", "💎", "🧩", "🪁").map(Emoji::of);

    public Keyboard {
        Objects.requireNonNull(keys, "keys");
        if (keys.size() < Code.LENGTH || keys.size() > MAX_SIZE) {
            throw new IllegalArgumentException("a keyboard holds " + Code.LENGTH + ".." + MAX_SIZE + " emojis, got " + keys.size());
        }
        if (keys.distinct().size() != keys.size()) {
            throw new IllegalArgumentException("a keyboard's emojis must be distinct: " + keys.mkString(" "));
        }
    }

    /** The first twelve of the built-in set. */
    public static Keyboard standard() {
        return new Keyboard(BUILT_IN.take(DEFAULT_SIZE));
    }

    /** Twelve distinct emojis drawn from the built-in set. */
    public static Keyboard draw(RandomGenerator rng) {
        return new Keyboard(sample(BUILT_IN, DEFAULT_SIZE, rng));
    }

    /** Parses a keyboard from its wire form (emojis separated by spaces). */
    public static Keyboard parse(String text) {
        if (text == null || text.isBlank() || text.length() > MAX_SIZE * 16) {
            throw new IllegalArgumentException("a keyboard must be 6.." + MAX_SIZE + " emojis");
        }
        return new Keyboard(Vector.of(text.trim().split("\\s+")).map(Emoji::of));
    }

    /** Six distinct emojis of this keyboard, in a random order: a secret. */
    public Code drawSecret(RandomGenerator rng) {
        return new Code(sample(keys, Code.LENGTH, rng));
    }

    /**
     * Parses a guess: six distinct emojis ({@link Code#parseGuess}, the rule of a guess), each on
     * this keyboard, written as the keyboard writes them: an emoji that has a text and an emoji form
     * ({@code ❄} and {@code ❄️}, with VS16) is accepted in either and comes back in the keyboard's
     * ({@link #key}).
     *
     * @throws IllegalArgumentException naming what is wrong: the form, a repeated emoji, or an
     *                                  emoji that is not on the keyboard
     */
    public Code parseGuess(String text) {
        return checkGuess(Code.parseGuess(text));
    }

    /**
     * A guess already parsed by {@link Code#parseGuess} (before the game, and so the keyboard, was
     * read), checked to use only this keyboard's emojis, each in the keyboard's form, and checked
     * again to be six distinct emojis once in that form ({@code ❄} and {@code ❄️} are one emoji).
     *
     * @throws IllegalArgumentException naming the first emoji that is not on the keyboard, or a repeat
     */
    public Code checkGuess(Code guess) {
        Objects.requireNonNull(guess, "guess");
        Vector<Emoji> keyed = Vector.empty();
        for (int i = 0; i < Code.LENGTH; i++) {
            Emoji e = guess.get(i);
            int position = i + 1;
            keyed = keyed.append(key(e).getOrElseThrow(() -> new IllegalArgumentException(e + " at position " + position
                    + " is not on the keyboard " + keys.mkString(" "))));
        }
        return new Code(keyed).requireDistinctGuess();
    }

    /** The key {@code e} is: itself, or the key that differs from it only by VS16 (U+FE0F, the emoji presentation). */
    public Option<Emoji> key(Emoji e) {
        if (keys.contains(e)) {
            return Option.some(e);
        }
        String bare = withoutVs16(e.text());
        return keys.find(k -> withoutVs16(k.text()).equals(bare));
    }

    private static String withoutVs16(String text) {
        return text.replace("\uFE0F", "");
    }

    /**
     * Six distinct emojis of this keyboard, in a random order: a guess any player may make (what
     * the simulator and the tests play).
     */
    public Code drawGuess(RandomGenerator rng) {
        return new Code(sample(keys, Code.LENGTH, rng));
    }

    /** Checks that {@code code} uses only this keyboard's emojis. */
    public boolean allows(Code code) {
        return code.emojis().forAll(keys::contains);
    }

    private static Vector<Emoji> sample(Vector<Emoji> from, int n, RandomGenerator rng) {
        Vector<Emoji> pool = from;
        Vector<Emoji> out = Vector.empty();
        for (int i = 0; i < n; i++) {
            int k = rng.nextInt(pool.size());
            out = out.append(pool.get(k));
            pool = pool.removeAt(k);
        }
        return out;
    }

    /** The wire form: the emojis separated by single spaces. */
    public String text() {
        return keys.mkString(" ");
    }
}
