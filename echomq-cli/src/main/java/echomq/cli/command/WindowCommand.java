package echomq.cli.command;

import echomq.cli.output.Report;
import echomq.cli.output.Table;
import echomq.cli.output.Cell;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.fold.Fold;
import echomq.domain.fold.KeyedFolds;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.FoldResult;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import io.vavr.Tuple2;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.control.Option;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;

/** {@code window}: the folds of one window, {@code [now − D, ∞)} or {@code [T0, T1]}, optionally per key. */
@Command(name = "window", mixinStandardHelpOptions = true,
        description = {"The folds of one window of a stream.",
                "  window --stream orders --since 1h --fold count,sum:amount,p99:amount",
                "  window --stream orders --from 2026-12-07T10:00:00Z --to 2026-12-07T11:00:00Z",
                "         --fold count --by user --top 10",
                "  window --stream orders --since 1h --fold count --time-field ts --lateness 5m"})
public final class WindowCommand extends StreamCommand {

    @Mixin
    RangeOptions range;

    @Mixin
    FoldOptions folds;

    @Mixin
    KeyOptions keys;

    @Mixin
    EventTimeOptions time;

    /** For picocli. */
    public WindowCommand() {
    }

    @Override
    protected Answer prepare(StreamKey key, ZoneId zone) {
        ReadRange r = range.range(zone, LocalTime.MIDNIGHT);
        Aggregates f = folds.aggregates();
        Option<String> by = keys.by();
        Option<Integer> top = keys.top();
        Option<EventTime> byTime = time.eventTime();
        Option<Fold<Map<String, AggregateState>>> keyed = by.map(field -> keys.bounded(field,
                KeyedFolds.groupBy(field, e -> e.field(field), (Fold<AggregateState>) f.fold())));
        return Answer.report(c -> {
            Instant now = c.now(key);
            // a --since window is answered as of Redis' clock at the read: [now - D, now], so `to` says what the answer covers
            // and an entry appended while it reads is not half in it
            Window.Fixed w = r.closed(now);
            LeftOut.Tally left = new LeftOut.Tally();
            StreamWindows windows = new StreamWindows(EventTimeOptions.read(byTime, c.range(), left));
            Cell.Obj head = Cell.obj().with("stream", Cell.text(key.toString()))
                    .with("from", Cell.time(w.from())).with("to", Cell.time(w.to()));
            List<Cell> bounds = List.of(Cell.time(w.from()), Cell.time(w.to()));
            if (by.isEmpty()) {
                AggregateState s = windows.foldDetailed(key, w, f.fold(), StreamWindows.DEFAULT_PAGE_SIZE).value();
                return new Report(EventTimeOptions.describe(head.with(Answers.values(s)), byTime, left.counts()),
                        new Table(List.of("from", "to").appendAll(Answers.columns(f)), List.of(bounds.appendAll(Answers.cells(s)))));
            }
            String field = by.get();
            Fold<Map<String, AggregateState>> perKey = keyed.get();
            FoldResult<Map<String, AggregateState>> all = windows.foldDetailed(key, w, perKey, StreamWindows.DEFAULT_PAGE_SIZE);
            List<Tuple2<String, AggregateState>> ranked = Answers.ranked(all.value(), top);
            return new Report(EventTimeOptions.describe(head.with("entries", Cell.number(all.entries())).with("keys", Answers.keys(ranked)),
                    byTime, left.counts()),
                    new Table(Answers.columns(f).prepend(field), ranked.map(k -> Answers.cells(k._2).prepend(Cell.text(k._1)))));
        });
    }
}
