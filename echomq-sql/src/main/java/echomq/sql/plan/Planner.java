package echomq.sql.plan;

import echomq.domain.id.StreamId;
import echomq.sketches.Aggregates;
import echomq.sql.fold.AggregateFolds;
import echomq.sql.fold.Measures;
import echomq.sql.model.Aggregation;
import echomq.sql.model.Condition;
import echomq.sql.model.Operand;
import echomq.sql.model.OrderKey;
import echomq.sql.model.Position;
import echomq.sql.model.Query;
import echomq.sql.model.SelectItem;
import echomq.sql.model.Source;
import echomq.sql.model.SqlRefusedException;
import echomq.sql.model.Statement;
import echomq.sql.model.TableName;
import echomq.sql.model.TimeColumn;
import echomq.sql.model.Windows;
import echomq.sql.result.Column;
import echomq.sql.result.SqlType;
import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Checks what a statement means and plans how it is answered, before anything is read (pure: Redis'
 * clock enters only when the plan is run, through the {@link RowBound}s). What it refuses, it refuses
 * with the construct, its position and what is supported: columns that are neither grouped nor
 * aggregated, a window aggregate without {@code window_start} and {@code window_end} in its
 * {@code GROUP BY}, an aggregate without a window over an unbounded stream, a predicate that mixes a
 * window's columns with a row's, a subquery other than the window top-N pattern, event time before
 * {@code _time} or {@code _id} in a query whose windows are by event time.
 * <pre>{@code
 * Planned p = new Planner().plan(new SqlText(ZoneOffset.UTC, Option.none()).parse(sql));
 * }</pre>
 */
public final class Planner {

    /** A plan of statements. */
    public Planner() {
    }

    /**
     * The plan of {@code statement}.
     *
     * @param statement the statement, as parsed
     * @return its plan
     * @throws SqlRefusedException naming what the subset does not answer
     */
    public Planned plan(Statement statement) {
        if (statement instanceof Statement.Insert insert) {
            return insert(insert);
        }
        return select(statement.query());
    }

    // ---- SELECT -----------------------------------------------------------------------------------

    private Plan select(Query q) {
        if (q.from() instanceof Source.Subquery sub) {
            return topN(q, sub);
        }
        return plain(q);
    }

    /** A query over a stream or a window table function. */
    private Plan plain(Query q) {
        Option<Windows> windows = windowsOf(q.from());
        TableName table = windows.map(Windows::table).getOrElse(() -> ((Source.Table) q.from()).table());
        Filters f = filters(q, windows);
        if (q.aggregates()) {
            return aggregate(q, table, windows, f);
        }
        if (windows.isDefined()) {
            throw SqlRefusedException.unsupported(windows.get().function() + " without GROUP BY", windows.get().at(),
                    "is not supported: a window table function's rows are aggregated, GROUP BY window_start, window_end");
        }
        return rows(q, table, f);
    }

    private static Option<Windows> windowsOf(Source s) {
        return s instanceof Source.Windowed w ? Option.some(w.windows()) : Option.none();
    }

    /**
     * The event time a query uses: its windows' ({@code DESCRIPTOR(ts)}), else the one a predicate names.
     * A read by event time hands entries out at their event time, so {@code _time} and {@code _id} mean
     * nothing there: windows by event time, and an aggregate without windows that bounds {@code ts}.
     */
    private static Option<echomq.domain.eventtime.EventTime> eventTime(Option<Windows> windows, Option<Condition> where, boolean aggregate) {
        List<Operand> operands = where.map(Condition::operands).getOrElse(List.empty()).map(o -> o instanceof Operand.Cast c ? c.of() : o);
        Option<echomq.domain.eventtime.EventTime> used = windows.flatMap(w -> w.time().eventTime())
                .orElse(() -> operands.find(o -> o instanceof Operand.EventTimeColumn).map(o -> ((Operand.EventTimeColumn) o).declared()));
        boolean throughView = used.isDefined() && (windows.isEmpty() ? aggregate : windows.get().time().eventTime().isDefined());
        if (throughView) {
            String ts = used.get().field();
            operands.find(o -> o instanceof Operand.EntryTime || o instanceof Operand.EntryId).forEach(o -> {
                throw SqlRefusedException.unsupported(o.shown(), o.at(), "is not supported in " + (windows.isDefined() ? "a query windowed by DESCRIPTOR("
                        + ts + ")" : "an aggregate that names " + ts) + ", which reads each entry at its event time: bound the rows by " + ts + " instead");
            });
        }
        return used;
    }

