package echomq.sql;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.ports.EchoPorts;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.rollup.Rollup;
import echomq.sketches.AggregateState;
import echomq.sql.execute.Execution;
import echomq.sql.model.EventTimeField;
import echomq.sql.model.SqlRefusedException;
import echomq.sql.parse.SqlText;
import echomq.sql.plan.InsertPlan;
import echomq.sql.plan.Plan;
import echomq.sql.plan.Planned;
import echomq.sql.plan.Planner;
import echomq.sql.result.Answer;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A subset of Flink SQL over Redis streams, answered by the library's windows and folds: a stream is a
 * table (its fields are columns, with {@code _id} and {@code _time}), {@code TUMBLE}, {@code HOP},
 * {@code CUMULATE} and {@code SESSION} are its windows, and every time predicate becomes the id range
 * read. A query is checked whole before anything is read ({@link #plan}: a {@link SqlRefusedException}
 * names what the subset does not answer); then it is answered once ({@link #query}), window by window as
 * each closes on Redis' clock ({@link #follow}), or, as {@code INSERT INTO `key` SELECT …}, written as a
 * rollup ({@link #rollup}). See {@code docs/13-sql.md} for the subset and where it differs from Flink.
 * <pre>{@code
 * EchoSql sql = EchoSql.over(RedisPorts.over(jedis));
 * Answer a = sql.query("SELECT window_start, user, COUNT(*) AS n, SUM(amount) FROM TABLE(TUMBLE(TABLE orders, "
 *         + "DESCRIPTOR(_time), INTERVAL '1' MINUTE)) WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR "
 *         + "GROUP BY window_start, window_end, user");
 * a.columns();   // window_start TIMESTAMP_LTZ(3), user STRING, n BIGINT, SUM(amount) DECIMAL
 * }</pre>
 */
public final class EchoSql {

    private final StreamRangePort range;
    private final StreamStatePort states;
    private final ServerClockPort clock;
    private final RollupAppendPort appends;
    private final BucketMarkPort marks;
    private final ZoneId zone;
    private final Option<EventTimeField> eventTime;

    /**
     * Queries over these ports, {@code TIMESTAMP '…'} literals in UTC.
     *
     * @param range   the range reads
     * @param states  the streams' states
     * @param clock   Redis' clock
     * @param appends the appends at an id a rollup writes with
     * @param marks   where a followed query keeps the last window it handed out
     */
    public EchoSql(StreamRangePort range, StreamStatePort states, ServerClockPort clock, RollupAppendPort appends, BucketMarkPort marks) {
        this(range, states, clock, appends, marks, ZoneOffset.UTC, Option.none());
    }

    private EchoSql(StreamRangePort range, StreamStatePort states, ServerClockPort clock, RollupAppendPort appends, BucketMarkPort marks,
                    ZoneId zone, Option<EventTimeField> eventTime) {
        this.range = Objects.requireNonNull(range, "range");
        this.states = Objects.requireNonNull(states, "states");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.appends = Objects.requireNonNull(appends, "appends");
        this.marks = Objects.requireNonNull(marks, "marks");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.eventTime = Objects.requireNonNull(eventTime, "eventTime");
    }

    /**
     * Queries over the ports of one connection.
     *
     * @param ports every port over one client ({@code RedisPorts.over(jedis)}, {@code LettucePorts.over(redis)})
     * @return the queries
     */
    public static EchoSql over(EchoPorts ports) {
        return new EchoSql(ports.range(), ports.states(), ports.serverClock(), ports.rollupAppends(), ports.bucketMarks());
    }

    /**
     * The same, reading {@code TIMESTAMP '…'} and {@code DATE '…'} literals in {@code zone} (Flink's session time zone).
     *
     * @param zone the zone
     * @return the queries
     */
    public EchoSql withZone(ZoneId zone) {
        return new EchoSql(range, states, clock, appends, marks, zone, eventTime);
    }

    /**
     * The same, with a field declared as the streams' event time: {@code DESCRIPTOR(field)} names it
     * (refused, naming the declaration, until the library windows by event time).
     *
     * @param declared the field and its lateness
     * @return the queries
     */
    public EchoSql withEventTime(EventTimeField declared) {
        return new EchoSql(range, states, clock, appends, marks, zone, Option.some(declared));
    }

    /**
     * Checks {@code sql} whole and plans it; nothing is read.
     *
     * @param sql a query or an {@code INSERT INTO}
     * @return its plan
     * @throws SqlRefusedException naming what is malformed or outside the subset, and where
     */
    public Planned plan(String sql) {
        return plan(sql, zone, eventTime);
    }

    /**
     * Checks {@code sql} whole and plans it, without a connection: what a caller does before it opens one.
     * <pre>{@code
     * Planned p = EchoSql.plan("SELECT COUNT(*) FROM orders", ZoneOffset.UTC, Option.none());   // SqlRefusedException: unbounded
     * }</pre>
     *
     * @param sql       a query or an {@code INSERT INTO}
     * @param zone      the zone of {@code TIMESTAMP '…'} literals
     * @param eventTime the field declared as event time, if any
     * @return its plan
     * @throws SqlRefusedException naming what is malformed or outside the subset, and where
     */
    public static Planned plan(String sql, ZoneId zone, Option<EventTimeField> eventTime) {
        return new Planner().plan(new SqlText(zone, eventTime).parse(sql));
    }

    /**
     * Checks that a planned query can be followed ({@link #follow}), without a connection.
     *
     * @param plan the plan
     * @throws SqlRefusedException for {@code HOP} or {@code CUMULATE}, a query without windows, or an upper time bound
     */
    public static void requireFollowable(Plan plan) {
        Execution.requireFollowable(plan);
    }

    /**
     * The answer of a query, now.
     *
     * @param sql a query
     * @return its columns and rows
     * @throws SqlRefusedException before anything is read, for a refused query or an {@code INSERT INTO}
     * @throws echomq.domain.stream.StreamStoreException when Redis fails
     */
    public Answer query(String sql) {
        return answer(select(plan(sql)));
    }

    /**
     * The answer of a planned query, now.
     *
     * @param plan the plan
     * @return its columns and rows
     * @throws echomq.domain.stream.StreamStoreException when Redis fails
     */
    public Answer answer(Plan plan) {
        return execution().answer(plan);
    }

    /**
     * Each window of a planned {@code TUMBLE} or {@code SESSION} query, once, as it closes on Redis'
     * clock, from its lower time bound (else now) on: its rows (top-N, order and limit per window).
     *
     * @param plan     the plan
     * @param name     the subscription's name, under which its last window is kept (1..200 characters)
     * @param skew     how far writers' clocks may lag Redis' (0 for {@code *} ids, which Redis mints)
     * @param onWindow gets each window's rows
     * @return the subscription: {@code pass()} it, or {@code start(…)} it on a thread
     * @throws SqlRefusedException for {@code HOP} or {@code CUMULATE}, a query without windows, or an upper time bound
     */
    public ClosingBuckets.Subscription follow(Plan plan, String name, Duration skew, Consumer<Answer> onWindow) {
        Execution run = execution();
        return run.follow(plan, marks, name, run.start(plan), skew, onWindow);
    }

    /**
     * The rollup an {@code INSERT INTO `key` SELECT …} writes: each closed window of its source once to
     * the target, as the library's rollup entries, chained (a rollup of the rollup stream equals the
     * direct one).
     *
     * @param plan the statement's plan
     * @param skew how long past a window's end, on Redis' clock, it is closed
     * @return the engine's rollup: {@code once()} writes every closed window so far, {@code start(…)} goes on
     */
    public Rollup<AggregateState> rollup(InsertPlan plan, Duration skew) {
        return execution().rollup(plan, appends, skew);
    }

    private Execution execution() {
        return new Execution(range, states, clock);
    }

    private static Plan select(Planned p) {
        if (p instanceof Plan plan) {
            return plan;
        }
        InsertPlan insert = (InsertPlan) p;
        throw new SqlRefusedException("INSERT INTO " + insert.target().name(), insert.target().at(),
                "writes a rollup, it answers no rows: run it with rollup(plan, skew) (the command line: sql \"INSERT …\" --once, or on)");
    }
}
