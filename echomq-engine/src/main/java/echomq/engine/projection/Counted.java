package echomq.engine.projection;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.stream.StreamEntry;

import java.util.Objects;

/**
 * A fold's value with the number of entries folded into it: what a bucket of a series holds. The
 * counted fold combines when the fold does and retracts when it does, so every part of the reader
 * (kept folds, trailing suffixes) can hold it as it holds the fold itself.
 *
 * @param entries how many entries were folded
 * @param value   their fold
 * @param <A>     the fold's accumulator
 */
record Counted<A>(long entries, A value) {

    /**
     * The fold of {@code fold} and a count, named apart from {@code fold} so that neither's kept
     * values serve the other. A {@link Checkpointable} fold gives a checkpointable count (its
     * codec's text after the count), so the sealed buckets of a series survive a restart as the
     * panes of a sliding window do; a fold both checkpointable and invertible gives a count that is
     * both, so neither its checkpoints nor its running path are given up.
     */
    static <A> Fold<Counted<A>> of(Fold<A> fold) {
        Objects.requireNonNull(fold, "fold");
        String name = "entries+" + escaped(fold.name());
        Counted<A> zero = new Counted<>(0, fold.initial());
        CombinableFold<Counted<A>> counted;
        if (fold instanceof InvertibleFold<A> inv) {
            counted = InvertibleFold.of(name, fold.version(), zero, (c, e) -> c.step(fold, e),
                    (x, y) -> x.combine(inv, y), (c, e) -> new Counted<>(c.entries - 1, inv.retract(c.value, e)));
        } else if (fold instanceof CombinableFold<A> comb) {
            counted = CombinableFold.of(name, fold.version(), zero, (c, e) -> c.step(fold, e), (x, y) -> x.combine(comb, y));
        } else {
            return Fold.of(name, fold.version(), zero, (c, e) -> c.step(fold, e));
        }
        // both checkpointable and invertible: Checkpointable.of keeps the count invertible too
        return fold instanceof Checkpointable<A> cp && isCheckpointName(name) ? Checkpointable.of(counted, codec(cp.codec())) : counted;
    }

    /** {@code <entries> <the fold's own text>}: the count first, so the fold's text may hold anything. */
    static <A> StateCodec<Counted<A>> codec(StateCodec<A> inner) {
        Objects.requireNonNull(inner, "inner");
        return new StateCodec<>() {
            @Override
            public String encode(Counted<A> value) {
                return value.entries() + " " + inner.encode(value.value());
            }

            @Override
            public Counted<A> decode(String text) {
                int space = text.indexOf(' ');
                if (space <= 0) {
                    throw new IllegalArgumentException("not a counted checkpoint (no count before a space): "
                            + text.substring(0, Math.min(40, text.length())));
                }
                long entries;
                try {
                    entries = Long.parseLong(text.substring(0, space));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not a counted checkpoint: bad count " + text.substring(0, space), e);
                }
                if (entries < 0) {
                    throw new IllegalArgumentException("not a counted checkpoint: negative count " + entries);
                }
                return new Counted<>(entries, inner.decode(text.substring(space + 1)));
            }
        };
    }

    /**
     * {@code name} with what a checkpoint's name cannot hold (spaces, braces, colons, anything not
     * printable ASCII) and {@code %} written as {@code %XX} of its UTF-8 bytes: one name for one
     * fold, so {@code "a b"} and {@code "a_b"} never share a checkpoint.
     */
    static String escaped(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (byte b : name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c > ' ' && c < 0x7f && c != '{' && c != '}' && c != ':' && c != '%') {
                out.append((char) c);
            } else {
                out.append('%').append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
            }
        }
        return out.toString();
    }

    /** Whether {@code name} can name a checkpoint: a name too long for one keeps its buckets in memory only. */
    private static boolean isCheckpointName(String name) {
        try {
            Checkpoint.requireName(name);
            return true;
        } catch (IllegalArgumentException tooLongOrOdd) {
            return false;
        }
    }

    private Counted<A> step(Fold<A> fold, StreamEntry e) {
        return new Counted<>(entries + 1, fold.step(value, e));
    }

    private Counted<A> combine(CombinableFold<A> fold, Counted<A> later) {
        return new Counted<>(entries + later.entries, fold.combine(value, later.value));
    }
}
