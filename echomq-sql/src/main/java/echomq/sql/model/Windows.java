package echomq.sql.model;

import echomq.domain.window.Buckets;
import echomq.domain.window.Sessions;
import echomq.domain.window.Window;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * A window table function as Flink spells it, {@code TABLE(TUMBLE(TABLE t, DESCRIPTOR(c), size [, offset]))},
 * {@code HOP(…, slide, size [, offset])}, {@code CUMULATE(…, step, size [, offset])},
 * {@code SESSION(TABLE t [PARTITION BY k], DESCRIPTOR(c), gap)}: the library's {@link Buckets} or
 * {@link Sessions}. Each kind answers for itself: which windows hold a row, how far the rows of the
 * windows a predicate keeps reach ({@link #rowsFrom}, {@link #rowsTo}), and the bounds of a bucket the
 * library cut ({@link Grid#bounds}).
 * <pre>{@code
 * Windows w = new Windows.Tumble(table, new TimeColumn.IdTime(at), Duration.ofMinutes(1), Duration.ZERO, at);
 * w.rowsFrom(Windows.Column.WINDOW_START, 90_000);   // 120000: the rows of windows starting at 90 s or later
 * }</pre>
 */
public sealed interface Windows permits Windows.Grid, Windows.Session {

    /** The columns a window table function adds to its rows. */
    enum Column {
        /** The window's first millisecond. */
        WINDOW_START("window_start"),
        /** The millisecond after its last (exclusive). */
        WINDOW_END("window_end"),
        /** Its last millisecond: {@code window_end - 1 ms}. */
        WINDOW_TIME("window_time");

        private final String sql;

        Column(String sql) {
            this.sql = sql;
        }

        /**
         * The column's name.
         *
         * @return e.g. {@code window_start}
         */
        public String sql() {
            return sql;
        }

        /**
         * The column of a window.
         *
         * @param w the window
         * @return its start, end or time, epoch ms
         */
        public long of(Bounds w) {
            return this == WINDOW_START ? w.start() : this == WINDOW_END ? w.end() : w.time();
        }

        /**
         * The column named {@code name}.
         *
         * @param name a column name
         * @return the window column, none for another name
         */
        public static Option<Column> named(String name) {
            return List.of(values()).find(c -> c.sql.equals(name));
        }
    }

    /**
     * The stream windowed.
     *
     * @return the table
     */
    TableName table();

    /**
     * The column in {@code DESCRIPTOR}.
     *
     * @return the time column
     */
    TimeColumn time();

    /**
     * Where the call stands.
     *
     * @return the position
     */
    Position at();

    /**
     * The function's name.
     *
     * @return {@code TUMBLE}, {@code HOP}, {@code CUMULATE} or {@code SESSION}
     */
    String function();

    /**
     * The earliest millisecond a row of a window whose {@code column} is at least {@code ms} can have
     * (for sessions: the earliest last entry).
     *
     * @param column the window column
     * @param ms     the least value of the column, epoch ms
     * @return the row bound, none when the predicate bounds no row
     */
    Option<Long> rowsFrom(Column column, long ms);

    /**
     * The latest millisecond a row of a window whose {@code column} is at most {@code ms} can have
     * (for sessions: the latest last entry).
     *
     * @param column the window column
     * @param ms     the greatest value of the column, epoch ms
     * @return the row bound, none when the predicate bounds no row
     */
    Option<Long> rowsTo(Column column, long ms);

    /**
     * This call as buckets or as sessions: the one place the reading chooses its fold.
     *
     * @param grid     what to do with buckets ({@code TUMBLE}, {@code HOP}, {@code CUMULATE})
     * @param sessions what to do with sessions
     * @param <R>      the outcome
     * @return the outcome
     */
    <R> R match(Function<Grid, R> grid, Function<Session, R> sessions);

    /** Windows on a grid of time: the library's {@link Buckets}, whose cut buckets map back to whole windows. */
    sealed interface Grid extends Windows permits Tumble, Hop, Cumulate {
        /**
         * The library's buckets of these windows.
         *
         * @return the buckets
         */
        Buckets buckets();

        /**
         * The whole window of bucket {@code index} of {@code count} that {@link Buckets#over} cut
         * {@code range} into (clipped to {@code clipped}).
         *
         * @param index   the bucket's place, from 0
         * @param count   how many buckets the range was cut into
         * @param clipped the bucket as cut
         * @param range   the range cut
         * @return the window's bounds as Flink gives them
         */
        Bounds bounds(int index, int count, Window.Closed clipped, Window.Closed range);

        /**
         * The windows after the last one a range was cut into that hold the same rows of the range: a
         * cumulating window past the range's end holds what the last one does, and Flink answers every
         * window of a row, however far past the data it ends.
         *
         * @param last the last window cut
         * @return the windows after it with its rows, in order; none for tumbling and hopping windows
         */
        default List<Bounds> after(Bounds last) {
            return List.empty();
        }
    }

    /**
     * {@code TUMBLE(TABLE t, DESCRIPTOR(c), size [, offset])}: windows {@code [offset + k·size, offset + (k+1)·size)}.
     *
     * @param table  the stream
     * @param time   the time column
     * @param size   the length of a window
     * @param offset where the windows start, from the epoch
     * @param at     where the call stands
     */
    record Tumble(TableName table, TimeColumn time, Duration size, Duration offset, Position at) implements Grid {
        /**
         * Checks the parts.
         *
         * @param table  the stream
         * @param time   the time column
         * @param size   positive, whole milliseconds
         * @param offset whole milliseconds
         * @param at     the position
         * @throws SqlRefusedException for a size that is not positive
         */
        public Tumble {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(offset, "offset");
            Objects.requireNonNull(at, "at");
            Grids.positive("TUMBLE size", size, at);
        }

        @Override
        public String function() {
            return "TUMBLE";
        }

        @Override
        public Buckets buckets() {
            return Buckets.tumbling(size).alignedTo(Grids.origin(offset, size));
        }

        @Override
        public Bounds bounds(int index, int count, Window.Closed clipped, Window.Closed range) {
            long s = Grids.floor(clipped.t0().toEpochMilli(), size.toMillis(), offset.toMillis());
            return new Bounds(s, s + size.toMillis());
        }

        @Override
        public Option<Long> rowsFrom(Column column, long ms) {
            return Grids.hopFrom(column, ms, size.toMillis(), size.toMillis(), offset.toMillis());
        }

        @Override
        public Option<Long> rowsTo(Column column, long ms) {
            return Grids.hopTo(column, ms, size.toMillis(), size.toMillis(), offset.toMillis());
        }

        @Override
        public <R> R match(Function<Grid, R> grid, Function<Session, R> sessions) {
            return grid.apply(this);
        }
    }

    /**
     * {@code HOP(TABLE t, DESCRIPTOR(c), slide, size [, offset])}: windows of {@code size} starting every {@code slide}.
     *
     * @param table  the stream
     * @param time   the time column
     * @param slide  how far apart two windows start
     * @param size   the length of a window, at least the slide
     * @param offset where the windows start, from the epoch
     * @param at     where the call stands
     */
    record Hop(TableName table, TimeColumn time, Duration slide, Duration size, Duration offset, Position at) implements Grid {
        /**
         * Checks the parts.
         *
         * @param table  the stream
         * @param time   the time column
         * @param slide  positive, at most the size
         * @param size   positive
         * @param offset whole milliseconds
         * @param at     the position
         * @throws SqlRefusedException for a slide or size that is not positive, or a slide above the size
         */
        public Hop {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(offset, "offset");
            Objects.requireNonNull(at, "at");
            Grids.positive("HOP slide", slide, at);
            Grids.positive("HOP size", size, at);
            if (slide.compareTo(size) > 0) {
                throw new SqlRefusedException("HOP slide " + Grids.shown(slide), at, "is longer than its size " + Grids.shown(size)
                        + ": windows would leave rows out; write HOP(TABLE t, DESCRIPTOR(_time), slide, size) with slide <= size");
            }
        }

        @Override
        public String function() {
            return "HOP";
        }

        @Override
        public Buckets buckets() {
            return Buckets.hopping(size, slide).alignedTo(Grids.origin(offset, slide));
        }

        @Override
        public Bounds bounds(int index, int count, Window.Closed clipped, Window.Closed range) {
            long last = Grids.floor(range.t1().toEpochMilli(), slide.toMillis(), offset.toMillis()); // the last bucket starts there
            long s = last - (long) (count - 1 - index) * slide.toMillis();
            return new Bounds(s, s + size.toMillis());
        }

        @Override
        public Option<Long> rowsFrom(Column column, long ms) {
            return Grids.hopFrom(column, ms, slide.toMillis(), size.toMillis(), offset.toMillis());
        }

        @Override
        public Option<Long> rowsTo(Column column, long ms) {
            return Grids.hopTo(column, ms, slide.toMillis(), size.toMillis(), offset.toMillis());
        }

        @Override
        public <R> R match(Function<Grid, R> grid, Function<Session, R> sessions) {
            return grid.apply(this);
        }
    }

    /**
     * {@code CUMULATE(TABLE t, DESCRIPTOR(c), step, size [, offset])}: each step's growing window of a window of {@code size}.
     *
     * @param table  the stream
     * @param time   the time column
     * @param step   how much each window grows
     * @param size   the largest window, a whole number of steps
     * @param offset where the largest windows start, from the epoch
     * @param at     where the call stands
     */
    record Cumulate(TableName table, TimeColumn time, Duration step, Duration size, Duration offset, Position at) implements Grid {
        /**
         * Checks the parts.
         *
         * @param table  the stream
         * @param time   the time column
         * @param step   positive
         * @param size   positive, a whole number of steps
         * @param offset whole milliseconds
         * @param at     the position
         * @throws SqlRefusedException for a step or size that is not positive, or a size that is not a whole number of steps
         */
        public Cumulate {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(offset, "offset");
            Objects.requireNonNull(at, "at");
            Grids.positive("CUMULATE step", step, at);
            Grids.positive("CUMULATE size", size, at);
            if (size.toMillis() % step.toMillis() != 0) {
                throw new SqlRefusedException("CUMULATE size " + Grids.shown(size), at, "is not a whole number of steps of "
                        + Grids.shown(step) + ": the largest window grows by whole steps");
            }
        }

        @Override
        public String function() {
            return "CUMULATE";
        }

        @Override
        public Buckets buckets() {
            return Buckets.cumulate(step, size).alignedTo(Grids.origin(offset, size));
        }

        @Override
        public Bounds bounds(int index, int count, Window.Closed clipped, Window.Closed range) {
            long z = size.toMillis();
            long a = step.toMillis();
            long o = offset.toMillis();
            long s = Grids.floor(clipped.t0().toEpochMilli(), z, o);
            long b = clipped.t1().toEpochMilli();
            // a window clipped at the range's end is the one whose last step holds it
            long end = b < range.t1().toEpochMilli() ? b + 1 : Grids.floor(b, a, o) + a;
            return new Bounds(s, end);
        }

        @Override
        public List<Bounds> after(Bounds last) {
            long a = step.toMillis();
            List<Bounds> out = List.empty();
            for (long end = last.end() + a; end <= last.start() + size.toMillis(); end += a) {
                out = out.append(new Bounds(last.start(), end));
            }
            return out;
        }

        @Override
        public Option<Long> rowsFrom(Column column, long ms) {
            long z = size.toMillis();
            long a = step.toMillis();
            long o = offset.toMillis();
            return switch (column) {
                case WINDOW_START -> Option.some(Grids.ceil(ms, z, o));
                // the first window ending at or after ms ends at ceil_a(ms) and starts at the max window holding its last step
                case WINDOW_END -> Option.some(Grids.floor(Grids.ceil(ms, a, o) - 1, z, o));
                default -> rowsFrom(Column.WINDOW_END, ms + 1);
            };
        }

        @Override
        public Option<Long> rowsTo(Column column, long ms) {
            long z = size.toMillis();
            long a = step.toMillis();
            long o = offset.toMillis();
            return switch (column) {
                case WINDOW_START -> Option.some(Grids.floor(ms, z, o) + z - 1);
                case WINDOW_END -> Option.some(Grids.floor(ms, a, o) - 1);
                default -> rowsTo(Column.WINDOW_END, ms + 1);
            };
        }

        @Override
        public <R> R match(Function<Grid, R> grid, Function<Session, R> sessions) {
            return grid.apply(this);
        }
    }

    /**
     * {@code SESSION(TABLE t [PARTITION BY k], DESCRIPTOR(c), gap)}: bursts of rows (per key) with less
     * than {@code gap} between two; {@code window_start} is a session's first row, {@code window_end} its
     * last row plus the gap.
     *
     * @param table     the stream
     * @param partition the key field, if any
     * @param time      the time column
     * @param gap       the least quiet between two sessions
     * @param at        where the call stands
     */
    record Session(TableName table, Option<String> partition, TimeColumn time, Duration gap, Position at) implements Windows {
        /**
         * Checks the parts.
         *
         * @param table     the stream
         * @param partition the key field, if any
         * @param time      the time column
         * @param gap       positive
         * @param at        the position
         * @throws SqlRefusedException for a gap that is not positive
         */
        public Session {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(partition, "partition");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(at, "at");
            Grids.positive("SESSION gap", gap, at);
        }

        @Override
        public String function() {
            return "SESSION";
        }

        /**
         * The library's sessions: per key when partitioned, as many per read as a series has buckets.
         *
         * @return the sessions
         */
        public Sessions sessions() {
            Sessions s = Sessions.of(gap).most(Sessions.MAX_SESSIONS);
            return partition.map(s::perKey).getOrElse(s);
        }

        /**
         * A session's window as Flink gives it.
         *
         * @param session from its first row to its last, both in
         * @return {@code [first, last + gap)}
         */
        public Bounds bounds(Window.Closed session) {
            return new Bounds(session.t0().toEpochMilli(), session.t1().toEpochMilli() + gap.toMillis());
        }

        @Override
        public Option<Long> rowsFrom(Column column, long ms) {
            return switch (column) {
                case WINDOW_START -> Option.some(ms);       // its first row, so its last too, is at ms or later
                case WINDOW_END -> Option.some(ms - gap.toMillis());
                default -> Option.some(ms + 1 - gap.toMillis());
            };
        }

        @Override
        public Option<Long> rowsTo(Column column, long ms) {
            // a session that ends by ms has its last row by ms - gap, but a read that stopped there would cut the
            // sessions that go on after it (and so change where they end): no upper bound on what is read
            return Option.none();
        }

        @Override
        public <R> R match(Function<Grid, R> grid, Function<Session, R> sessions) {
            return sessions.apply(this);
        }
    }

    /** The grid arithmetic the window kinds share. */
    final class Grids {
        private Grids() {
        }

        /** The grid point at or before {@code t}, on the grid of {@code step} through {@code origin}. */
        static long floor(long t, long step, long origin) {
            return t - Math.floorMod(t - origin, step);
        }

        /** The grid point at or after {@code t}. */
        static long ceil(long t, long step, long origin) {
            long f = floor(t, step, origin);
            return f == t ? t : f + step;
        }

        /** The library's origin of a grid: the offset folded into {@code [0, step)}, so it has a stream id. */
        static Instant origin(Duration offset, Duration step) {
            return Instant.ofEpochMilli(Math.floorMod(offset.toMillis(), step.toMillis()));
        }

        /** Rows of windows of {@code size} starting every {@code slide} whose column is at least {@code ms}. */
        static Option<Long> hopFrom(Column column, long ms, long slide, long size, long origin) {
            return switch (column) {
                case WINDOW_START -> Option.some(ceil(ms, slide, origin));
                case WINDOW_END -> Option.some(ceil(ms - size, slide, origin));
                default -> hopFrom(Column.WINDOW_END, ms + 1, slide, size, origin);
            };
        }

        /** Rows of those windows whose column is at most {@code ms}. */
        static Option<Long> hopTo(Column column, long ms, long slide, long size, long origin) {
            return switch (column) {
                case WINDOW_START -> Option.some(floor(ms, slide, origin) + size - 1);
                case WINDOW_END -> Option.some(floor(ms - size, slide, origin) + size - 1);
                default -> hopTo(Column.WINDOW_END, ms + 1, slide, size, origin);
            };
        }

        static void positive(String what, Duration d, Position at) {
            Objects.requireNonNull(d, what);
            if (d.isNegative() || d.isZero()) {
                throw new SqlRefusedException(what + " " + shown(d), at, "is not positive: write e.g. INTERVAL '1' MINUTE");
            }
            if (d.getNano() % 1_000_000 != 0) {
                throw new SqlRefusedException(what + " " + shown(d), at, "is not a whole number of milliseconds");
            }
        }

        static String shown(Duration d) {
            return "INTERVAL '" + java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString() + "' SECOND";
        }
    }
}
