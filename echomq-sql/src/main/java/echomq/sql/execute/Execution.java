package echomq.sql.execute;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
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
 * ({@link ClosingBuckets}), or a rollup ({@link Rollup}). A query windowed by the declared event time
 * reads through {@link EventTime#over}: its range is of event times, the view reads the ids that range
 * reaches (lead before, lateness after) and hands out the entries on time in event-time order; a
 * query that only bounds the event-time column reads the ids those bounds reach and keeps the entries
 * on time. Either way the answer counts what the rule left out ({@link Answer#leftOut}).
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
        LeftOut.Tally missed = new LeftOut.Tally();
        Option<Window.Closed> read = range(plan, key, now);
        StreamWindows windows = new StreamWindows(plan.readsByEventTime() ? plan.eventTime().get().over(range, missed) : range);
        Answer answer = plan.shape().match(
                w -> {
                    if (read.isEmpty()) {
                        return finish(plan, plan.columns(), List.empty());
                    }
                    Groups groups = new Groups(plan, now, missed);
                    List<List<Value>> rows = w.match(grid -> grid(plan, key, grid, read.get(), groups, windows),
                            s -> sessions(key, s, read.get(), groups, windows));
                    return finish(plan, plan.columns(), rows);
                },
                () -> {
                    // a range that holds nothing still answers: an aggregate without GROUP BY is one row of no row
                    Groups groups = new Groups(plan, now, missed);
                    Map<GroupKey, Measured> all = read.isEmpty() ? groups.fold().initial() : windows.foldWindow(key, read.get(), groups.fold());
                    return finish(plan, plan.columns(), groups.wholeRows(all));
                },
                rows -> read.isEmpty() ? finish(plan, columnsOfNothing(plan, rows.star()), List.empty()) : rows(plan, key, read.get(), now, rows.star(), missed));
        return plan.eventTime().isDefined() ? answer.withLeftOut(missed.counts()) : answer;
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
    private Answer rows(Plan plan, StreamKey key, Window.Closed r, Instant now, boolean star, LeftOut.Sink missed) {
        Predicate<StreamEntry> kept = Groups.rowTest(plan, now, missed);
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

    private static List<Column> columnsOfNothing(Plan plan, boolean star) {
        return star
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
     * The range a query reads at {@code now}, in the time it reads by: from the greatest lower end of its
     * time predicates (else the stream's first entry) to the least upper end (else its last entry); none
     * when it holds nothing. Windows by event time read a range of event times (the view reaches the ids
     * past it); any other read a range of ids, a bound on the event-time column widened to the ids it reaches.
     */
    private Option<Window.Closed> range(Plan plan, StreamKey key, Instant now) {
        Option<Long> lower = most(plan, plan.lower(), now, true);
        Option<Long> upper = most(plan, plan.upper(), now, false);
        if (lower.isEmpty() || upper.isEmpty()) {
            Option<StreamState> state = states.state(key);
            if (state.isEmpty() || state.get().first().isEmpty() || state.get().last().isEmpty()) {
                return Option.none(); // no stream, or an empty one
            }
            // by event time, the entries of ids [first, last] on time have event times [first - L, last + E]
            Option<EventTime> byEvent = plan.readsByEventTime() ? plan.eventTime() : Option.none();
            if (lower.isEmpty()) {
                long first = state.get().first().get().ms();
                lower = Option.some(byEvent.map(t -> first - t.lateness().toMillis()).getOrElse(first));
            }
            if (upper.isEmpty()) {
                long last = state.get().last().get().ms();
                upper = Option.some(byEvent.map(t -> last > Long.MAX_VALUE - t.lead().toMillis() ? Long.MAX_VALUE : last + t.lead().toMillis())
                        .getOrElse(last));
            }
        }
        long a = Math.max(0, lower.get());
        long b = upper.get();
        return b < a ? Option.none() : Option.some(Window.closed(Instant.ofEpochMilli(a), Instant.ofEpochMilli(b)));
    }

    /** The greatest (or least) of the bounds at {@code now}, each in the time the plan reads by. */
    private static Option<Long> most(Plan plan, List<RowBound> bounds, Instant now, boolean greatest) {
        return most(bounds.map(b -> new RowBound(b.shown(), b.onEventTime(), at -> b.ms().apply(at).map(ms -> inReadTime(plan, b, ms, greatest)))),
                now, greatest);
    }

    /**
     * A bound in the time a plan reads by: as it is, or, a bound on event time for a read of ids, the ids
     * it reaches by the rule ({@code e - E} below, {@code e + L} above).
     */
    private static long inReadTime(Plan plan, RowBound b, long ms, boolean lower) {
        if (b.onEventTime() == plan.readsByEventTime()) {
            return ms;
        }
        if (!b.onEventTime()) {
            throw new IllegalStateException("a bound on the ids' time (" + b.shown() + ") in a read by event time: the plan refuses it");
        }
        EventTime t = plan.eventTime().get();
        return lower ? t.lowestId(ms).ms() : t.highestId(ms).ms();
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
        LeftOut.Tally missed = new LeftOut.Tally();
        ClosingBuckets byIds = new ClosingBuckets(range, clock, marks);
        ClosingBuckets closing = plan.readsByEventTime() ? byIds.byEventTime(plan.eventTime().get(), missed) : byIds;
        Windows w = ((Shape.Windowed) plan.shape()).windows();
        return w.match(grid -> {
            Instant now = clock.now(key);
            Groups groups = new Groups(plan, now, missed);
            return closing.subscribe(key, name, grid.buckets(), from, skew, groups.fold(),
                    b -> onWindow.accept(finish(plan, plan.columns(), groups.rows(grid.bounds(0, 1, b.window(), b.window()), b.value()))));
        }, s -> {
            Instant now = clock.now(key);
            Groups groups = new Groups(plan, now, missed);
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
        return most(plan, plan.lower(), now, true).map(ms -> Instant.ofEpochMilli(Math.max(0, ms))).getOrElse(now);
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
        RollupSpec byIds = RollupSpec.of(plan.table().key(), plan.target().key(), plan.windows().buckets(), skew);
        RollupSpec spec = plan.windows().time().eventTime().map(byIds::byEventTime).getOrElse(byIds);
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
