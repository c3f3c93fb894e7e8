package echomq.sketches;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One fold named by its spelling, as a command line or a property writes it: {@code count},
 * {@code sum:F}, {@code min:F}, {@code max:F}, {@code avg:F}, {@code pN:F} ({@code p50:amount},
 * {@code p99.9:latency}) and {@code distinct:F}, where {@code F} is an entry field. A closed set:
 * {@link Aggregates} folds a list of them in one pass.
 * <pre>{@code
 * Aggregate.parse("p99:amount");        // Percentile[spelling=p99:amount, quantile=0.99, field=amount]
 * Aggregate.parse("sum:amount").column(); // sum_amount: its field in a rollup entry
 * Aggregate.parse("median:amount");     // IllegalArgumentException naming "median:amount"
 * }</pre>
 */
public sealed interface Aggregate permits Aggregate.Count, Aggregate.Sum, Aggregate.Min, Aggregate.Max, Aggregate.Avg,
        Aggregate.Percentile, Aggregate.Distinct {

    /** The spellings a user may write, for error messages. */
    String SPELLINGS = "count, sum:F, min:F, max:F, avg:F, pN:F (p50:F, p99:F, p99.9:F) or distinct:F";

    /**
     * How the fold is spelled: the key of its value in every answer.
     *
     * @return e.g. {@code p99:amount}
     */
    String spelling();

    /**
     * Its field in a rollup entry: the spelling with {@code ':'} as {@code '_'}.
     *
     * @return e.g. {@code p99_amount}
     */
    default String column() {
        return spelling().replace(':', '_');
    }

    /** The number of entries. */
    record Count() implements Aggregate {
        @Override
        public String spelling() {
            return "count";
        }
    }

    /**
     * The exact decimal sum of a field's numeric values ({@code 0} when none).
     *
     * @param field the entry field
     */
    record Sum(String field) implements Aggregate {
        /** @param field the entry field, checked */
        public Sum {
            requireField("sum", field);
        }

        @Override
        public String spelling() {
            return "sum:" + field;
        }
    }

    /**
     * The least numeric value of a field (none when none).
     *
     * @param field the entry field
     */
    record Min(String field) implements Aggregate {
        /** @param field the entry field, checked */
        public Min {
            requireField("min", field);
        }

        @Override
        public String spelling() {
            return "min:" + field;
        }
    }

    /**
     * The greatest numeric value of a field (none when none).
     *
     * @param field the entry field
     */
    record Max(String field) implements Aggregate {
        /** @param field the entry field, checked */
        public Max {
            requireField("max", field);
        }

        @Override
        public String spelling() {
            return "max:" + field;
        }
    }

    /**
     * The mean of a field's numeric values: their exact sum over their number, to 16 significant
     * digits (none when none).
     *
     * @param field the entry field
     */
    record Avg(String field) implements Aggregate {
        /** @param field the entry field, checked */
        public Avg {
            requireField("avg", field);
        }

        @Override
        public String spelling() {
            return "avg:" + field;
        }
    }

    /**
     * A percentile of a field's numbers: the number of rank {@code max(1, ⌈q·n⌉)} among the {@code n}
     * numbers in ascending order, never below it and above it by less than 0.1% of its magnitude
     * (exact for a number of at most four significant digits); see {@link FieldNumber} for what a
     * number is. Negative numbers and zero are counted like any other.
     *
     * @param spelling as written ({@code p99:amount}), kept as the answer's key
     * @param quantile in {@code (0, 1)}, exactly as spelled: {@code 0.99} for {@code p99}, {@code 0.999} for {@code p99.9}
     * @param field    the entry field
     */
    record Percentile(String spelling, BigDecimal quantile, String field) implements Aggregate {
        /**
         * Checks the parts.
         *
         * @param spelling as written
         * @param quantile in {@code (0, 1)}
         * @param field    the entry field
         * @throws IllegalArgumentException naming a quantile outside {@code (0, 1)} or a bad field
         */
        public Percentile {
            Objects.requireNonNull(spelling, "spelling");
            Objects.requireNonNull(quantile, "quantile");
            requireField("percentile", field);
            if (quantile.signum() <= 0 || quantile.compareTo(BigDecimal.ONE) >= 0) {
                throw new IllegalArgumentException("the percentile of \"" + spelling + "\" must be above 0 and below 100");
            }
        }
    }

    /**
     * The number of distinct values of a field, through {@link DistinctCount} (exact up to 512, then
     * within about 0.8%).
     *
     * @param field the entry field
     */
    record Distinct(String field) implements Aggregate {
        /** @param field the entry field, checked */
        public Distinct {
            requireField("distinct", field);
        }

        @Override
        public String spelling() {
            return "distinct:" + field;
        }
    }

    /**
     * The fold {@code spelling} names.
     *
     * @param spelling e.g. {@code count}, {@code sum:amount}, {@code p99:amount}
     * @return the fold
     * @throws IllegalArgumentException naming the spelling and what is allowed
     */
    static Aggregate parse(String spelling) {
        if (spelling == null || spelling.isBlank()) {
            throw new IllegalArgumentException("a fold must not be empty: write " + SPELLINGS);
        }
        String s = spelling.trim();
        if (s.equals("count")) {
            return new Count();
        }
        int colon = s.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("unknown fold \"" + s + "\": write " + SPELLINGS);
        }
        String kind = s.substring(0, colon);
        String field = s.substring(colon + 1);
        if (field.isEmpty()) {
            throw new IllegalArgumentException("fold \"" + s + "\" names no field: write " + kind + ":FIELD");
        }
        switch (kind) {
            case "sum":
                return new Sum(field);
            case "min":
                return new Min(field);
            case "max":
                return new Max(field);
            case "avg":
                return new Avg(field);
            case "distinct":
                return new Distinct(field);
            default:
                if (kind.startsWith("p") && kind.length() > 1) {
                    BigDecimal p = Aggregates.percent(kind.substring(1));
                    if (p == null) {
                        throw new IllegalArgumentException("unknown fold \"" + s + "\": write " + SPELLINGS);
                    }
                    if (p.signum() <= 0 || p.compareTo(BigDecimal.valueOf(100)) >= 0) {
                        throw new IllegalArgumentException("the percentile of \"" + s + "\" must be above 0 and below 100");
                    }
                    return new Percentile(s, p.movePointLeft(2), field);
                }
                throw new IllegalArgumentException("unknown fold \"" + s + "\": write " + SPELLINGS);
        }
    }

    /**
     * Checks a field name: non-empty, at most 200 characters, no whitespace or control characters.
     *
     * @param kind  the fold, for the message
     * @param field the field
     * @return {@code field}
     * @throws IllegalArgumentException naming the field
     */
    static String requireField(String kind, String field) {
        if (field == null || field.isEmpty()) {
            throw new IllegalArgumentException(kind + " names no field");
        }
        if (field.length() > 200) {
            throw new IllegalArgumentException("the field of " + kind + " is " + field.length() + " characters long, at most 200 allowed");
        }
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                throw new IllegalArgumentException("field \"" + field + "\" of " + kind + " contains whitespace or a control character at index " + i);
            }
        }
        return field;
    }
}
