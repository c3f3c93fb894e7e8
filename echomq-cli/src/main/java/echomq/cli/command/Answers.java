package echomq.cli.command;

import echomq.cli.output.Cell;
import echomq.domain.window.TopKeys;
import echomq.sketches.Aggregate;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import io.vavr.Tuple2;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.control.Option;

/** The values of folds as the outputs show them: the pieces every command's report is built of. */
final class Answers {

    private Answers() {
    }

    /**
     * The columns of a fold's values: {@code entries}, each fold by its spelling, then what each fold
     * that reads a field skipped, as {@code skipped(<fold>)}.
     */
    static List<String> columns(Aggregates folds) {
        return folds.list().map(Aggregate::spelling).toList().prepend("entries")
                .appendAll(folds.empty().skipped().keySet().map(f -> "skipped(" + f + ")"));
    }

    /** {@code {"entries": n, "<fold>": value, …, "skipped": {"<fold>": n, …}}}. */
    static Cell.Obj values(AggregateState s) {
        Cell.Obj o = Cell.obj().with("entries", Cell.number(s.entries()));
        for (Tuple2<String, Option<java.math.BigDecimal>> v : s.values()) {
            o = o.with(v._1, Cell.number(v._2));
        }
        Cell.Obj skipped = Cell.obj();
        for (Tuple2<String, Long> k : s.skipped()) {
            skipped = skipped.with(k._1, Cell.number(k._2));
        }
        return o.with("skipped", skipped);
    }

    /** The cells of {@link #values}: the entries, each fold, then each fold's skipped entries. */
    static List<Cell> cells(AggregateState s) {
        return s.values().values().map(Cell::number).toList().prepend(Cell.number(s.entries()))
                .appendAll(s.skipped().values().map(Cell::number));
    }

    /** The keys with the most entries first (then by key), the first {@code top} when given: the domain's window top-N. */
    static List<Tuple2<String, AggregateState>> ranked(Map<String, AggregateState> byKey, Option<Integer> top) {
        java.util.Comparator<AggregateState> mostFirst = java.util.Comparator.comparingLong(AggregateState::entries).reversed();
        return top.map(n -> TopKeys.<String, AggregateState>of(n, mostFirst)).getOrElse(() -> TopKeys.all(mostFirst)).first(byKey);
    }

    /** {@code {"<key>": {"entries": n, …}, …}} in rank order. */
    static Cell.Obj keys(List<Tuple2<String, AggregateState>> ranked) {
        Cell.Obj o = Cell.obj();
        for (Tuple2<String, AggregateState> k : ranked) {
            o = o.with(k._1, values(k._2));
        }
        return o;
    }
}
