package echomq.sql.parse;

import echomq.sql.model.Aggregation;
import echomq.sql.model.Arg;
import echomq.sql.model.Condition;
import echomq.sql.model.EventTimeField;
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
import echomq.sql.model.TimeConstant;
import echomq.sql.model.Windows;
import echomq.sql.result.SqlType;
import io.vavr.collection.List;
import io.vavr.control.Option;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads a query's text into the {@linkplain echomq.sql.model model}: Apache Calcite's parser (the one
 * Flink extends), configured as Flink's (identifiers quoted with backquotes, kept as written), then
 * each node of its tree translated or refused, naming the construct and where it stands. Nothing else
 * in this module sees Calcite. Only the form is checked here; what the query means is the plan's.
 * <pre>{@code
 * Statement s = new SqlText(ZoneOffset.UTC, Option.none()).parse(
 *         "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) "
 *       + "GROUP BY window_start, window_end");
 * }</pre>
 */
public final class SqlText {

    /** The longest query read: longer text is refused before the parser sees it. */
    public static final int MAX_LENGTH = 100_000;

    private static final SqlParser.Config FLINK_LIKE = SqlParser.config()
            .withQuoting(Quoting.BACK_TICK)
            .withQuotedCasing(Casing.UNCHANGED)
            .withUnquotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true);

    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd[ HH:mm[:ss]]")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0).parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
            .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
            .toFormatter(Locale.ROOT);

    private final ZoneId zone;
    private final Option<EventTimeField> eventTime;

    /**
     * A reader of queries.
     *
     * @param zone      the zone of {@code TIMESTAMP '…'} and {@code DATE '…'} literals (Flink's session time zone)
     * @param eventTime the field declared as the stream's event time, if any
     */
    public SqlText(ZoneId zone, Option<EventTimeField> eventTime) {
        this.zone = Objects.requireNonNull(zone, "zone");
        this.eventTime = Objects.requireNonNull(eventTime, "eventTime");
    }

    /**
     * The statement {@code sql} writes.
     *
     * @param sql the query's text
     * @return the statement, checked for form
     * @throws SqlRefusedException for malformed text or a construct outside the subset, naming it and where it stands
     */
    public Statement parse(String sql) {
        Objects.requireNonNull(sql, "sql");
        if (sql.length() > MAX_LENGTH) {
            throw new SqlRefusedException("the query", Position.NONE, "is " + sql.length() + " characters long, at most " + MAX_LENGTH + " are read");
        }
        if (sql.isBlank()) {
            throw new SqlRefusedException("the query", Position.NONE, "is empty: write SELECT … FROM a stream");
        }
        SqlNode node;
        try {
            node = SqlParser.create(sql, FLINK_LIKE).parseStmt();
        } catch (SqlParseException e) {
            throw malformed(e);
        }
        return statement(node);
    }

    private static SqlRefusedException malformed(SqlParseException e) {
        String first = Option.of(e.getMessage()).getOrElse("a syntax error").split("\n", 2)[0].trim();
        int cut = first.indexOf(" at line ");
        String why = cut > 0 ? first.substring(0, cut) : first;
        Position at = e.getPos() == null ? Position.NONE : position(e.getPos());
        return SqlRefusedException.unsupported("malformed SQL:", at, why.endsWith(".") ? why.substring(0, why.length() - 1) : why);
    }

    private Statement statement(SqlNode node) {
        if (node.getKind() == SqlKind.INSERT) {
            SqlInsert insert = (SqlInsert) node;
            if (insert.getTargetColumnList() != null && !insert.getTargetColumnList().isEmpty()) {
                throw unsupported("INSERT INTO … (columns)", insert.getTargetColumnList(), "is not supported: a rollup's fields are named by its folds");
            }
            if (insert.isUpsert()) {
                throw unsupported("UPSERT", insert, "is not supported: a rollup appends each window once");
            }
            SqlNode target = insert.getTargetTable();
            if (!(target instanceof SqlIdentifier id) || names(id).size() != 1) {
                throw unsupported("INSERT INTO " + target, target, "does not name a stream: write INSERT INTO `orders:1m` SELECT …");
            }
            return new Statement.Insert(TableName.of(names(id).get(0), position(id)), query(insert.getSource()), position(insert));
        }
        return new Statement.Select(query(node));
    }

    private Query query(SqlNode node) {
        switch (node.getKind()) {
            case ORDER_BY: {
                SqlOrderBy o = (SqlOrderBy) node;
                if (o.offset != null) {
                    throw unsupported("OFFSET", o.offset, "is not supported: write LIMIT n, and narrow by time");
                }
                Query inner = query(o.query);
                if (!inner.orderBy().isEmpty() || inner.limit().isDefined()) {
                    throw unsupported("ORDER BY", o, "is written twice");
                }
                return new Query(inner.from(), inner.select(), inner.where(), inner.groupBy(),
                        List.ofAll(o.orderList).map(this::orderKey), Option.of(o.fetch).map(f -> limit(f)), inner.at());
            }
            case SELECT:
                return select((SqlSelect) node);
            case UNION:
            case INTERSECT:
            case EXCEPT:
                throw unsupported(node.getKind().toString(), node, "is not supported: a query reads one stream");
            case WITH:
                throw unsupported("WITH", node, "is not supported: write the subquery in FROM (the window top-N pattern only)");
            case VALUES:
                throw unsupported("VALUES", node, "is not supported: a query reads a stream");
            default:
                throw unsupported(name(node), node, "is not supported: only SELECT and INSERT INTO … SELECT are answered");
        }
    }

    private Query select(SqlSelect s) {
        if (s.getModifierNode(SqlSelectKeyword.DISTINCT) != null) {
            throw unsupported("SELECT DISTINCT", s, "is not supported: write GROUP BY the columns, or COUNT(DISTINCT f)");
        }
        if (s.getModifierNode(SqlSelectKeyword.STREAM) != null) {
            throw unsupported("SELECT STREAM", s, "is not supported: a query answers once; the command line's --follow answers each window as it closes");
        }
        if (s.hasHints()) {
            throw unsupported("a hint /*+ … */", s.getHints(), "is not supported");
        }
        if (s.getFrom() == null) {
            throw unsupported("SELECT without FROM", s, "is not supported: a query reads a stream");
        }
        if (s.getHaving() != null) {
            throw unsupported("HAVING", s.getHaving(), "is not supported: keep the windows or keys wanted with the window top-N pattern, or filter rows with WHERE");
        }
        if (s.getWindowList() != null && !s.getWindowList().isEmpty()) {
            throw unsupported("WINDOW", s.getWindowList(), "is not supported: write the window in ROW_NUMBER() OVER (…)");
        }
        if (s.getQualify() != null) {
            throw unsupported("QUALIFY", s.getQualify(), "is not supported: write the window top-N pattern, … WHERE rownum <= N");
        }
        List<SelectItem> items = List.ofAll(s.getSelectList()).map(this::item);
        Source from = source(s.getFrom());
        Option<Condition> where = Option.of(s.getWhere()).map(this::condition);
        List<echomq.sql.model.Operand> group = s.getGroup() == null ? List.empty() : List.ofAll(s.getGroup()).map(this::groupKey);
        Option<Long> limit = Option.of(s.getFetch()).map(this::limit);
        if (s.getOffset() != null) {
            throw unsupported("OFFSET", s.getOffset(), "is not supported: write LIMIT n, and narrow by time");
        }
        List<OrderKey> order = s.getOrderList() == null ? List.empty() : List.ofAll(s.getOrderList()).map(this::orderKey);
        return new Query(from, items, where, group, order, limit, position(s));
    }

    private long limit(SqlNode fetch) {
        if (fetch instanceof SqlNumericLiteral n && n.isInteger()) {
            try {
                return n.getValueAs(BigDecimal.class).longValueExact();
            } catch (ArithmeticException tooLarge) {
                throw unsupported("LIMIT " + n.toValue(), fetch, "is beyond a long");
            }
        }
        throw unsupported("LIMIT " + name(fetch), fetch, "is not supported: write LIMIT with a whole number");
    }

    // ---- FROM -------------------------------------------------------------------------------------

    private Source source(SqlNode node) {
        switch (node.getKind()) {
            case IDENTIFIER:
                return new Source.Table(table((SqlIdentifier) node));
            case AS: {
                SqlCall as = (SqlCall) node;
                if (as.operandCount() > 2) {
                    throw unsupported("AS " + as.operand(1) + " (columns)", as, "is not supported: a stream's columns are its fields");
                }
                return source(as.operand(0));
            }
            case COLLECTION_TABLE:
                return new Source.Windowed(windows(((SqlCall) node).operand(0)));
            case SELECT:
            case ORDER_BY:
                return new Source.Subquery(query(node), position(node));
            case JOIN: {
                SqlJoin j = (SqlJoin) node;
                String kind = j.getJoinType().name().equals("COMMA") ? "a comma join (FROM a, b)" : "JOIN";
                throw unsupported(kind, j.getJoinType().name().equals("COMMA") ? j.getRight() : j, "is not supported: a query reads one stream");
            }
            case LATERAL:
                throw unsupported("LATERAL", node, "is not supported: a query reads one stream");
            case UNNEST:
                throw unsupported("UNNEST", node, "is not supported: a stream's fields are text");
            case VALUES:
                throw unsupported("VALUES", node, "is not supported: a query reads a stream");
            case TABLESAMPLE:
                throw unsupported("TABLESAMPLE", node, "is not supported: a query reads every entry of its range");
            case SNAPSHOT:
                throw unsupported("FOR SYSTEM_TIME AS OF", node, "is not supported: narrow by time with WHERE _time …");
            default:
                throw unsupported(name(node) + " in FROM", node, "is not supported: FROM names a stream or a window table function");
        }
    }

    private TableName table(SqlIdentifier id) {
        if (id.isStar()) {
            throw unsupported("*", id, "is no stream");
        }
        if (names(id).size() != 1) {
            throw unsupported(String.join(".", names(id)), id, "is a compound name: quote a stream key with dots or colons in backquotes, `"
                    + String.join(".", names(id)) + "`");
        }
        return TableName.of(names(id).get(0), position(id));
    }

    private Windows windows(SqlNode node) {
        if (!(node instanceof SqlCall call) || call.getKind() != SqlKind.OTHER_FUNCTION) {
            throw unsupported("TABLE(" + name(node) + ")", node, "is not supported: write TABLE(TUMBLE|HOP|CUMULATE|SESSION(TABLE stream, DESCRIPTOR(_time), …))");
        }
        String fn = call.getOperator().getName().toUpperCase(Locale.ROOT);
        List<SqlNode> args = List.ofAll(call.getOperandList());
        for (SqlNode a : args) {
            if (a != null && a.getKind() == SqlKind.ARGUMENT_ASSIGNMENT) {
                throw unsupported("a named argument (=>)", a, "is not supported: write the arguments of " + fn + " in order");
            }
        }
        Position at = position(call);
        switch (fn) {
            case "TUMBLE":
                arity(fn, args, 3, 4, call, "TUMBLE(TABLE t, DESCRIPTOR(_time), size [, offset])");
                return new Windows.Tumble(explicitTable(fn, args.get(0)), descriptor(args.get(1)), interval(args.get(2)),
                        args.size() > 3 ? interval(args.get(3)) : Duration.ZERO, at);
            case "HOP":
                arity(fn, args, 4, 5, call, "HOP(TABLE t, DESCRIPTOR(_time), slide, size [, offset])");
                return new Windows.Hop(explicitTable(fn, args.get(0)), descriptor(args.get(1)), interval(args.get(2)), interval(args.get(3)),
                        args.size() > 4 ? interval(args.get(4)) : Duration.ZERO, at);
            case "CUMULATE":
                arity(fn, args, 4, 5, call, "CUMULATE(TABLE t, DESCRIPTOR(_time), step, size [, offset])");
                return new Windows.Cumulate(explicitTable(fn, args.get(0)), descriptor(args.get(1)), interval(args.get(2)), interval(args.get(3)),
                        args.size() > 4 ? interval(args.get(4)) : Duration.ZERO, at);
            case "SESSION": {
                arity(fn, args, 3, 3, call, "SESSION(TABLE t [PARTITION BY k], DESCRIPTOR(_time), gap)");
                SqlNode t = args.get(0);
                Option<String> partition = Option.none();
                if (t.getKind() == SqlKind.SET_SEMANTICS_TABLE) {
                    SqlCall set = (SqlCall) t;
                    SqlNodeList keys = set.operand(1);
                    SqlNodeList order = set.operand(2);
                    if (order != null && !order.isEmpty()) {
                        throw unsupported("ORDER BY in SESSION's table", order, "is not supported: sessions are in time order");
                    }
                    if (keys.size() != 1 || !(keys.get(0) instanceof SqlIdentifier k) || names(k).size() != 1) {
                        throw unsupported("PARTITION BY " + keys.size() + " columns", keys, "is not supported: sessions are partitioned by one field");
                    }
                    partition = Option.some(names(k).get(0));
                    t = set.operand(0);
                }
                return new Windows.Session(explicitTable(fn, t), partition, descriptor(args.get(1)), interval(args.get(2)), at);
            }
            default:
                throw unsupported("TABLE(" + call.getOperator().getName() + "(…))", call,
                        "is not supported: the window table functions are TUMBLE, HOP, CUMULATE and SESSION");
        }
    }

    private static void arity(String fn, List<SqlNode> args, int least, int most, SqlNode call, String form) {
        if (args.size() < least || args.size() > most) {
            throw unsupported(fn + " with " + args.size() + " arguments", call, "is not supported: write " + form);
        }
    }

    private TableName explicitTable(String fn, SqlNode node) {
        if (node.getKind() == SqlKind.SET_SEMANTICS_TABLE) {
            throw unsupported("PARTITION BY in " + fn, node, "is not supported: only SESSION partitions its table");
        }
        if (node.getKind() != SqlKind.EXPLICIT_TABLE || !(((SqlCall) node).operand(0) instanceof SqlIdentifier id)) {
            throw unsupported(name(node) + " as " + fn + "'s table", node, "is not supported: write " + fn + "(TABLE stream, …)");
        }
        return table(id);
    }

    private TimeColumn descriptor(SqlNode node) {
        if (!(node instanceof SqlCall call) || !call.getOperator().getName().equalsIgnoreCase("DESCRIPTOR")) {
            throw unsupported(name(node), node, "is not a time column: write DESCRIPTOR(_time)");
        }
        if (call.operandCount() != 1 || !(call.operand(0) instanceof SqlIdentifier id) || names(id).size() != 1) {
            throw unsupported("DESCRIPTOR with " + call.operandCount() + " columns", call, "is not supported: name one time column, DESCRIPTOR(_time)");
        }
        return TimeColumn.of(names(id).get(0), position(id), eventTime);
    }

    private static Duration interval(SqlNode node) {
        if (node instanceof SqlIntervalLiteral i) {
            SqlIntervalLiteral.IntervalValue v = (SqlIntervalLiteral.IntervalValue) i.getValue();
            if (v.getIntervalQualifier().isYearMonth()) {
                throw unsupported("INTERVAL … " + v.getIntervalQualifier(), node, "is not supported: months and years are no fixed length; write days, hours, minutes, seconds");
            }
            Long ms = i.getValueAs(Long.class);
            return Duration.ofMillis(ms);
        }
        throw unsupported(name(node), node, "is no interval: write INTERVAL '1' MINUTE");
    }

    // ---- SELECT items ----------------------------------------------------------------------------

    private SelectItem item(SqlNode node) {
        Option<String> alias = Option.none();
        SqlNode e = node;
        if (node.getKind() == SqlKind.AS) {
            SqlCall as = (SqlCall) node;
            e = as.operand(0);
            alias = Option.some(((SqlIdentifier) as.operand(1)).getSimple());
        }
        Position at = position(e);
        if (e instanceof SqlIdentifier id && id.isStar()) {
            if (alias.isDefined()) {
                throw unsupported("* AS " + alias.get(), e, "is not SQL");
            }
            return new SelectItem.Star(at);
        }
        if (e.getKind() == SqlKind.OVER) {
            return rank((SqlCall) e, alias);
        }
        Option<Aggregation> agg = aggregation(e);
        if (agg.isDefined()) {
            return new SelectItem.Aggregate(agg.get(), alias, at);
        }
        return new SelectItem.ColumnItem(column(e, "in SELECT"), alias, at);
    }

    /** A column: a name, or a CAST of one. */
    private Operand column(SqlNode e, String where) {
        if (e instanceof SqlIdentifier id) {
            return identifier(id);
        }
        if (e.getKind() == SqlKind.CAST) {
            SqlCall c = (SqlCall) e;
            return new Operand.Cast(column(c.operand(0), where), type(c.operand(1)), position(e));
        }
        throw unsupported(name(e) + " " + where, e, "is not supported: select columns (fields, _id, _time, window_start, window_end, "
                + "window_time, a CAST of one) and aggregates");
    }

    private SelectItem.Rank rank(SqlCall over, Option<String> alias) {
        SqlCall fn = over.operand(0);
        String name = fn.getOperator().getName().toUpperCase(Locale.ROOT);
        if (!name.equals("ROW_NUMBER")) {
            throw unsupported(name + "() OVER", fn, "is not supported: window top-N is written with ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY … DESC)");
        }
        SqlWindow w = (SqlWindow) over.operand(1);
        if (w.getLowerBound() != null || w.getUpperBound() != null) {
            throw unsupported("a frame (ROWS|RANGE BETWEEN …)", w, "is not supported: ROW_NUMBER() ranks whole partitions");
        }
        List<Operand> partition = List.ofAll(w.getPartitionList()).map(p -> column(p, "in PARTITION BY"));
        List<OrderKey> order = List.ofAll(w.getOrderList()).map(this::orderKey);
        return new SelectItem.Rank(partition, order, alias, position(over));
    }

    /** The aggregate {@code e} calls, if it is one; refuses what looks like an aggregate but is not in the subset. */
    private Option<Aggregation> aggregation(SqlNode e) {
        if (e.getKind() == SqlKind.FILTER) {
            throw unsupported("FILTER (WHERE …)", e, "is not supported: filter rows with WHERE");
        }
        if (e.getKind() == SqlKind.WITHIN_GROUP) {
            throw unsupported("WITHIN GROUP", e, "is not supported: write PERCENTILE(f, p)");
        }
        if (!(e instanceof SqlBasicCall call) || call.getKind() == SqlKind.CAST || !isFunction(call)) {
            return Option.none();
        }
        String fn = call.getOperator().getName().toUpperCase(Locale.ROOT);
        Position at = position(call);
        boolean distinct = call.getFunctionQuantifier() != null && call.getFunctionQuantifier().getValue() == SqlSelectKeyword.DISTINCT;
        if (distinct && !fn.equals("COUNT")) {
            throw unsupported(fn + "(DISTINCT …)", call, "is not supported: only COUNT takes DISTINCT");
        }
        List<SqlNode> args = List.ofAll(call.getOperandList());
        switch (fn) {
            case "COUNT":
                if (args.size() == 1 && args.get(0) instanceof SqlIdentifier id && id.isStar()) {
                    if (distinct) {
                        throw unsupported("COUNT(DISTINCT *)", call, "is not SQL: write COUNT(DISTINCT f)");
                    }
                    return Option.some(new Aggregation.CountAll(at));
                }
                one(fn, args, call);
                return Option.some(distinct ? new Aggregation.CountDistinct(arg(fn, args.get(0)), at) : new Aggregation.Count(arg(fn, args.get(0)), at));
            case "SUM":
                one(fn, args, call);
                return Option.some(new Aggregation.Sum(numeric(fn, arg(fn, args.get(0))), at));
            case "MIN":
                one(fn, args, call);
                return Option.some(new Aggregation.Min(numeric(fn, arg(fn, args.get(0))), at));
            case "MAX":
                one(fn, args, call);
                return Option.some(new Aggregation.Max(numeric(fn, arg(fn, args.get(0))), at));
            case "AVG":
                one(fn, args, call);
                return Option.some(new Aggregation.Avg(numeric(fn, arg(fn, args.get(0))), at));
            case "STDDEV_POP":
            case "STDDEV_SAMP":
            case "VAR_POP":
            case "VAR_SAMP":
            case "STDDEV":
            case "VARIANCE":
                one(fn, args, call);
                Aggregation.MomentKind kind = fn.equals("STDDEV") ? Aggregation.MomentKind.STDDEV_SAMP
                        : fn.equals("VARIANCE") ? Aggregation.MomentKind.VAR_SAMP : Aggregation.MomentKind.valueOf(fn);
                return Option.some(new Aggregation.Moment(kind, numeric(fn, arg(fn, args.get(0))), at));
            case "FIRST_VALUE":
            case "LAST_VALUE":
                one(fn, args, call);
                return Option.some(new Aggregation.Edge(fn.equals("FIRST_VALUE"), arg(fn, args.get(0)), at));
            case "APPROX_COUNT_DISTINCT":
                one(fn, args, call);
                return Option.some(new Aggregation.ApproxCountDistinct(arg(fn, args.get(0)), at));
            case "PERCENTILE":
            case "APPROX_PERCENTILE":
                if (args.size() != 2) {
                    throw unsupported(fn + " with " + args.size() + " arguments", call, "is not supported: write " + fn
                            + "(f, p) with one percentage p in [0, 1] (no frequency, no array)");
                }
                if (!(args.get(1) instanceof SqlNumericLiteral p)) {
                    throw unsupported(fn + "(…, " + name(args.get(1)) + ")", args.get(1), "is not supported: the percentage is a number, e.g. 0.5");
                }
                Arg a = numeric(fn, arg(fn, args.get(0)));
                BigDecimal pct = p.getValueAs(BigDecimal.class);
                return Option.some(fn.equals("PERCENTILE") ? new Aggregation.Percentile(a, pct, at) : new Aggregation.ApproxPercentile(a, pct, at));
            case "LISTAGG":
            case "COLLECT":
            case "ARRAY_AGG":
            case "JSON_ARRAYAGG":
            case "JSON_OBJECTAGG":
            case "STRING_AGG":
            case "BIT_AND":
            case "BIT_OR":
            case "BIT_XOR":
            case "BOOL_AND":
            case "BOOL_OR":
            case "EVERY":
            case "SOME":
            case "ANY_VALUE":
            case "MODE":
            case "MEDIAN":
            case "PERCENTILE_CONT":
            case "PERCENTILE_DISC":
                throw unsupported(fn + "(…)", call, "is not supported: the aggregates are COUNT, SUM, MIN, MAX, AVG, STDDEV_POP, STDDEV_SAMP, "
                        + "VAR_POP, VAR_SAMP, FIRST_VALUE, LAST_VALUE, COUNT(DISTINCT f), APPROX_COUNT_DISTINCT, PERCENTILE(f, p) (the median is p = 0.5) "
                        + "and APPROX_PERCENTILE(f, p)");
            default:
                return Option.none();
        }
    }

    private static boolean isFunction(SqlBasicCall call) {
        return call.getOperator() instanceof org.apache.calcite.sql.SqlFunction;
    }

    private static void one(String fn, List<SqlNode> args, SqlNode call) {
        if (args.size() != 1) {
            throw unsupported(fn + " with " + args.size() + " arguments", call, "is not supported: write " + fn + "(f) of one field");
        }
    }

    private Arg arg(String fn, SqlNode node) {
        Operand o = column(node, "in " + fn);
        Option<SqlType> cast = Option.none();
        Operand inner = o;
        if (o instanceof Operand.Cast c) {
            cast = Option.some(c.to());
            inner = c.of();
            if (inner instanceof Operand.Cast) {
                throw unsupported("a CAST of a CAST", node, "is not supported in " + fn + ": cast the field once");
            }
        }
        if (!(inner instanceof Operand.Field f)) {
            throw unsupported(fn + "(" + o.shown() + ")", node, "is not supported: an aggregate reads a field of the entries");
        }
        return new Arg(f.name(), cast, position(node));
    }

    /** An argument read as a number: text or a number type; an integer or time cast is refused. */
    private static Arg numeric(String fn, Arg a) {
        if (a.cast().exists(t -> t == SqlType.BIGINT || t == SqlType.STRING || t == SqlType.TIMESTAMP_LTZ)) {
            throw unsupported(fn + "(" + a.shown() + ")", a.at(), "is not supported: " + fn + " reads its field as an exact decimal; write " + fn
                    + "(" + a.field() + ") (DECIMAL) or " + fn + "(CAST(" + a.field() + " AS DOUBLE))");
        }
        return a;
    }

    // ---- WHERE ------------------------------------------------------------------------------------

    private Condition condition(SqlNode node) {
        Position at = position(node);
        switch (node.getKind()) {
            case AND:
            case OR: {
                List<Condition> parts = List.ofAll(((SqlCall) node).getOperandList()).map(this::condition);
                return parts.tail().foldLeft(parts.head(), (l, r) -> node.getKind() == SqlKind.AND
                        ? new Condition.And(l, r, at) : new Condition.Or(l, r, at));
            }
            case NOT:
                return new Condition.Not(condition(((SqlCall) node).operand(0)), at);
            case EQUALS:
            case NOT_EQUALS:
            case LESS_THAN:
            case LESS_THAN_OR_EQUAL:
            case GREATER_THAN:
            case GREATER_THAN_OR_EQUAL: {
                SqlCall c = (SqlCall) node;
                return new Condition.Compare(op(node.getKind()), operand(c.operand(0)), operand(c.operand(1)), at);
            }
            case IN:
            case NOT_IN: {
                SqlCall c = (SqlCall) node;
                if (!(c.operand(1) instanceof SqlNodeList list)) {
                    throw unsupported(node.getKind() == SqlKind.IN ? "IN (SELECT …)" : "NOT IN (SELECT …)", c.operand(1),
                            "is not supported: a subquery is answered only in the window top-N pattern; IN lists constants");
                }
                return new Condition.In(operand(c.operand(0)), List.ofAll(list).map(this::operand), node.getKind() == SqlKind.NOT_IN, at);
            }
            case LIKE: {
                SqlCall c = (SqlCall) node;
                String opName = c.getOperator().getName().toUpperCase(Locale.ROOT);
                if (opName.contains("ILIKE") || opName.contains("RLIKE")) {
                    throw unsupported(opName, node, "is not supported: write LIKE");
                }
                if (!(c.operand(1) instanceof SqlCharStringLiteral p)) {
                    throw unsupported("LIKE " + name(c.operand(1)), c.operand(1), "is not supported: the pattern is text, e.g. 'eu-%'");
                }
                Option<String> escape = c.operandCount() > 2 ? Option.some(((SqlCharStringLiteral) c.operand(2)).getValueAs(String.class)) : Option.none();
                return Condition.Like.of(operand(c.operand(0)), p.getValueAs(String.class), escape, opName.startsWith("NOT"), at);
            }
            case SIMILAR:
                throw unsupported("SIMILAR TO", node, "is not supported: write LIKE");
            case IS_NULL:
            case IS_NOT_NULL:
                return new Condition.IsNull(operand(((SqlCall) node).operand(0)), node.getKind() == SqlKind.IS_NOT_NULL, at);
            case BETWEEN: {
                SqlCall c = (SqlCall) node;
                String opName = c.getOperator().getName().toUpperCase(Locale.ROOT);
                if (opName.contains("SYMMETRIC") && !opName.contains("ASYMMETRIC")) {
                    throw unsupported("BETWEEN SYMMETRIC", node, "is not supported: write the low end first");
                }
                return new Condition.Between(operand(c.operand(0)), operand(c.operand(1)), operand(c.operand(2)), opName.startsWith("NOT"), at);
            }
            case EXISTS:
                throw unsupported("EXISTS (SELECT …)", node, "is not supported: a subquery is answered only in the window top-N pattern");
            case SCALAR_QUERY:
            case SELECT:
                throw unsupported("a subquery", node, "is not supported in WHERE: only in the window top-N pattern");
            case IS_TRUE:
            case IS_FALSE:
            case IS_NOT_TRUE:
            case IS_NOT_FALSE:
            case IS_UNKNOWN:
                throw unsupported(name(node), node, "is not supported: a condition compares columns with constants");
            case LITERAL:
                throw unsupported("the constant " + name(node) + " as a condition", node, "is not supported: compare a column with a constant");
            case IDENTIFIER:
                throw unsupported(name(node) + " as a condition", node, "is not supported: a field is text; compare it, e.g. " + name(node) + " = 'yes'");
            default:
                if (node instanceof SqlBasicCall call && aggregationName(call)) {
                    throw unsupported(call.getOperator().getName() + "(…) in WHERE", node, "is not supported: WHERE filters rows, before they are aggregated");
                }
                throw unsupported(name(node) + " in WHERE", node, "is not supported: WHERE compares columns with constants (=, <>, <, <=, >, >=, "
                        + "IN, LIKE, IS [NOT] NULL, BETWEEN), joined by AND, OR, NOT");
        }
    }

    private boolean aggregationName(SqlBasicCall call) {
        try {
            return aggregation(call).isDefined();
        } catch (SqlRefusedException notInTheSubset) {
            return true;
        }
    }

    private static Condition.Op op(SqlKind kind) {
        return switch (kind) {
            case EQUALS -> Condition.Op.EQ;
            case NOT_EQUALS -> Condition.Op.NE;
            case LESS_THAN -> Condition.Op.LT;
            case LESS_THAN_OR_EQUAL -> Condition.Op.LE;
            case GREATER_THAN -> Condition.Op.GT;
            default -> Condition.Op.GE;
        };
    }

    private Operand operand(SqlNode node) {
        Position at = position(node);
        if (node instanceof SqlIdentifier id) {
            return identifier(id);
        }
        if (node instanceof SqlNumericLiteral n) {
            return new Operand.Number(n.getValueAs(BigDecimal.class), at);
        }
        if (node instanceof SqlCharStringLiteral s) {
            return new Operand.Text(s.getValueAs(String.class), at);
        }
        if (node instanceof SqlUnknownLiteral u) {
            return new Operand.Time(new TimeConstant.Fixed(instant(u)), at);
        }
        if (node instanceof SqlIntervalLiteral) {
            throw unsupported("an interval alone", node, "is not supported: an interval shifts an instant, CURRENT_TIMESTAMP - INTERVAL '1' HOUR");
        }
        if (node instanceof SqlLiteral l && l.getTypeName() == org.apache.calcite.sql.type.SqlTypeName.NULL) {
            return new Operand.Null(at);
        }
        if (node instanceof SqlLiteral) {
            throw unsupported("the constant " + name(node), node, "is not supported: constants are text, numbers, TIMESTAMP '…' and NULL");
        }
        switch (node.getKind()) {
            case CAST: {
                SqlCall c = (SqlCall) node;
                return new Operand.Cast(operand(c.operand(0)), type(c.operand(1)), at);
            }
            case PLUS:
            case MINUS: {
                SqlCall c = (SqlCall) node;
                SqlNode left = c.operand(0);
                SqlNode right = c.operand(1);
                if (node.getKind() == SqlKind.PLUS && left instanceof SqlIntervalLiteral) {
                    SqlNode t = left;
                    left = right;
                    right = t;
                }
                if (right instanceof SqlIntervalLiteral) {
                    Operand base = operand(left);
                    if (base instanceof Operand.Time t) {
                        Duration d = interval(right);
                        return new Operand.Time(new TimeConstant.Shifted(t.time(), node.getKind() == SqlKind.MINUS ? d.negated() : d), at);
                    }
                    throw unsupported(base.shown() + (node.getKind() == SqlKind.MINUS ? " - " : " + ") + "INTERVAL", node,
                            "is not supported: an interval shifts a constant instant, e.g. CURRENT_TIMESTAMP - INTERVAL '1' HOUR");
                }
                throw unsupported("arithmetic (" + node.getKind().sql + ")", node, "is not supported: compare a column with a constant");
            }
            case OTHER_FUNCTION: {
                SqlCall c = (SqlCall) node;
                String fn = c.getOperator().getName().toUpperCase(Locale.ROOT);
                if ((fn.equals("NOW") || fn.equals("CURRENT_TIMESTAMP") || fn.equals("LOCALTIMESTAMP")) && c.operandCount() == 0) {
                    return new Operand.Time(new TimeConstant.Now(), at);
                }
                if (fn.equals("TO_TIMESTAMP_LTZ")) {
                    if (c.operandCount() != 2 || !(c.operand(0) instanceof SqlNumericLiteral n) || !(c.operand(1) instanceof SqlNumericLiteral p)
                            || !(p.getValueAs(Integer.class) == 3 || p.getValueAs(Integer.class) == 0)) {
                        throw unsupported("TO_TIMESTAMP_LTZ(…)", node, "is not supported but as TO_TIMESTAMP_LTZ(epoch ms, 3) or TO_TIMESTAMP_LTZ(epoch s, 0) of a number");
                    }
                    long v = n.getValueAs(BigDecimal.class).longValue();
                    long ms = p.getValueAs(Integer.class) == 3 ? v : Math.multiplyExact(v, 1000L);
                    if (ms < 0) {
                        throw unsupported("TO_TIMESTAMP_LTZ(" + v + ", …)", node, "is before the epoch: a stream's ids are not");
                    }
                    return new Operand.Time(new TimeConstant.Fixed(java.time.Instant.ofEpochMilli(ms)), at);
                }
                if (node instanceof SqlBasicCall call && aggregationName(call)) {
                    throw unsupported(fn + "(…) in WHERE", node, "is not supported: WHERE filters rows, before they are aggregated");
                }
                throw unsupported("the function " + fn + "(…)", node, "is not supported: an operand is a column, a CAST of one, a constant, "
                        + "CURRENT_TIMESTAMP [- INTERVAL …] or TO_TIMESTAMP_LTZ(ms, 3)");
            }
            default:
                throw unsupported(name(node), node, "is not supported: an operand is a column, a CAST of one, a constant, "
                        + "CURRENT_TIMESTAMP [- INTERVAL …] or TO_TIMESTAMP_LTZ(ms, 3)");
        }
    }

    private Operand identifier(SqlIdentifier id) {
        Position at = position(id);
        if (id.isStar()) {
            throw unsupported("*", id, "is not a column here");
        }
        if (names(id).size() != 1) {
            throw unsupported(String.join(".", names(id)), id, "is a compound name: a query reads one stream, name its columns alone (quote a field with a dot, `a.b`)");
        }
        String n = names(id).get(0);
        boolean quoted = id.isComponentQuoted(0);
        if (!quoted && (n.equalsIgnoreCase("CURRENT_TIMESTAMP") || n.equalsIgnoreCase("LOCALTIMESTAMP") || n.equalsIgnoreCase("CURRENT_ROW_TIMESTAMP"))) {
            return new Operand.Time(new TimeConstant.Now(), at);
        }
        if (n.equals("_id")) {
            return new Operand.EntryId(at);
        }
        if (n.equals("_time")) {
            return new Operand.EntryTime(at);
        }
        Option<Windows.Column> window = Windows.Column.named(n);
        if (window.isDefined()) {
            return new Operand.WindowColumn(window.get(), at);
        }
        return new Operand.Field(n, at);
    }

    private java.time.Instant instant(SqlUnknownLiteral u) {
        String text = u.getValue().trim();
        try {
            switch (u.tag.toUpperCase(Locale.ROOT)) {
                case "TIMESTAMP":
                    return LocalDateTime.parse(text, TIMESTAMP).atZone(zone).toInstant();
                case "DATE":
                    return LocalDate.parse(text).atStartOfDay(zone).toInstant();
                default:
                    throw unsupported(u.tag + " '" + text + "'", u, "is not supported: write TIMESTAMP 'yyyy-MM-dd HH:mm:ss'");
            }
        } catch (DateTimeParseException bad) {
            throw unsupported(u.tag + " '" + text + "'", u, "is no " + u.tag + ": write TIMESTAMP 'yyyy-MM-dd HH:mm:ss[.SSS]'");
        }
    }

    private static SqlType type(SqlDataTypeSpec spec) {
        String t = spec.getTypeName().getSimple().toUpperCase(Locale.ROOT);
        switch (t) {
            case "DECIMAL":
            case "DEC":
            case "NUMERIC":
                return SqlType.DECIMAL;
            case "DOUBLE":
            case "FLOAT":
            case "REAL":
                return SqlType.DOUBLE;
            case "BIGINT":
            case "INTEGER":
            case "INT":
            case "SMALLINT":
            case "TINYINT":
                return SqlType.BIGINT;
            case "VARCHAR":
            case "CHAR":
            case "STRING":
                return SqlType.STRING;
            default:
                throw unsupported("CAST(… AS " + t + ")", spec, "is not supported: cast to DECIMAL, DOUBLE, BIGINT or STRING");
        }
    }

    // ---- GROUP BY, ORDER BY -----------------------------------------------------------------------

    private Operand groupKey(SqlNode node) {
        if (node instanceof SqlIdentifier id) {
            return identifier(id);
        }
        if (node instanceof SqlCall call && (call.getKind() == SqlKind.TUMBLE || call.getKind() == SqlKind.HOP || call.getKind() == SqlKind.SESSION
                || call.getOperator().getName().equalsIgnoreCase("TUMBLE") || call.getOperator().getName().equalsIgnoreCase("HOP")
                || call.getOperator().getName().equalsIgnoreCase("SESSION"))) {
            throw unsupported("GROUP BY " + call.getOperator().getName().replace("$", "") + "(…)", node, "is Flink's legacy group window, not supported: write "
                    + "FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(_time), size)) GROUP BY window_start, window_end");
        }
        switch (node.getKind()) {
            case ROLLUP:
            case CUBE:
            case GROUPING_SETS:
                throw unsupported(node.getKind().toString(), node, "is not supported: GROUP BY lists columns");
            default:
                throw unsupported("GROUP BY " + name(node), node, "is not supported: GROUP BY lists columns (window_start, window_end, fields)");
        }
    }

    private OrderKey orderKey(SqlNode node) {
        Option<Boolean> nullsFirst = Option.none();
        boolean desc = false;
        SqlNode e = node;
        if (e.getKind() == SqlKind.NULLS_FIRST || e.getKind() == SqlKind.NULLS_LAST) {
            nullsFirst = Option.some(e.getKind() == SqlKind.NULLS_FIRST);
            e = ((SqlCall) e).operand(0);
        }
        if (e.getKind() == SqlKind.DESCENDING) {
            desc = true;
            e = ((SqlCall) e).operand(0);
        }
        Position at = position(node);
        if (e instanceof SqlIdentifier id && names(id).size() == 1 && !id.isStar()) {
            return new OrderKey(names(id).get(0), 0, desc, nullsFirst, at);
        }
        if (e instanceof SqlNumericLiteral n && n.isInteger()) {
            int place = n.getValueAs(Integer.class);
            if (place < 1) {
                throw unsupported("ORDER BY " + place, e, "names no column: places count from 1");
            }
            return new OrderKey("", place, desc, nullsFirst, at);
        }
        Option<Aggregation> agg = aggregation(e);
        if (agg.isDefined()) {
            return new OrderKey(agg.get().shown(), 0, desc, nullsFirst, at);
        }
        if (e.getKind() == SqlKind.CAST) {
            return new OrderKey(column(e, "in ORDER BY").shown(), 0, desc, nullsFirst, at);
        }
        throw unsupported("ORDER BY " + name(e), e, "is not supported: order by a column of the answer (its name, alias or place)");
    }

    // ---- positions and names ----------------------------------------------------------------------

    /** An identifier's parts, as a plain list (Calcite keeps them in a Guava list, which nothing here needs to know). */
    private static java.util.List<String> names(SqlIdentifier id) {
        java.util.List<String> names = id.names;
        return names;
    }

    private static Position position(SqlNode node) {
        return node == null ? Position.NONE : position(node.getParserPosition());
    }

    private static Position position(SqlParserPos pos) {
        return pos.getLineNum() <= 0 ? Position.NONE : new Position(pos.getLineNum(), pos.getColumnNum());
    }

    /** A node's name for a message: the operator or the kind, never Calcite's unparse (which some nodes cannot do). */
    private static String name(SqlNode node) {
        if (node == null) {
            return "nothing";
        }
        if (node instanceof SqlIdentifier id) {
            return id.isStar() ? "*" : String.join(".", names(id));
        }
        if (node instanceof SqlLiteral l) {
            Object v = l.getValue();
            return v == null ? "NULL" : node instanceof SqlCharStringLiteral s ? "'" + s.getValueAs(String.class) + "'" : String.valueOf(l.toValue());
        }
        if (node instanceof SqlCall c) {
            String op = c.getOperator().getName();
            return op.isEmpty() ? c.getKind().toString() : op + (c.getOperator() instanceof org.apache.calcite.sql.SqlFunction ? "(…)" : "");
        }
        return node.getKind().toString();
    }

    private static SqlRefusedException unsupported(String construct, SqlNode node, String why) {
        return SqlRefusedException.unsupported(construct, position(node), why);
    }

    private static SqlRefusedException unsupported(String construct, Position at, String why) {
        return SqlRefusedException.unsupported(construct, at, why);
    }
}
