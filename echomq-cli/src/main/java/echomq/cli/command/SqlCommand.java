package echomq.cli.command;

import echomq.cli.output.Format;
import echomq.cli.output.Report;
import echomq.cli.output.RowSink;
import echomq.cli.output.Table;
import echomq.cli.output.Cell;
import echomq.domain.stream.StreamKey;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupReport;
import echomq.sketches.AggregateState;
import echomq.sql.EchoSql;
import echomq.sql.model.EventTimeField;
import echomq.sql.plan.InsertPlan;
import echomq.sql.plan.Plan;
import echomq.sql.plan.Planned;
import echomq.sql.result.Column;
import echomq.sql.result.SqlType;
import io.vavr.collection.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code sql "…"}: a query of the SQL subset of {@code docs/13-sql.md} over the streams of one Redis,
 * answered once ({@code {"columns": […], "rows": […]}} as JSON, or a table, or CSV); with
 * {@code --follow}, each window once as it closes on Redis' clock; an {@code INSERT INTO `key` SELECT …}
 * is a rollup ({@code --once} a backfill, else on as the stream grows). The whole query is checked
 * before Redis is reached: a refusal names the construct, its line and column (exit 2).
 */
@Command(name = "sql", mixinStandardHelpOptions = true,
        description = {"A query in Flink's SQL (window table functions) over Redis streams; see docs/13-sql.md.",
                "  sql \"SELECT window_start, \\`user\\`, COUNT(*) AS n, SUM(amount) FROM TABLE(TUMBLE(TABLE orders,",
                "       DESCRIPTOR(_time), INTERVAL '1' MINUTE)) WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR",
                "       GROUP BY window_start, window_end, \\`user\\`\"",
                "  sql --follow \"SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time),",
                "       INTERVAL '1' MINUTE)) GROUP BY window_start, window_end\"",
                "  sql --once \"INSERT INTO \\`orders:1m\\` SELECT window_start, window_end, COUNT(*), SUM(amount) FROM …\""})
public final class SqlCommand extends RedisCommand {

    @Parameters(index = "0", paramLabel = "QUERY", description = "the query (quote it for the shell)")
    String query;

    @Option(names = "--follow", description = "a window query: answer each window once as it closes on Redis' clock, until stopped")
    boolean follow;

    @Option(names = "--once", description = "INSERT INTO: write every closed window of the history (a backfill), then exit")
    boolean once;

    @Option(names = "--skew", paramLabel = "D", description = "with --follow or INSERT INTO: how long past a window's end (on Redis' clock) "
            + "it is closed (default: 0s with --follow, as tail; for INSERT INTO as rollup's: 100ms, or over another rollup's stream its "
            + "window and 5s more)")
    String skew;

    @Option(names = "--every", paramLabel = "D", description = "a running INSERT INTO: how often to look for closed windows (default 1s)")
    String every;

    @Option(names = "--time-field", paramLabel = "F", description = "the field of each entry's own time (event time), named in DESCRIPTOR(F)")
    String timeField;

    @Option(names = "--lateness", paramLabel = "D", description = "with --time-field: how long after its event time an entry may arrive, e.g. 5m")
    String lateness;

    /** Tests bound a follow with this; a person stops it with Ctrl-C. */
    @Option(names = "--max-windows", paramLabel = "N", hidden = true, description = "stop after N windows (--follow) or N written (INSERT)")
    Integer maxWindows;

    private String subject = "";

    /** For picocli. */
    public SqlCommand() {
    }

    @Override
    protected String subject() {
        return subject;
    }

    @Override
    protected Answer prepare(ZoneId zone) {
        io.vavr.control.Option<EventTimeField> eventTime = eventTime();
        Planned planned = EchoSql.plan(query, zone, eventTime);
        subject = planned.table().key().toString();
        long max = io.vavr.control.Option.of(maxWindows).map(n -> (long) Inputs.positive("--max-windows", n)).getOrElse(Long.MAX_VALUE);
        io.vavr.control.Option<Duration> givenSkew = io.vavr.control.Option.of(skew).map(s -> Inputs.durationOrZero("--skew", s));
        if (planned instanceof InsertPlan insert) {
            if (follow) {
                throw new BadArgumentException("--follow is for a query: an INSERT INTO runs on as the stream grows (or give --once for a backfill)");
            }
            Duration pace = every == null ? Duration.ofSeconds(1) : Inputs.duration("--every", every);
            if (once && (every != null || maxWindows != null)) {
                throw new BadArgumentException((every != null ? "--every" : "--max-windows") + " is for a running INSERT INTO: leave it out with --once");
            }
            return (c, t, format, z) -> insert(c, t, format, z, insert, zone, eventTime, givenSkew, pace, max, once);
        }
        Plan plan = (Plan) planned;
        if (once || every != null) {
            throw new BadArgumentException((once ? "--once" : "--every") + " is for an INSERT INTO, not a query");
        }
        if (!follow) {
            if (skew != null || maxWindows != null) {
                throw new BadArgumentException((skew != null ? "--skew" : "--max-windows") + " is for --follow (or an INSERT INTO)");
            }
            return Answer.report(c -> report(sql(c, zone, eventTime).answer(plan)));
        }
        EchoSql.requireFollowable(plan);
        return (c, t, format, z) -> follow(c, t, format, z, plan, zone, eventTime, givenSkew.getOrElse(Duration.ZERO), max);
    }

