package echomq.sql.model;

import echomq.domain.stream.StreamKey;

import java.util.Objects;

/**
 * A stream named as a table: its key as written ({@code orders}, {@code `shop:{eu}:orders`}), read
 * as any key another service writes ({@link StreamKey#existing}).
 *
 * @param name the key as written
 * @param key  the stream
 * @param at   where it stands
 */
public record TableName(String name, StreamKey key, Position at) {

    /**
     * Checks the parts.
     *
     * @param name the key as written
     * @param key  the stream
     * @param at   the position
     */
    public TableName {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(at, "at");
    }

    /**
     * The stream a name names.
     *
     * @param name the key as written
     * @param at   where it stands
     * @return the table
     * @throws SqlRefusedException naming the key when it is no valid key
     */
    public static TableName of(String name, Position at) {
        try {
            return new TableName(name, StreamKey.existing(name), at);
        } catch (IllegalArgumentException bad) {
            throw new SqlRefusedException("table `" + (name.length() > 40 ? name.substring(0, 40) + "…" : name) + "`", at,
                    "is no stream key: " + bad.getMessage());
        }
    }
}