    /** The WHERE split into row and window predicates, with the range bounds they imply. */
    private record Filters(Option<Condition> rows, Option<Condition> windows, List<RowBound> lower, List<RowBound> upper) {
    }

    private static Filters filters(Query q, Option<Windows> windows) {
        List<Condition> rows = List.empty();
        List<Condition> onWindows = List.empty();
        List<RowBound> lower = List.empty();
        List<RowBound> upper = List.empty();
        for (Condition c : q.where().map(Condition::conjuncts).getOrElse(List.empty())) {
            c.check();
            if (c.onWindow() && c.onRow()) {
                throw SqlRefusedException.unsupported("a predicate on a window and a row", c.at(), "is not supported: keep predicates on "
                        + "window_start, window_end, window_time apart from those on a row's columns (joined by AND at the top)");
            }
            if (c.onWindow()) {
                if (windows.isEmpty()) {
                    Operand w = c.operands().find(Operand::onWindow).get();
                    throw SqlRefusedException.unsupported(w.shown(), w.at(), "is a window's column, and the query has no window table function");
                }
                onWindows = onWindows.append(c);
                Tuple2<List<RowBound>, List<RowBound>> b = windowBounds(c, windows.get());
                lower = lower.appendAll(b._1);
                upper = upper.appendAll(b._2);
            } else {
                rows = rows.append(c);
                Tuple2<List<RowBound>, List<RowBound>> b = rowBounds(c);
                lower = lower.appendAll(b._1);
                upper = upper.appendAll(b._2);
            }
        }
        return new Filters(and(rows), and(onWindows), lower, upper);
    }

    private static Option<Condition> and(List<Condition> cs) {
        return cs.isEmpty() ? Option.none() : Option.some(cs.tail().foldLeft(cs.head(), (a, b) -> new Condition.And(a, b, a.at())));
    }

    /** The bounds a row predicate puts on the rows' milliseconds: {@code _time op instant}, {@code _id op 'id'}. */
    private static Tuple2<List<RowBound>, List<RowBound>> rowBounds(Condition c) {
        if (!(c instanceof Condition.Compare cmp)) {
            return Tuple.of(List.empty(), List.empty());
        }
        Condition.Op op = cmp.op();
        Operand column = cmp.left();
        Operand constant = cmp.right();
        if (constant.onRow()) {
            column = cmp.right();
            constant = cmp.left();
            op = op.mirrored();
        }
        if (column instanceof Operand.EntryTime && constant instanceof Operand.Time t) {
            return bounds(op, cmp, false, now -> t.time().at(now).toEpochMilli());
        }
        if (column instanceof Operand.EventTimeColumn && constant instanceof Operand.Time t) {
            return bounds(op, cmp, true, now -> t.time().at(now).toEpochMilli());
        }
        if (column instanceof Operand.EntryId && constant instanceof Operand.Text text && text.asId().isDefined()) {
            StreamId id = text.asId().get();
            // _id > 'ms-seq' may still hold ms; _id < 'ms-0' holds ms - 1 at most
            long upperMs = op == Condition.Op.LT && id.seq() == 0 ? id.ms() - 1 : id.ms();
            Condition.Op o = op == Condition.Op.GT ? Condition.Op.GE : op == Condition.Op.LT ? Condition.Op.LE : op;
            long ms = o == Condition.Op.LE ? upperMs : id.ms();
            return bounds(o, cmp, false, now -> ms);
        }
        return Tuple.of(List.empty(), List.empty());
    }

    private static Tuple2<List<RowBound>, List<RowBound>> bounds(Condition.Op op, Condition c, boolean onEventTime,
                                                                 java.util.function.Function<Instant, Long> ms) {
        String shown = c.operands().map(Operand::shown).mkString(" " + op.sql() + " ");
        RowBound atLeast = new RowBound(shown, onEventTime, now -> Option.some(ms.apply(now) + (op == Condition.Op.GT ? 1 : 0)));
        RowBound atMost = new RowBound(shown, onEventTime, now -> Option.some(ms.apply(now) - (op == Condition.Op.LT ? 1 : 0)));
        return switch (op) {
            case GT, GE -> Tuple.of(List.of(atLeast), List.empty());
            case LT, LE -> Tuple.of(List.empty(), List.of(atMost));
            case EQ -> Tuple.of(List.of(atLeast), List.of(atMost));
            default -> Tuple.of(List.empty(), List.empty());
        };
    }

