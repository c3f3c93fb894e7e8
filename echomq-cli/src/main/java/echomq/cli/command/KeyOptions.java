package echomq.cli.command;

import io.vavr.control.Option;

/** {@code --by FIELD [--top N]}: the values per key, the keys with the most entries first. */
public final class KeyOptions {

    @picocli.CommandLine.Option(names = "--by", paramLabel = "FIELD",
            description = "fold per value of this field (an entry without it is left out of the keys)")
    String by;

    @picocli.CommandLine.Option(names = "--top", paramLabel = "N", description = "only the N keys with the most entries")
    Integer top;

    /** The most keys one window or bucket may hold until {@code --max-keys} says otherwise. */
    public static final int DEFAULT_MAX_KEYS = 100_000;

    /** The most {@code --max-keys} accepts. */
    public static final int MOST_MAX_KEYS = 10_000_000;

    @picocli.CommandLine.Option(names = "--max-keys", paramLabel = "N",
            description = "the most keys a window or bucket may hold; a read that finds more is refused (default: 100000): "
                    + "each key of each bucket keeps its folds' state in memory (about 10 KB with a percentile)")
    Integer maxKeys;

    /**
     * The field to group by.
     *
     * @return {@code --by}, none when not given
     * @throws BadArgumentException for an empty field, or {@code --top} without {@code --by}
     */
    public Option<String> by() {
        if (by == null) {
            if (top != null) {
                throw new BadArgumentException("--top needs --by FIELD");
            }
            return Option.none();
        }
        if (by.isEmpty()) {
            throw new BadArgumentException("--by must name a field");
        }
        return Option.some(by);
    }

    /**
     * The fold per key, refusing a window or bucket of more than {@code --max-keys} keys as soon as it
     * finds one more: each key keeps its folds' state in memory, so a field of a million values would
     * otherwise exhaust the heap before the answer is printed.
     *
     * @param <A>   the folds' state
     * @param field the field keying it, for the message
     * @param perKey the fold per key
     * @return the same fold, bounded
     * @throws BadArgumentException for a {@code --max-keys} out of range
     */
    public <A> echomq.domain.fold.Fold<io.vavr.collection.Map<String, A>> bounded(String field,
                                                                                  echomq.domain.fold.Fold<io.vavr.collection.Map<String, A>> perKey) {
        int most = maxKeys == null ? DEFAULT_MAX_KEYS : maxKeys;
        if (most < 1 || most > MOST_MAX_KEYS) {
            throw new BadArgumentException("--max-keys " + most + " is out of range: give 1 to " + MOST_MAX_KEYS);
        }
        return echomq.domain.fold.Fold.of(perKey.name(), perKey.version(), perKey.initial(), (acc, e) -> {
            io.vavr.collection.Map<String, A> next = perKey.step(acc, e);
            if (next.size() > most) {
                throw new IllegalStateException("a window or bucket holds more than " + most + " values of --by " + field
                        + " (--max-keys " + most + "): give a larger --max-keys (each key keeps its folds in memory), "
                        + "a shorter range or bucket, or another field");
            }
            return next;
        });
    }

    /**
     * How many keys are shown.
     *
     * @return {@code --top}, none for all
     * @throws BadArgumentException when below 1
     */
    public Option<Integer> top() {
        return Option.of(top).map(n -> Inputs.positive("--top", n));
    }
}
