package echomq.cli.command;

import echomq.cli.output.Report;
import echomq.cli.output.Table;
import echomq.cli.output.Cell;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.fold.Fold;
import echomq.domain.fold.KeyedFolds;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import io.vavr.Tuple2;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.LocalTime;
import java.time.ZoneId;

/** {@code series}: the folds of each bucket of a range, every bucket present, optionally per key. */
@Command(name = "series", mixinStandardHelpOptions = true,
        description = {"The folds of each bucket of a range, every bucket present.",
                "  series --stream orders --since 1h --bucket 5m --fold count,sum:amount",
                "  series --stream orders --from 2026-12-01 --to 2026-12-07 --bucket 1d",
                "         --zone Europe/Berlin --fold count,distinct:user",
                "  series --stream orders --since 1h --bucket 1m --fold count --time-field ts --lateness 5m",
                "  series --stream orders --since 1d --cumulate 1h --bucket 1d --fold count   (each hour of today so far)"})
public final class SeriesCommand extends StreamCommand {

    @Option(names = "--bucket", paramLabel = "D", required = true,
            description = "tumbling buckets of a duration (90s, 5m, 1h), or calendar ones in --zone: 1d, 1w (from Monday), 1mo")
    String bucket;

    @Option(names = "--day-starts", paramLabel = "HH:MM", description = "the local time a calendar bucket starts at (default: 00:00)")
    String dayStarts;

    @Option(names = "--cumulate", paramLabel = "D",
            description = "cumulating windows (Flink's CUMULATE): each --bucket, a duration here, grows by steps of D, every window from "
                    + "the bucket's start (--day-starts in --zone) to the end of a step: --cumulate 1h --bucket 1d")
    String cumulate;

    @Mixin
    RangeOptions range;

    @Mixin
    FoldOptions folds;

    @Mixin
    KeyOptions keys;

    @Mixin
    EventTimeOptions time;

    /** For picocli. */
    public SeriesCommand() {
    }

    @Override
    protected Answer prepare(StreamKey key, ZoneId zone) {
        LocalTime starts = Inputs.timeOfDay(dayStarts);
        Buckets buckets = cumulate == null ? Inputs.buckets(bucket, zone, starts, dayStarts != null)
                : Inputs.cumulate(cumulate, bucket, zone, starts);
        ReadRange r = range.range(zone, starts);
        long count = r.count(buckets);
        if (count > Buckets.MAX_BUCKETS) {
            throw new BadArgumentException("--bucket " + bucket.trim() + " cuts the range into " + (count == Long.MAX_VALUE ? "too many" : count)
                    + " buckets, more than " + Buckets.MAX_BUCKETS + ": give a longer bucket or a shorter range");
        }
        Aggregates f = folds.aggregates();
        io.vavr.control.Option<String> by = keys.by();
        io.vavr.control.Option<Integer> top = keys.top();
        io.vavr.control.Option<EventTime> byTime = time.eventTime();
        io.vavr.control.Option<Fold<Map<String, AggregateState>>> keyed = by.map(field -> keys.bounded(field,
                KeyedFolds.groupBy(field, e -> e.field(field), (Fold<AggregateState>) f.fold())));
        String spelled = bucket.trim();
        return Answer.report(c -> {
            Window.Closed range = r.closed(c.now(key));
            LeftOut.Tally left = new LeftOut.Tally();
            StreamWindows windows = new StreamWindows(EventTimeOptions.read(byTime, c.range(), left));
            Cell.Obj head = Cell.obj().with("stream", Cell.text(key.toString())).with("bucket", Cell.text(spelled));
            if (by.isEmpty()) {
                Series<AggregateState> s = windows.foldSeries(key, buckets, range, f.fold());
                return new Report(EventTimeOptions.describe(head.with("buckets", new Cell.Arr(s.buckets().map(b -> bounds(b).with(Answers.values(b.value()))))),
                        byTime, left.counts()),
                        new Table(List.of("from", "to").appendAll(Answers.columns(f)),
                                s.buckets().map(b -> List.of(Cell.time(b.window().t0()), Cell.time(b.window().t1()))
                                        .appendAll(Answers.cells(b.value())))));
            }
            String field = by.get();
            Fold<Map<String, AggregateState>> perKey = keyed.get();
            Series<Map<String, AggregateState>> s = windows.foldSeries(key, buckets, range, perKey);
            List<Cell> json = s.buckets().map(b -> bounds(b).with("entries", Cell.number(b.entries()))
                    .with("keys", Answers.keys(Answers.ranked(b.value(), top))));
            List<List<Cell>> rows = s.buckets().flatMap(b -> {
                List<Cell> at = List.of(Cell.time(b.window().t0()), Cell.time(b.window().t1()));
                List<Tuple2<String, AggregateState>> ranked = Answers.ranked(b.value(), top);
                return ranked.isEmpty()
                        ? List.of(at.append(new Cell.None()).appendAll(Answers.cells(f.empty())))  // a quiet bucket keeps its row
                        : ranked.map(k -> at.append(Cell.text(k._1)).appendAll(Answers.cells(k._2)));
            });
            return new Report(EventTimeOptions.describe(head.with("buckets", new Cell.Arr(json)), byTime, left.counts()),
                    new Table(List.of("from", "to", field).appendAll(Answers.columns(f)), rows));
        });
    }

    private static <A> Cell.Obj bounds(Bucket<A> b) {
        return Cell.obj().with("from", Cell.time(b.window().t0())).with("to", Cell.time(b.window().t1()));
    }
}