    /** The bounds a window predicate puts on the rows of the windows it keeps: {@code window_start >= instant}, … */
    private static Tuple2<List<RowBound>, List<RowBound>> windowBounds(Condition c, Windows w) {
        if (!(c instanceof Condition.Compare cmp)) {
            return Tuple.of(List.empty(), List.empty());
        }
        Condition.Op op = cmp.op();
        Operand column = cmp.left();
        Operand constant = cmp.right();
        if (constant.onWindow()) {
            column = cmp.right();
            constant = cmp.left();
            op = op.mirrored();
        }
        if (!(column instanceof Operand.WindowColumn wc) || !(constant instanceof Operand.Time t)) {
            return Tuple.of(List.empty(), List.empty());
        }
        String shown = column.shown() + " " + op.sql() + " " + constant.shown();
        Windows.Column col = wc.column();
        Condition.Op o = op;
        boolean byEvent = w.time().eventTime().isDefined(); // a window's bounds are in its rows' time
        RowBound from = new RowBound(shown, byEvent, now -> w.rowsFrom(col, t.time().at(now).toEpochMilli() + (o == Condition.Op.GT ? 1 : 0)));
        RowBound to = new RowBound(shown, byEvent, now -> w.rowsTo(col, t.time().at(now).toEpochMilli() - (o == Condition.Op.LT ? 1 : 0)));
        return switch (op) {
            case GT, GE -> Tuple.of(List.of(from), List.empty());
            case LT, LE -> Tuple.of(List.empty(), List.of(to));
            case EQ -> Tuple.of(List.of(from), List.of(to));
            default -> Tuple.of(List.empty(), List.empty());
        };
    }

