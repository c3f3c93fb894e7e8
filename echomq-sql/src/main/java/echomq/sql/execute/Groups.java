package echomq.sql.execute;

import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.KeyedFolds;
import echomq.domain.stream.StreamEntry;
import echomq.sql.fold.Measured;
import echomq.sql.model.Bounds;
import echomq.sql.model.Condition;
import echomq.sql.model.Truth;
import echomq.sql.plan.ColumnSource;
import echomq.sql.plan.GroupKey;
import echomq.sql.plan.Plan;
import echomq.sql.result.Value;
import io.vavr.Tuple2;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.function.Predicate;

/**
 * A plan's rows grouped and folded, at Redis' clock: the fold of a window (or of the whole range) is a
 * map from each group's key to its {@link Measured}, the rows its {@code WHERE} keeps only; the rows of
 * the answer are read from it.
 */
final class Groups {

    private final Plan plan;
    private final Instant now;
    private final Predicate<StreamEntry> rows;
    private final CombinableFold<Map<GroupKey, Measured>> fold;

    Groups(Plan plan, Instant now, LeftOut.Sink missed) {
        this.plan = plan;
        this.now = now;
        this.rows = rowTest(plan, now, missed);
        String[] keys = plan.keys().toJavaArray(String[]::new);
        Predicate<StreamEntry> kept = rows;
        this.fold = KeyedFolds.groupBy("sql-groups-" + plan.keys().mkString(","), e -> {
            if (!kept.test(e)) {
                return Option.none();
            }
            String[] values = new String[keys.length];
            for (int i = 0; i < keys.length; i++) {
                values[i] = e.field(keys[i]).getOrNull();
            }
            return Option.some(GroupKey.of(values));
        }, plan.measures().fold());
    }

    /**
     * The rows a plan keeps: its row predicate, and, when it bounds the event-time column of entries read
     * by id, the rule (an entry not on time is left out, and {@code missed} hears it). Windows by event
     * time read through the view, which keeps only the entries on time itself.
     */
    static Predicate<StreamEntry> rowTest(Plan plan, Instant now, LeftOut.Sink missed) {
        Predicate<StreamEntry> filter = rowTest(plan.rowFilter(), now);
        if (plan.eventTime().isEmpty() || plan.readsByEventTime()) {
            return filter;
        }
        EventTime time = plan.eventTime().get();
        return e -> {
            Option<LeftOut.Reason> out = time.timing(e).leftOut();
            if (out.isDefined()) {
                missed.leftOut(e, out.get());
                return false;
            }
            return filter.test(e);
        };
    }

    static Predicate<StreamEntry> rowTest(Option<Condition> filter, Instant now) {
        if (filter.isEmpty()) {
            return e -> true;
        }
        Condition c = filter.get();
        return e -> c.test(e, Bounds.NONE, now) == Truth.TRUE;
    }

    /** The fold of a window's rows: a group per key, of the rows kept. */
    CombinableFold<Map<GroupKey, Measured>> fold() {
        return fold;
    }

    /**
     * The rows of the answer of an aggregate without a window: a row per group of at least one row, by
     * key; without {@code GROUP BY}, one row however many rows were kept, none included ({@code COUNT}
     * 0, every other aggregate NULL), as SQL (and Flink) answer a global aggregate.
     */
    List<List<Value>> wholeRows(Map<GroupKey, Measured> groups) {
        if (!plan.keys().isEmpty() || groups.exists(g -> g._2.rows() > 0)) {
            return rows(Bounds.NONE, groups);
        }
        List<Value> values = plan.measures().values(plan.measures().fold().initial());
        GroupKey none = GroupKey.of(new String[0]);
        return List.of(plan.cells().map(c -> c.ofGroup(Bounds.NONE, none, values)));
    }

    /** The rows of the answer of one window: none when the window predicate refuses it; a row per group of at least one row, by key. */
    List<List<Value>> rows(Bounds window, Map<GroupKey, Measured> groups) {
        if (plan.windowFilter().isDefined() && plan.windowFilter().get().test(null, window, now) != Truth.TRUE) {
            return List.empty();
        }
        List<ColumnSource> cells = plan.cells();
        return groups.filter(g -> g._2.rows() > 0).toList().sortBy(Tuple2::_1).map(g -> {
            List<Value> values = plan.measures().values(g._2);
            return cells.map(c -> c.ofGroup(window, g._1, values));
        });
    }
}
