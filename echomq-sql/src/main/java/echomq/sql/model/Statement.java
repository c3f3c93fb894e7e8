package echomq.sql.model;

import java.util.Objects;

/**
 * A statement of the subset: a query, or {@code INSERT INTO `key` SELECT …} (a rollup).
 */
public sealed interface Statement permits Statement.Select, Statement.Insert {

    /**
     * The query.
     *
     * @return the {@code SELECT}
     */
    Query query();

    /**
     * A query.
     *
     * @param query the {@code SELECT}
     */
    record Select(Query query) implements Statement {
        /** @param query the {@code SELECT} */
        public Select {
            Objects.requireNonNull(query, "query");
        }
    }

    /**
     * {@code INSERT INTO target SELECT …}: each closed window written once to the target stream.
     *
     * @param target the stream written
     * @param query  the {@code SELECT}
     * @param at     where the statement stands
     */
    record Insert(TableName target, Query query, Position at) implements Statement {
        /**
         * Checks the parts.
         *
         * @param target the stream written
         * @param query  the {@code SELECT}
         * @param at     the position
         */
        public Insert {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(query, "query");
            Objects.requireNonNull(at, "at");
        }
    }
}
