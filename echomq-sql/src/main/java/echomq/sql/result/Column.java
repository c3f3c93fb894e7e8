package echomq.sql.result;

import java.util.Objects;

/**
 * A column of an answer: its name (the alias, or the expression as written) and its type.
 * <pre>{@code
 * new Column("window_start", SqlType.TIMESTAMP_LTZ);
 * }</pre>
 *
 * @param name the name
 * @param type the type
 */
public record Column(String name, SqlType type) {
    /**
     * Checks the parts.
     *
     * @param name not empty
     * @param type the type
     * @throws IllegalArgumentException for an empty name
     */
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a column has a name");
        }
    }
}
