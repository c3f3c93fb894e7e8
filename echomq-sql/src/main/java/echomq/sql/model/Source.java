package echomq.sql.model;

import java.util.Objects;

/**
 * What a query selects from: a stream, a window table function over one, or a subquery (the window
 * top-N pattern only: the plan refuses any other).
 */
public sealed interface Source permits Source.Table, Source.Windowed, Source.Subquery {

    /**
     * Where it stands.
     *
     * @return the position
     */
    Position at();

    /**
     * A stream, as a table.
     *
     * @param table the stream
     */
    record Table(TableName table) implements Source {
        /** @param table the stream */
        public Table {
            Objects.requireNonNull(table, "table");
        }

        @Override
        public Position at() {
            return table.at();
        }
    }

    /**
     * {@code TABLE(TUMBLE|HOP|CUMULATE|SESSION(…))}.
     *
     * @param windows the call
     */
    record Windowed(Windows windows) implements Source {
        /** @param windows the call */
        public Windowed {
            Objects.requireNonNull(windows, "windows");
        }

        @Override
        public Position at() {
            return windows.at();
        }
    }

    /**
     * {@code (SELECT …)}.
     *
     * @param query the subquery
     * @param at    where it stands
     */
    record Subquery(Query query, Position at) implements Source {
        /**
         * Checks the parts.
         *
         * @param query the subquery
         * @param at    the position
         */
        public Subquery {
            Objects.requireNonNull(query, "query");
            Objects.requireNonNull(at, "at");
        }
    }
}
