package echomq.cli.command;

import io.vavr.control.Option;

/** {@code --by FIELD [--top N]}: the values per key, the keys with the most entries first. */
public final class KeyOptions {

    @picocli.CommandLine.Option(names = "--by", paramLabel = "FIELD",
            description = "fold per value of this field (an entry without it is left out of the keys)")
    String by;

    @picocli.CommandLine.Option(names = "--top", paramLabel = "N", description = "only the N keys with the most entries")
    Integer top;

    /**
     * The field to group by.
     *
     * @return {@code --by}, none when not given
     * @throws BadInputException for an empty field, or {@code --top} without {@code --by}
     */
    public Option<String> by() {
        if (by == null) {
            if (top != null) {
                throw new BadInputException("--top needs --by FIELD");
            }
            return Option.none();
        }
        if (by.isEmpty()) {
            throw new BadInputException("--by must name a field");
        }
        return Option.some(by);
    }

    /**
     * How many keys are shown.
     *
     * @return {@code --top}, none for all
     * @throws BadInputException when below 1
     */
    public Option<Integer> top() {
        return Option.of(top).map(n -> Inputs.positive("--top", n));
    }
}
