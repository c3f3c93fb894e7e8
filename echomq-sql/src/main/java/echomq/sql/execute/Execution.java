package echomq.sql.execute;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.fold.CombinableFold;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.rollup.RollupFold;
import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Session;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.rollup.Rollup;
import echomq.sketches.AggregateState;
import echomq.sql.fold.Measured;
import echomq.sql.model.Bounds;
import echomq.sql.model.SqlRefusedException;
import echomq.sql.model.Windows;
import echomq.sql.plan.GroupKey;
import echomq.sql.plan.InsertPlan;
import echomq.sql.plan.Plan;
import echomq.sql.plan.RowBound;
import echomq.sql.plan.Shape;
import echomq.sql.plan.Sort;
import echomq.sql.plan.TopN;
import echomq.sql.result.Answer;
import echomq.sql.result.Column;
import echomq.sql.result.SqlType;
import echomq.sql.result.Value;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Runs plans over the ports of one connection: a query once (one paged pass of {@link StreamWindows}
 * over the id range its time predicates bound), each window of a query as it closes on Redis' clock
 * ({@link ClosingBuckets}), or a rollup ({@link Rollup}).
 * <pre>{@code
 * Execution run = new Execution(ports.range(), ports.states(), ports.serverClock());
 * Answer a = run.answer(plan);
 * }</pre>
 */
public final class Execution {

    private final StreamRangePort range;
    private final StreamStatePort states;
    private final ServerClockPort clock;

