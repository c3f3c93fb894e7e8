package echomq.sql.model;

import echomq.sql.result.SqlType;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * The argument of an aggregate: a field, as written or under a {@code CAST}.
 * <pre>{@code
 * new Arg("amount", Option.some(SqlType.DOUBLE), at).shown();   // CAST(amount AS DOUBLE)
 * }</pre>
 *
 * @param field the entry field
 * @param cast  the type it is cast to, if any
 * @param at    where it stands
 */
public record Arg(String field, Option<SqlType> cast, Position at) {
    /**
     * Checks the parts.
     *
     * @param field the field, not empty
     * @param cast  the cast, if any
     * @param at    the position
     */
    public Arg {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(cast, "cast");
        Objects.requireNonNull(at, "at");
    }

    /**
     * How it reads.
     *
     * @return {@code amount} or {@code CAST(amount AS DOUBLE)}
     */
    public String shown() {
        return cast.map(t -> "CAST(" + field + " AS " + t.sql() + ")").getOrElse(field);
    }

    /**
     * The type of a number read from it: {@code DOUBLE} when cast to a floating type, {@code DECIMAL}
     * otherwise.
     *
     * @return the numeric type
     */
    public SqlType numberType() {
        return cast.contains(SqlType.DOUBLE) ? SqlType.DOUBLE : SqlType.DECIMAL;
    }

    /**
     * The type of its value as it is: text, or the type cast to.
     *
     * @return the type
     */
    public SqlType valueType() {
        return cast.getOrElse(SqlType.STRING);
    }
}