    /** An aggregate: by windows, or over the whole (bounded) range. */
    private Plan aggregate(Query q, TableName table, Option<Windows> windows, Filters f) {
        List<String> keys = List.empty();
        List<Windows.Column> grouped = List.empty();
        for (Operand g : q.groupBy()) {
            if (g instanceof Operand.WindowColumn wc) {
                if (windows.isEmpty()) {
                    throw SqlRefusedException.unsupported("GROUP BY " + wc.shown(), wc.at(), "is a window's column, and the query has no window "
                            + "table function: FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(_time), INTERVAL '1' MINUTE))");
                }
                grouped = grouped.append(wc.column());
            } else if (g instanceof Operand.Field field) {
                if (!keys.contains(field.name())) {
                    keys = keys.append(field.name());
                }
            } else {
                throw SqlRefusedException.unsupported("GROUP BY " + g.shown(), g.at(), "is not supported: GROUP BY lists window_start, window_end and fields");
            }
        }
        if (windows.isDefined() && !(grouped.contains(Windows.Column.WINDOW_START) && grouped.contains(Windows.Column.WINDOW_END))) {
            throw SqlRefusedException.unsupported(q.groupBy().isEmpty() ? "an aggregate of " + windows.get().function() + " without GROUP BY"
                    : "GROUP BY " + q.groupBy().map(Operand::shown).mkString(", "), q.groupBy().headOption().map(Operand::at).getOrElse(q.at()),
                    "is not supported: a window aggregate groups by its windows, GROUP BY window_start, window_end[, fields]");
        }
        if (windows.isEmpty() && f.lower().isEmpty()) {
            throw SqlRefusedException.unsupported(q.groupBy().isEmpty() ? "an aggregate without a window" : "a non-window GROUP BY", q.at(),
                    "over an unbounded stream is not supported: bound it, WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR, "
                            + "or aggregate by windows, FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
        }
        List<Aggregation> aggregations = q.select().filter(i -> i instanceof SelectItem.Aggregate).map(i -> ((SelectItem.Aggregate) i).aggregation());
        Measures measures = AggregateFolds.translate(aggregations);
        List<ColumnSource> cells = List.empty();
        List<Column> columns = List.empty();
        int agg = 0;
        for (SelectItem item : q.select()) {
            ColumnSource cell;
            if (item instanceof SelectItem.Aggregate) {
                cell = new ColumnSource.Aggregate(agg, measures.types().get(agg));
                agg++;
            } else if (item instanceof SelectItem.ColumnItem c) {
                cell = groupColumn(c.column(), keys, windows, grouped);
            } else if (item instanceof SelectItem.Star s) {
                throw SqlRefusedException.unsupported("SELECT *", s.at(), "is not supported in an aggregate: select the grouped columns and aggregates");
            } else {
                throw rankOutside(item.at());
            }
            cells = cells.append(cell);
            columns = columns.append(new Column(item.name(), cell.type()));
        }
        List<Sort> order = order(q.orderBy(), columns);
        Shape shape = windows.<Shape>map(Shape.Windowed::new).getOrElse(new Shape.Whole());
        return new Plan(table, shape, f.rows(), f.windows(), f.lower(), f.upper(), keys, measures, columns, cells, Option.none(), order, q.limit(),
                eventTime(windows, q.where(), true));
    }

    private static SqlRefusedException rankOutside(Position at) {
        return SqlRefusedException.unsupported("ROW_NUMBER() OVER", at, "is supported only in the window top-N pattern: SELECT * FROM (SELECT *, "
                + "ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY n DESC) AS rownum FROM (aggregate)) WHERE rownum <= N");
    }

    private static ColumnSource groupColumn(Operand c, List<String> keys, Option<Windows> windows, List<Windows.Column> grouped) {
        if (c instanceof Operand.WindowColumn wc) {
            if (windows.isEmpty()) {
                throw SqlRefusedException.unsupported(wc.shown(), wc.at(), "is a window's column, and the query has no window table function");
            }
            if (!grouped.contains(wc.column())) {
                throw SqlRefusedException.unsupported(wc.shown(), wc.at(), "is neither in GROUP BY nor aggregated: GROUP BY window_start, "
                        + "window_end, " + wc.shown() + " (as Flink asks)");
            }
            return new ColumnSource.WindowBound(wc.column());
        }
        Operand inner = c instanceof Operand.Cast cast ? cast.of() : c;
        if (inner instanceof Operand.Field field && keys.contains(field.name())) {
            return new ColumnSource.Key(keys.indexOf(field.name()), c instanceof Operand.Cast cast ? cast.to() : SqlType.STRING);
        }
        throw SqlRefusedException.unsupported(c.shown(), c.at(), "is neither in GROUP BY nor aggregated: select it in GROUP BY, or aggregate it "
                + "(FIRST_VALUE(f), MAX(f), …)");
    }

    /** A query without aggregates: the rows themselves. */
    private Plan rows(Query q, TableName table, Filters f) {
        if (f.lower().isEmpty() && q.limit().isEmpty()) {
            throw SqlRefusedException.unsupported("rows of the whole stream", q.at(), "are not answered: bound them, WHERE _time > CURRENT_TIMESTAMP "
                    + "- INTERVAL '5' MINUTE, or give LIMIT n");
        }
        boolean star = q.select().exists(i -> i instanceof SelectItem.Star);
        if (star && q.select().size() > 1) {
            throw SqlRefusedException.unsupported("* beside other columns", q.select().get(1).at(), "is not supported: write SELECT * or name the columns");
        }
        List<ColumnSource> cells = List.empty();
        List<Column> columns = List.empty();
        if (!star) {
            for (SelectItem item : q.select()) {
                if (!(item instanceof SelectItem.ColumnItem c)) {
                    throw rankOutside(item.at());
                }
                ColumnSource cell = new ColumnSource.RowColumn(c.column(), rowType(c.column()));
                cells = cells.append(cell);
                columns = columns.append(new Column(item.name(), cell.type()));
            }
        } else if (!q.orderBy().isEmpty()) {
            throw SqlRefusedException.unsupported("ORDER BY with SELECT *", q.orderBy().head().at(), "is not supported: name the columns to order by them");
        }
        List<Sort> order = order(q.orderBy(), columns);
        return new Plan(table, new Shape.Rows(star), f.rows(), Option.none(), f.lower(), f.upper(), List.empty(),
                AggregateFolds.translate(List.empty()), columns, cells, Option.none(), order, q.limit(), eventTime(Option.none(), q.where(), false));
    }

    private static SqlType rowType(Operand o) {
        if (o instanceof Operand.Cast c) {
            if (c.of() instanceof Operand.Cast || !(c.of().onRow())) {
                throw SqlRefusedException.unsupported(o.shown(), o.at(), "is not supported: cast a field once");
            }
            return c.to();
        }
        if (o instanceof Operand.EntryTime || o instanceof Operand.EventTimeColumn) {
            return SqlType.TIMESTAMP_LTZ;
        }
        if (o instanceof Operand.Field || o instanceof Operand.EntryId) {
            return SqlType.STRING;
        }
        throw SqlRefusedException.unsupported(o.shown(), o.at(), "is not a column of a row: select fields, _id and _time");
    }

    private static List<Sort> order(List<OrderKey> keys, List<Column> columns) {
        return keys.map(k -> new Sort(place(k, columns), k.descending(), k.nullFirst()));
    }

    private static int place(OrderKey k, List<Column> columns) {
        if (k.ordinal() > 0) {
            if (k.ordinal() > columns.size()) {
                throw SqlRefusedException.unsupported("ORDER BY " + k.ordinal(), k.at(), "names no column: the answer has " + columns.size());
            }
            return k.ordinal() - 1;
        }
        int i = columns.indexWhere(c -> c.name().equals(k.name()));
        if (i < 0) {
            throw SqlRefusedException.unsupported("ORDER BY " + k.name(), k.at(), "names no column of the answer (" + columns.map(Column::name).mkString(", ")
                    + "): order by a selected column, its alias or its place");
        }
        return i;
    }

    // ---- window top-N -----------------------------------------------------------------------------

    /** {@code SELECT … FROM (SELECT …, ROW_NUMBER() OVER (…) AS rn FROM (aggregate)) WHERE rn <= N}. */
    private Plan topN(Query outer, Source.Subquery sub) {
        Query mid = sub.query();
        if (!(mid.from() instanceof Source.Subquery innerSub)) {
            throw SqlRefusedException.unsupported("a subquery", sub.at(), "is supported only in the window top-N pattern, SELECT * FROM (SELECT *, "
                    + "ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY n DESC) AS rownum FROM (window aggregate)) WHERE rownum <= N");
        }
        List<SelectItem.Rank> ranks = mid.select().filter(i -> i instanceof SelectItem.Rank).map(i -> (SelectItem.Rank) i);
        if (ranks.size() != 1) {
            throw SqlRefusedException.unsupported("a subquery with " + ranks.size() + " ROW_NUMBER()", mid.at(), "is not supported: the window top-N "
                    + "pattern ranks with one ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY …)");
        }
        SelectItem.Rank rank = ranks.head();
        if (mid.where().isDefined() || !mid.groupBy().isEmpty() || !mid.orderBy().isEmpty() || mid.limit().isDefined()) {
            throw SqlRefusedException.unsupported("WHERE, GROUP BY, ORDER BY or LIMIT beside ROW_NUMBER()", mid.at(), "is not supported: the ranking "
                    + "subquery selects the aggregate's columns and the rank; filter the rank outside it");
        }
        if (rank.alias().isEmpty()) {
            throw SqlRefusedException.unsupported("ROW_NUMBER() OVER (…) without a name", rank.at(), "is not supported: name it, AS rownum, to keep rownum <= N");
        }
        Query innerQuery = innerSub.query();
        if (innerQuery.from() instanceof Source.Subquery deeper) {
            throw SqlRefusedException.unsupported("a subquery", deeper.at(), "is supported only as the window aggregate of the top-N pattern");
        }
        if (!innerQuery.orderBy().isEmpty() || innerQuery.limit().isDefined()) {
            throw SqlRefusedException.unsupported("ORDER BY or LIMIT in the ranked aggregate", innerQuery.at(), "is not supported: the rank orders it");
        }
        Plan inner = plain(innerQuery);
        if (!(inner.shape() instanceof Shape.Windowed)) {
            throw SqlRefusedException.unsupported("a top-N of " + (inner.shape() instanceof Shape.Whole ? "an aggregate without windows" : "rows"),
                    innerQuery.at(), "is not supported: window top-N ranks the groups of each window of a window aggregate");
        }
        List<Column> innerColumns = inner.columns();
        // the ranking subquery's columns: the aggregate's (by name), and the rank
        List<Tuple2<String, Integer>> midColumns = List.empty();
        for (SelectItem item : mid.select()) {
            if (item instanceof SelectItem.Star) {
                midColumns = midColumns.appendAll(innerColumns.zipWithIndex().map(c -> Tuple.of(c._1.name(), c._2)));
            } else if (item instanceof SelectItem.Rank) {
                midColumns = midColumns.append(Tuple.of(rank.alias().get(), TopN.RANK));
            } else if (item instanceof SelectItem.ColumnItem c) {
                midColumns = midColumns.append(Tuple.of(item.name(), innerPlace(c.column().shown(), c.at(), innerColumns)));
            } else {
                throw SqlRefusedException.unsupported(item.name(), item.at(), "is not supported in the ranking subquery: select the aggregate's columns by name");
            }
        }
        List<Integer> partition = rank.partition().map(p -> innerPlace(p.shown(), p.at(), innerColumns));
        boolean byWindow = partition.exists(i -> inner.cells().get(i).equals(new ColumnSource.WindowBound(Windows.Column.WINDOW_START)))
                && partition.exists(i -> inner.cells().get(i).equals(new ColumnSource.WindowBound(Windows.Column.WINDOW_END)));
        if (!byWindow) {
            throw SqlRefusedException.unsupported("PARTITION BY " + rank.partition().map(Operand::shown).mkString(", "), rank.at(),
                    "is not supported: a window top-N partitions by its windows, PARTITION BY window_start, window_end[, columns]");
        }
        if (rank.order().isEmpty()) {
            throw SqlRefusedException.unsupported("ROW_NUMBER() OVER without ORDER BY", rank.at(), "ranks nothing: write ORDER BY n DESC");
        }
        List<Sort> rankOrder = rank.order().map(k -> {
            if (k.ordinal() > 0) {
                throw SqlRefusedException.unsupported("ORDER BY " + k.ordinal() + " in OVER", k.at(), "is not supported: order by a column's name");
            }
            return new Sort(innerPlace(k.name(), k.at(), innerColumns), k.descending(), k.nullFirst());
        });
        int n = rankLimit(outer, rank.alias().get());
        if (!outer.groupBy().isEmpty()) {
            throw SqlRefusedException.unsupported("GROUP BY over a top-N", outer.groupBy().head().at(), "is not supported");
        }
        List<Integer> projection = List.empty();
        List<Column> columns = List.empty();
        for (SelectItem item : outer.select()) {
            if (item instanceof SelectItem.Star) {
                for (Tuple2<String, Integer> c : midColumns) {
                    projection = projection.append(c._2);
                    columns = columns.append(new Column(c._1, c._2 == TopN.RANK ? SqlType.BIGINT : innerColumns.get(c._2).type()));
                }
            } else if (item instanceof SelectItem.ColumnItem c) {
                String name = c.column().shown();
                Option<Tuple2<String, Integer>> found = midColumns.find(m -> m._1.equals(name));
                if (found.isEmpty()) {
                    throw SqlRefusedException.unsupported(name, c.at(), "names no column of the ranking subquery (" + midColumns.map(m -> m._1).mkString(", ") + ")");
                }
                projection = projection.append(found.get()._2);
                columns = columns.append(new Column(item.name(), found.get()._2 == TopN.RANK ? SqlType.BIGINT : innerColumns.get(found.get()._2).type()));
            } else {
                throw SqlRefusedException.unsupported(item.name(), item.at(), "is not supported outside the ranking subquery: select its columns by name");
            }
        }
        TopN top = new TopN(n, partition, rankOrder, projection, columns);
        List<Sort> order = order(outer.orderBy(), columns);
        return new Plan(inner.table(), inner.shape(), inner.rowFilter(), inner.windowFilter(), inner.lower(), inner.upper(), inner.keys(),
                inner.measures(), inner.columns(), inner.cells(), Option.some(top), order, outer.limit(), inner.eventTime());
    }

    private static int innerPlace(String name, Position at, List<Column> columns) {
        int i = columns.indexWhere(c -> c.name().equals(name));
        if (i < 0) {
            throw SqlRefusedException.unsupported(name, at, "names no column of the aggregate (" + columns.map(Column::name).mkString(", ") + ")");
        }
        return i;
    }

    /** N of {@code WHERE rownum <= N} ({@code < N}, {@code = 1}): the only predicate over a top-N. */
    private static int rankLimit(Query outer, String rankName) {
        if (outer.where().isEmpty()) {
            throw SqlRefusedException.unsupported("a ranking without WHERE " + rankName + " <= N", outer.at(), "is not supported: keep the first N, "
                    + "WHERE " + rankName + " <= N");
        }
        List<Condition> cs = outer.where().get().conjuncts();
        Condition c = cs.head();
        if (cs.size() == 1 && c instanceof Condition.Compare cmp) {
            boolean leftRank = cmp.left() instanceof Operand.Field f && f.name().equals(rankName);
            Operand number = leftRank ? cmp.right() : cmp.left();
            Condition.Op op = leftRank ? cmp.op() : cmp.op().mirrored();
            boolean rankAside = leftRank || cmp.right() instanceof Operand.Field f2 && f2.name().equals(rankName);
            if (rankAside && number instanceof Operand.Number n && n.number().signum() > 0 && n.number().stripTrailingZeros().scale() <= 0
                    && n.number().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0) {
                int v = n.number().intValueExact();
                if (op == Condition.Op.LE) {
                    return v;
                }
                if (op == Condition.Op.LT && v > 1) {
                    return v - 1;
                }
                if (op == Condition.Op.EQ && v == 1) {
                    return 1;
                }
            }
        }
        String shown = c instanceof Condition.Compare cmp ? cmp.left().shown() + " " + cmp.op().sql() + " " + cmp.right().shown()
                : c.operands().map(Operand::shown).mkString(" … ");
        throw SqlRefusedException.unsupported("WHERE " + shown, c.at(), "is not supported over a ranking: "
                + "keep the first N, WHERE " + rankName + " <= N (N a whole number from 1)");
    }

    // ---- INSERT INTO ------------------------------------------------------------------------------

    private InsertPlan insert(Statement.Insert s) {
        Query q = s.query();
        if (!(q.from() instanceof Source.Windowed w) || !(w.windows() instanceof Windows.Tumble tumble)) {
            throw SqlRefusedException.unsupported("INSERT INTO … SELECT from " + (q.from() instanceof Source.Windowed ww ? ww.windows().function()
                    : q.from() instanceof Source.Subquery ? "a subquery" : "a stream without windows"), q.from().at(),
                    "is not supported: a rollup writes each closed TUMBLE window, INSERT INTO `key` SELECT window_start, window_end, COUNT(*), … "
                            + "FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
        }
        if (s.target().key().equals(tumble.table().key())) {
            throw SqlRefusedException.unsupported("INSERT INTO " + s.target().name(), s.target().at(), "writes the stream it reads: roll up into another key");
        }
        if (!q.orderBy().isEmpty() || q.limit().isDefined()) {
            throw SqlRefusedException.unsupported("ORDER BY or LIMIT in INSERT INTO", q.at(), "is not supported: a rollup writes every window, in order");
        }
        Plan p = plain(q);
        if (!p.keys().isEmpty()) {
            throw SqlRefusedException.unsupported("GROUP BY " + p.keys().mkString(", "), q.groupBy().find(o -> o instanceof Operand.Field).get().at(),
                    "is not supported in INSERT INTO: a rollup writes one entry per window; roll up a key's entries with WHERE key = '…'");
        }
        if (!p.lower().isEmpty() || !p.upper().isEmpty() || p.windowFilter().isDefined()) {
            throw SqlRefusedException.unsupported("a time predicate in INSERT INTO", q.where().get().at(), "is not supported: a rollup writes every "
                    + "closed window of the stream, from its start and on as it grows");
        }
        for (SelectItem item : q.select()) {
            if (item instanceof SelectItem.Aggregate a && a.alias().isDefined()) {
                throw SqlRefusedException.unsupported("AS " + a.alias().get(), item.at(), "is not supported in INSERT INTO: a rollup entry's fields are "
                        + "named by its folds (count, sum_amount, …)");
            }
        }
        if (p.eventTime().isDefined() && !p.readsByEventTime()) {
            Operand ts = q.where().get().operands().map(o -> o instanceof Operand.Cast c ? c.of() : o).find(o -> o instanceof Operand.EventTimeColumn).get();
            throw SqlRefusedException.unsupported(ts.shown(), ts.at(), "is not supported in INSERT INTO by DESCRIPTOR(_time): roll up by the "
                    + "event time, DESCRIPTOR(" + ts.shown() + ")");
        }
        Aggregates folds = p.measures().rollup().getOrElseThrow(() -> SqlRefusedException.unsupported("INSERT INTO … SELECT " + p.measures()
                .aggregations().map(Aggregation::shown).mkString(", "), q.at(), "is not supported: " + p.measures().notRollup().get()));
        return new InsertPlan(tumble.table(), s.target(), tumble, p.rowFilter(), folds);
    }
}