    private io.vavr.control.Option<EventTimeField> eventTime() {
        if (timeField == null) {
            if (lateness != null) {
                throw new BadArgumentException("--lateness needs --time-field F: the field whose time is late");
            }
            return io.vavr.control.Option.none();
        }
        if (lateness == null) {
            throw new BadArgumentException("--time-field needs --lateness D: how long after its event time an entry may arrive, e.g. --lateness 5m");
        }
        try {
            return io.vavr.control.Option.some(new EventTimeField(timeField, Inputs.durationOrZero("--lateness", lateness)));
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException("--time-field: " + bad.getMessage());
        }
    }

    private static EchoSql sql(RedisConnection c, ZoneId zone, io.vavr.control.Option<EventTimeField> eventTime) {
        EchoSql sql = new EchoSql(c.range(), c.states(), c.clock(), c.rollupAppends(), new InProcessMarks()).withZone(zone);
        return eventTime.map(sql::withEventTime).getOrElse(sql);
    }

    /** Each window as it closes: a JSON document per window, or its rows under one table or CSV header. */
    private static void follow(RedisConnection c, Terminal t, Format format, ZoneId zone, Plan plan, ZoneId queryZone,
                               io.vavr.control.Option<EventTimeField> eventTime, Duration skew, long max) {
        List<Column> columns = plan.answerColumns();
        RowSink sink = format.sink(t.out(), zone, columns.map(Column::name), columns.map(col -> col.type() == SqlType.TIMESTAMP_LTZ ? 24 : 8),
                columns.map(col -> numeric(col.type())));
        AtomicLong windows = new AtomicLong();
        ClosingBuckets.Subscription s = sql(c, queryZone, eventTime).follow(plan, "echomq-cli-sql", skew, a -> {
            if (a.rows().isEmpty() || windows.get() >= max) {
                return;
            }
            windows.incrementAndGet();
            Report r = report(a);
            if (format == Format.JSON) {
                sink.row(r.document(), List.empty());
            } else {
                r.table().rows().forEach(row -> sink.row(Cell.obj(), row));
            }
        });
        long pace = TailCommand.pace(plan.shape() instanceof echomq.sql.plan.Shape.Windowed w
                ? w.windows().match(g -> g.buckets().shortest(), ss -> ss.gap()) : Duration.ofSeconds(1));
        while (windows.get() < max) {
            TailCommand.outliving(t, "sql", s::pass);
            if (windows.get() < max) {
                TailCommand.sleep(pace);
            }
        }
    }

    private static void insert(RedisConnection c, Terminal t, Format format, ZoneId zone, InsertPlan plan, ZoneId queryZone,
                               io.vavr.control.Option<EventTimeField> eventTime, io.vavr.control.Option<Duration> givenSkew, Duration pace, long max,
                               boolean once) {
        StreamKey source = plan.table().key();
        Duration lag = givenSkew.getOrElse(() -> RollupCommand.defaultSkew(c, source));
        Rollup<AggregateState> rollup = sql(c, queryZone, eventTime).rollup(plan, lag);
        if (once) {
            RollupReport r = rollup.once();
            format.write(RollupCommand.report(source, plan.target().key(), r), t.out(), zone);
        } else {
            RollupCommand.run(rollup, source, plan.target().key(), pace, max, format, t, zone);
        }
    }

    /** The answer as the outputs print it: {@code {"columns": [{"name", "type"}], "rows": [[…]]}} and the same as a table. */
    static Report report(echomq.sql.result.Answer a) {
        List<List<Cell>> rows = a.rows().map(r -> r.map(SqlCommand::value));
        Cell.Obj doc = Cell.obj()
                .with("columns", new Cell.Arr(a.columns().map(col -> Cell.obj().with("name", Cell.text(col.name()))
                        .with("type", Cell.text(col.type().sql())))))
                .with("rows", new Cell.Arr(rows.map(Cell.Arr::new)));
        return new Report(doc, new Table(a.names(), rows));
    }

    private static Cell value(echomq.sql.result.Value v) {
        if (v instanceof echomq.sql.result.Value.Time time) {
            return Cell.time(time.value());
        }
        if (v instanceof echomq.sql.result.Value.Text text) {
            return Cell.text(text.value());
        }
        return Cell.number(v.number().map(BigDecimal::stripTrailingZeros));
    }

    private static boolean numeric(SqlType t) {
        return t == SqlType.BIGINT || t == SqlType.DECIMAL || t == SqlType.DOUBLE;
    }
}