    /**
     * Runs over these ports.
     *
     * @param range  the range reads
     * @param states the streams' states (their first and last entries)
     * @param clock  Redis' clock ({@code TIME}): {@code CURRENT_TIMESTAMP}, and when a window closes
     */
    public Execution(StreamRangePort range, StreamStatePort states, ServerClockPort clock) {
        this.range = Objects.requireNonNull(range, "range");
        this.states = Objects.requireNonNull(states, "states");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The answer of a query, now.
     *
     * @param plan the query's plan
     * @return the columns and rows
     * @throws IllegalArgumentException when the range read would hold more windows than a series may
     * @throws echomq.domain.stream.StreamStoreException when Redis fails (a fold interrupted carries it as its cause)
     */
    public Answer answer(Plan plan) {
        StreamKey key = plan.table().key();
        Instant now = clock.now(key);
        Option<Window.Closed> read = range(plan, key, now);
        if (read.isEmpty()) {
            return finish(plan, columnsOfNothing(plan), List.empty());
        }
        Window.Closed r = read.get();
        StreamWindows windows = new StreamWindows(range);
        return plan.shape().match(
                w -> {
                    Groups groups = new Groups(plan, now);
                    List<List<Value>> rows = w.match(grid -> grid(plan, key, grid, r, groups, windows),
                            s -> sessions(key, s, r, groups, windows));
                    return finish(plan, plan.columns(), rows);
                },
                () -> {
                    Groups groups = new Groups(plan, now);
                    Map<GroupKey, Measured> all = windows.foldWindow(key, r, groups.fold());
                    return finish(plan, plan.columns(), groups.rows(Bounds.NONE, all));
                },
                rows -> rows(plan, key, r, now, rows.star()));
    }

    private List<List<Value>> grid(Plan plan, StreamKey key, Windows.Grid grid, Window.Closed r, Groups groups, StreamWindows windows) {
        Buckets buckets = grid.buckets();
        long count = buckets.count(r);
        if (count > Buckets.MAX_BUCKETS) {
            throw new SqlRefusedException(grid.function() + "(…)", grid.at(), "cuts the range read, [" + r.t0() + ", " + r.t1() + "], into "
                    + (count == Long.MAX_VALUE ? "too many" : count) + " windows, more than the " + Buckets.MAX_BUCKETS
                    + " a query answers: narrow it, WHERE _time >= …, or write a longer window");
        }
        Series<Map<GroupKey, Measured>> series = windows.foldSeries(key, buckets, r, groups.fold());
        List<Bucket<Map<GroupKey, Measured>>> list = series.buckets();
        int n = list.size();
        List<List<Value>> rows = List.empty();
        int i = 0;
        for (Bucket<Map<GroupKey, Measured>> b : list) {
            Bounds bounds = grid.bounds(i, n, b.window(), r);
            if (!b.value().isEmpty()) {
                rows = rows.appendAll(groups.rows(bounds, b.value()));
                if (i == n - 1) {
                    for (Bounds later : grid.after(bounds)) {
                        rows = rows.appendAll(groups.rows(later, b.value()));
                    }
                }
            }
            i++;
        }
        return rows;
    }

    private static List<List<Value>> sessions(StreamKey key, Windows.Session s, Window.Closed r, Groups groups, StreamWindows windows) {
        List<Session<Map<GroupKey, Measured>>> found = windows.foldSessions(key, s.sessions(), r, groups.fold());
        // sessions of different keys with the same bounds are one window, as GROUP BY window_start, window_end groups them
        java.util.TreeMap<Bounds, Map<GroupKey, Measured>> byWindow = new java.util.TreeMap<>(
                Comparator.comparingLong(Bounds::start).thenComparingLong(Bounds::end));
        for (Session<Map<GroupKey, Measured>> x : found) {
            byWindow.merge(s.bounds(x.window()), x.value(), (a, b) -> groups.fold().combine(a, b));
        }
        return List.ofAll(byWindow.entrySet()).flatMap(e -> groups.rows(e.getKey(), e.getValue()));
    }

    /** The rows themselves, from the range, the kept ones, as many as the limit when nothing orders them. */
    private Answer rows(Plan plan, StreamKey key, Window.Closed r, Instant now, boolean star) {
        Predicate<StreamEntry> kept = Groups.rowTest(plan.rowFilter(), now);
        long most = plan.order().isEmpty() && plan.topN().isEmpty() ? plan.limit().getOrElse(Long.MAX_VALUE) : Long.MAX_VALUE;
        java.util.List<StreamEntry> found = new java.util.ArrayList<>();
        StreamId from = StreamId.floor(r.t0());
        StreamId to = StreamId.ceiling(r.t1());
        while (found.size() < most) {
            java.util.List<StreamEntry> page = range.range(key, from, to, StreamWindows.DEFAULT_PAGE_SIZE);
            for (StreamEntry e : page) {
                if (found.size() < most && kept.test(e)) {
                    found.add(e);
                }
            }
            if (page.size() < StreamWindows.DEFAULT_PAGE_SIZE || page.get(page.size() - 1).id().isMax()) {
                break;
            }
            from = page.get(page.size() - 1).id().successor();
        }
        if (!star) {
            List<List<Value>> rows = List.ofAll(found).map(e -> plan.cells().map(c -> c.ofRow(e, now)));
            return finish(plan, plan.columns(), rows);
        }
        java.util.LinkedHashSet<String> fields = new java.util.LinkedHashSet<>();
        for (StreamEntry e : found) {
            e.forEachField((name, value) -> fields.add(name));
        }
        List<String> names = List.ofAll(fields);
        List<Column> columns = List.of(new Column("_id", SqlType.STRING), new Column("_time", SqlType.TIMESTAMP_LTZ))
                .appendAll(names.map(n -> new Column(n, SqlType.STRING)));
        List<List<Value>> rows = List.ofAll(found).map(e -> List.<Value>of(new Value.Text(e.id().toString()), new Value.Time(Instant.ofEpochMilli(e.id().ms())))
                .appendAll(names.map(n -> e.field(n).<Value>map(Value.Text::new).getOrElse(Value.NULL))));
        return finish(plan, columns, rows);
    }

    private static List<Column> columnsOfNothing(Plan plan) {
        return plan.shape() instanceof Shape.Rows rows && rows.star()
                ? List.of(new Column("_id", SqlType.STRING), new Column("_time", SqlType.TIMESTAMP_LTZ)) : plan.columns();
    }

    /** The top-N, the order and the limit over the rows. */
    static Answer finish(Plan plan, List<Column> columns, List<List<Value>> rows) {
        List<Column> cols = columns;
        List<List<Value>> out = rows;
        if (plan.topN().isDefined()) {
            TopN top = plan.topN().get();
            out = ranked(top, out);
            cols = top.columns();
        }
        if (!plan.order().isEmpty()) {
            Comparator<List<Value>> by = (a, b) -> 0;
            for (Sort s : plan.order()) {
                by = by.thenComparing(s::compare);
            }
            out = out.sorted(by); // stable: rows that tie keep their window and key order
        }
        if (plan.limit().isDefined()) {
            out = out.take((int) Math.min(Integer.MAX_VALUE, plan.limit().get()));
        }
        return new Answer(cols, out);
    }

    /** Each partition's rows ranked by the order, ties by the columns in order; the first N, projected. */
    private static List<List<Value>> ranked(TopN top, List<List<Value>> rows) {
        java.util.LinkedHashMap<List<Value>, java.util.List<List<Value>>> parts = new java.util.LinkedHashMap<>();
        for (List<Value> r : rows) {
            parts.computeIfAbsent(top.partition().map(r::get), k -> new java.util.ArrayList<>()).add(r);
        }
        Comparator<List<Value>> by = (a, b) -> 0;
        for (Sort s : top.order()) {
            by = by.thenComparing(s::compare);
        }
        int width = rows.headOption().map(List::size).getOrElse(0);
        for (int i = 0; i < width; i++) {
            by = by.thenComparing(new Sort(i, false, true)::compare);
        }
        List<List<Value>> out = List.empty();
        for (java.util.List<List<Value>> part : parts.values()) {
            List<List<Value>> kept = List.ofAll(part).sorted(by).take(top.n());
            long rank = 1;
            for (List<Value> r : kept) {
                long k = rank++;
                out = out.append(top.projection().map(p -> p == TopN.RANK ? new Value.Whole(k) : r.get(p)));
            }
        }
        return out;
    }

    /**
     * The id range a query reads at {@code now}: from the greatest lower end of its time predicates (else
     * the stream's first entry) to the least upper end (else its last entry); none when it holds nothing.
     */
    private Option<Window.Closed> range(Plan plan, StreamKey key, Instant now) {
        Option<Long> lower = most(plan.lower(), now, true);
        Option<Long> upper = most(plan.upper(), now, false);
        if (lower.isEmpty() || upper.isEmpty()) {
            Option<StreamState> state = states.state(key);
            if (state.isEmpty() || state.get().first().isEmpty() || state.get().last().isEmpty()) {
                return Option.none(); // no stream, or an empty one
            }
            if (lower.isEmpty()) {
                lower = Option.some(state.get().first().get().ms());
            }
            if (upper.isEmpty()) {
                upper = Option.some(state.get().last().get().ms());
            }
        }
        long a = Math.max(0, lower.get());
        long b = upper.get();
        return b < a ? Option.none() : Option.some(Window.closed(Instant.ofEpochMilli(a), Instant.ofEpochMilli(b)));
    }

    private static Option<Long> most(List<RowBound> bounds, Instant now, boolean greatest) {
        Option<Long> out = Option.none();
        for (RowBound b : bounds) {
            Option<Long> v = b.ms().apply(now);
            if (v.isDefined()) {
                out = Option.some(out.isEmpty() ? v.get() : greatest ? Math.max(out.get(), v.get()) : Math.min(out.get(), v.get()));
            }
        }
        return out;
    }

    // ---- continuous -------------------------------------------------------------------------------

    /**
     * Each window of a query once, with its final rows, as soon as Redis' clock has passed its end by
     * {@code skew} (a session: its last row by the gap): {@code TUMBLE} and {@code SESSION} windows. The
     * window top-N, order and limit apply to each window's rows.
     *
     * @param plan     the query's plan
     * @param marks    where the last window handed out is kept
     * @param name     the subscription's name (its mark's)
     * @param from     the first window's start, when nothing was handed out yet
     * @param skew     how far writers' clocks may lag Redis'
     * @param onWindow gets each window's answer (a window whose rows the query keeps none of: none)
     * @return the subscription: {@code pass()} or {@code start(…)} it
     * @throws SqlRefusedException for {@code HOP} and {@code CUMULATE} windows, a query without windows, or an upper time bound
     */
    public ClosingBuckets.Subscription follow(Plan plan, BucketMarkPort marks, String name, Instant from, Duration skew,
                                              Consumer<Answer> onWindow) {
        requireFollowable(plan);
        StreamKey key = plan.table().key();
        ClosingBuckets closing = new ClosingBuckets(range, clock, marks);
        Windows w = ((Shape.Windowed) plan.shape()).windows();
        return w.match(grid -> {
            Instant now = clock.now(key);
            Groups groups = new Groups(plan, now);
            return closing.subscribe(key, name, grid.buckets(), from, skew, groups.fold(),
                    b -> onWindow.accept(finish(plan, plan.columns(), groups.rows(grid.bounds(0, 1, b.window(), b.window()), b.value()))));
        }, s -> {
            Instant now = clock.now(key);
            Groups groups = new Groups(plan, now);
            return closing.subscribe(key, name, s.sessions(), from, skew, groups.fold(),
                    x -> onWindow.accept(finish(plan, plan.columns(), groups.rows(s.bounds(x.window()), x.value()))));
        });
    }

    /**
     * Checks that a query can be followed: a {@code TUMBLE} or {@code SESSION} aggregate without an upper time bound.
     *
     * @param plan the query's plan
     * @throws SqlRefusedException naming what cannot be followed
     */
    public static void requireFollowable(Plan plan) {
        if (!(plan.shape() instanceof Shape.Windowed windowed)) {
            throw SqlRefusedException.unsupported("following a query without windows", plan.table().at(),
                    "is not supported: --follow answers each window as it closes, FROM TABLE(TUMBLE(…)) GROUP BY window_start, window_end");
        }
        if (!plan.upper().isEmpty()) {
            throw SqlRefusedException.unsupported("an upper time bound (" + plan.upper().head().shown() + ")", plan.table().at(),
                    "is not supported with --follow, which answers each window as it closes from the lower bound (or now) on");
        }
        windowed.windows().match(grid -> {
            if (!grid.buckets().tilesTime()) {
                throw SqlRefusedException.unsupported("--follow of " + grid.function(), grid.at(), "is not supported: --follow answers TUMBLE and "
                        + "SESSION windows as they close");
            }
            return grid;
        }, s -> s);
    }

    /**
     * Where a followed query starts: its lower time bound at Redis' clock, else now.
     *
     * @param plan the query's plan
     * @return the instant the first window starts at (clipped there)
     */
    public Instant start(Plan plan) {
        Instant now = clock.now(plan.table().key());
        return most(plan.lower(), now, true).map(ms -> Instant.ofEpochMilli(Math.max(0, ms))).getOrElse(now);
    }

    // ---- INSERT INTO ------------------------------------------------------------------------------

    /**
     * The rollup {@code INSERT INTO} writes: the engine's {@link Rollup}, exactly once and chained.
     *
     * @param plan    the statement's plan
     * @param appends the target's appends at an id
     * @param skew    how long past a window's end (on Redis' clock) it is closed
     * @return the rollup: {@code once()} a backfill, {@code start(…)} on as the stream grows
     * @throws IllegalArgumentException for a bad skew
     */
    public Rollup<AggregateState> rollup(InsertPlan plan, RollupAppendPort appends, Duration skew) {
        RollupSpec spec = RollupSpec.of(plan.table().key(), plan.target().key(), plan.windows().buckets(), skew);
        RollupFold<AggregateState> fold = plan.rowFilter().isEmpty() ? plan.folds().rollup() : filtered(plan);
        return new Rollup<>(spec, fold, range, states, appends, clock);
    }

    private RollupFold<AggregateState> filtered(InsertPlan plan) {
        Predicate<StreamEntry> kept = Groups.rowTest(plan.rowFilter(), clock.now(plan.table().key()));
        CombinableFold<AggregateState> inner = plan.folds().fold();
        CombinableFold<AggregateState> fold = CombinableFold.of(inner.name() + "-where", inner.version(), inner.initial(),
                (acc, e) -> kept.test(e) ? inner.step(acc, e) : acc, inner::combine);
        return RollupFold.of(fold, (state, bucket) -> state.rollupFields(bucket.t1().toEpochMilli()));
    }
}
