package echomq.cli.command;

import echomq.cli.output.Format;
import echomq.cli.output.RowSink;
import echomq.cli.output.Cell;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.Buckets;
import echomq.engine.live.ClosingBuckets;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import io.vavr.Tuple2;
import io.vavr.collection.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code tail}: follows a stream from now on, printing each new entry, or with {@code --bucket} each
 * bucket once, with its final folds, as soon as Redis' clock has passed its end (a quiet bucket too).
 * It runs until stopped (Ctrl-C). By event time ({@code --time-field}) each entry is printed as it
 * arrives with its event time and where the rule puts it (on time, late, early, untimed), and each
 * bucket closes once the lateness has passed too, with the entries left out since the row before.
 */
@Command(name = "tail", mixinStandardHelpOptions = true,
        description = {"Follow a stream from now on: each new entry, or with --bucket each bucket as it closes on Redis' clock.",
                "  tail --stream orders",
                "  tail --stream orders --bucket 1m --fold count,sum:amount",
                "  tail --stream orders --bucket 1m --fold count --time-field ts --lateness 5m"})
public final class TailCommand extends StreamCommand {

    /** How long one blocking read waits, so a stop is noticed soon. */
    static final Duration BLOCK = Duration.ofSeconds(1);

    @Option(names = "--bucket", paramLabel = "D",
            description = "print each bucket of this length (90s, 1m; 1d, 1w, 1mo in --zone) as it closes, rather than each entry")
    String bucket;

    @Option(names = "--fold", paramLabel = "FOLDS", description = "with --bucket: the folds of each bucket (see window --help)")
    String fold;

    @Option(names = "--skew", paramLabel = "D",
            description = "with --bucket: how far writers' clocks may lag Redis' (entries added with explicit ids); "
                    + "a bucket closes this much after its end (default: 0s, right for * ids, which Redis mints)")
    String skew;

    @Mixin
    EventTimeOptions time;

    /** Tests bound a tail with this; a person stops it with Ctrl-C. */
    @Option(names = "--max-rows", paramLabel = "N", hidden = true, description = "stop after N rows")
    Integer maxRows;

    /** For picocli. */
    public TailCommand() {
    }

    @Override
    protected Answer prepare(StreamKey key, ZoneId zone) {
        long max = io.vavr.control.Option.of(maxRows).map(n -> (long) Inputs.positive("--max-rows", n)).getOrElse(Long.MAX_VALUE);
        io.vavr.control.Option<EventTime> byTime = time.eventTime();
        if (bucket == null) {
            if (fold != null || skew != null) {
                throw new BadArgumentException((fold != null ? "--fold" : "--skew") + " needs --bucket D: without it, tail prints each entry");
            }
            List<String> columns = byTime.isEmpty() ? List.of("id", "time", "fields") : List.of("id", "time", "event_time", "timing", "fields");
            List<Integer> widths = byTime.isEmpty() ? List.of(15, 24, 0) : List.of(15, 24, 24, 7, 0);
            return (c, t, format, z) -> entries(c, t, key, format.sink(t.out(), z, columns, widths, List.fill(columns.size(), false)), byTime, max);
        }
        Buckets buckets = Inputs.buckets(bucket, zone, LocalTime.MIDNIGHT, false);
        if (fold == null) {
            throw new BadArgumentException("--bucket needs --fold FOLDS: what to compute of each bucket, e.g. --fold count");
        }
        Aggregates folds = FoldOptions.parse(fold);
        Duration lag = skew == null ? Duration.ZERO : Inputs.durationOrZero("--skew", skew);
        Aggregates f = folds;
        return (c, t, format, z) -> buckets(c, key, buckets, f, lag, byTime, format, t, z, max);
    }

    @Override
    protected String whenMissing() {
        return "waiting for its first entry";
    }

    /** Each entry after the stream's last one at the start. */
    private static void entries(RedisConnection c, Terminal t, StreamKey key, RowSink sink, io.vavr.control.Option<EventTime> byTime, long max) {
        StreamId after = c.states().state(key).map(StreamState::lastGenerated).getOrElse(StreamId.MIN);
        long rows = 0;
        boolean gone = false;
        while (rows < max) {
            StreamId from = after;
            java.util.List<StreamEntry> read = outliving(t, () -> c.tail().readAfter(key, from, 100, BLOCK));
            if (read.isEmpty()) {
                // a quiet turn: a stream deleted, or deleted and written again below the last id seen, would keep
                // the read after that id waiting for ever; say so once and follow the new stream from its start
                io.vavr.control.Option<StreamState> state = outliving(t, "tail", () -> c.states().state(key), null);
                if (state != null && state.isEmpty() && !gone && !after.equals(StreamId.MIN)) {
                    t.err().println("tail: the stream \"" + key + "\" is gone (deleted or expired) after " + after
                            + ": waiting for it to be written again, and following it from its first entry");
                    t.err().flush();
                    gone = true;
                    after = StreamId.MIN;
                } else if (state != null && state.isDefined() && state.get().lastGenerated().compareTo(after) < 0) {
                    t.err().println("tail: the stream \"" + key + "\" was written again below the last id seen " + after
                            + " (its top is " + state.get().lastGenerated() + "): following the new stream from its first entry");
                    t.err().flush();
                    after = StreamId.MIN;
                } else if (state != null && state.isDefined()) {
                    gone = false;
                }
                continue;
            }
            for (StreamEntry e : read) {
                after = e.id();
                if (rows++ < max) {
                    // the entry's own `id` field (another service's order id, or a branded id) is a field too: the
                    // library keeps it apart from fields(), so it is put first here
                    io.vavr.collection.LinkedHashMap<String, String> all = e.field(StreamEntry.ID_FIELD)
                            .map(id -> io.vavr.collection.LinkedHashMap.of(StreamEntry.ID_FIELD, id).merge(e.fields()))
                            .getOrElse(e::fields);
                    Cell.Obj fields = Cell.obj();
                    for (Tuple2<String, String> f : all) {
                        fields = fields.with(f._1, Cell.text(f._2));
                    }
                    Cell.Obj json = Cell.obj().with("stream", Cell.text(key.toString())).with("id", Cell.text(e.id().toString()))
                            .with("time", Cell.time(e.id().instant()));
                    List<Cell> row = List.of(Cell.text(e.id().toString()), Cell.time(e.id().instant()));
                    if (byTime.isDefined()) {
                        // each entry as it arrives, with where the rule puts it: the ones a window by event time leaves out are shown
                        Cell at = byTime.get().millis(e).<Cell>map(ms -> Cell.time(java.time.Instant.ofEpochMilli(ms))).getOrElse(new Cell.None());
                        Cell timing = Cell.text(timing(byTime.get(), e));
                        json = json.with("event_time", at).with("timing", timing);
                        row = row.append(at).append(timing);
                    }
                    sink.row(json.with("fields", fields), row.append(Cell.text(all.map(f -> f._1 + "=" + f._2).mkString(" "))));
                }
            }
        }
    }

    /** {@code on_time}, or why the rule leaves {@code e} out: {@code late}, {@code early}, {@code untimed}. */
    static String timing(EventTime time, StreamEntry e) {
        return time.timing(e).leftOut().map(LeftOut.Reason::spelling).getOrElse("on_time");
    }

    /**
     * Each bucket from now on, when Redis' clock has passed its end by the skew (and by event time the
     * lateness); by event time each row counts the entries left out whose ids lie in the bucket's span
     * (those Redis received while the bucket was the current one): a pass's read hears them in id order
     * before it hands out its buckets, so each is in the row of its id's bucket, once.
     */
    private static void buckets(RedisConnection c, StreamKey key, Buckets buckets, Aggregates folds, Duration skew,
                                io.vavr.control.Option<EventTime> byTime, Format format, Terminal t, ZoneId zone, long max) {
        List<String> columns = Answers.columns(folds).appendAll(byTime.isEmpty() ? List.empty() : List.of("late", "early", "untimed"));
        RowSink sink = format.sink(t.out(), zone, List.of("from", "to").appendAll(columns),
                List.fill(2, 24).appendAll(List.fill(columns.size(), 8)),
                List.fill(2, false).appendAll(List.fill(columns.size(), true)));
        AtomicLong rows = new AtomicLong();
        Instant from = c.now(key);
        java.util.ArrayDeque<Tuple2<Long, LeftOut.Reason>> left = new java.util.ArrayDeque<>(); // the passes run on this thread
        ClosingBuckets closing = new ClosingBuckets(c.range(), c.clock(), new InProcessMarks());
        ClosingBuckets.Subscription subscription = byTime.map(bt -> closing.byEventTime(bt, (e, why) -> left.add(new Tuple2<>(e.id().ms(), why))))
                .getOrElse(closing)
                .subscribe(key, "echomq-cli-tail", buckets, from, skew, folds.fold(), b -> {
            if (rows.getAndIncrement() < max) {
                AggregateState s = b.value();
                Cell.Obj json = Cell.obj().with("stream", Cell.text(key.toString())).with("from", Cell.time(b.window().t0()))
                        .with("to", Cell.time(b.window().t1())).with(Answers.values(s));
                List<Cell> row = List.of(Cell.time(b.window().t0()), Cell.time(b.window().t1())).appendAll(Answers.cells(s));
                if (byTime.isDefined()) {
                    LeftOut since = LeftOut.NONE;
                    while (!left.isEmpty() && left.peek()._1 <= b.window().t1().toEpochMilli()) {
                        since = since.plus(left.poll()._2);
                    }
                    json = json.with("left_out", Cell.obj().with("late", Cell.number(since.late())).with("early", Cell.number(since.early()))
                            .with("untimed", Cell.number(since.untimed())));
                    row = row.append(Cell.number(since.late())).append(Cell.number(since.early())).append(Cell.number(since.untimed()));
                }
                sink.row(json, row);
            }
        });
        long every = pace(buckets.shortest());
        while (rows.get() < max) {
            outliving(t, "tail", () -> {
                subscription.pass();
            });
            if (rows.get() < max) {
                sleep(every);
            }
        }
    }

    /** How often a pass looks for closed buckets: the shorter the bucket, the sooner, a tenth of it, from 20 ms to 1 s. */
    static long pace(Duration shortest) {
        return Math.max(20, Math.min(1000, shortest.toMillis() / 10));
    }

    /**
     * {@code read}, or when Redis fails under a running tail, one line on stderr and nothing: the next
     * turn tries again after a second (the start already reached Redis, so a Redis down from the start
     * is still exit 1). What was printed stays, and the tail goes on after it.
     */
    static <T> T outliving(Terminal t, String command, java.util.function.Supplier<T> read, T nothing) {
        try {
            return read.get();
        } catch (StreamStoreException | redis.clients.jedis.exceptions.JedisException failed) {
            t.err().println(command + ": " + RedisCommand.oneLine(failed) + " (trying again in 1 s)");
            t.err().flush();
            sleep(1_000);
            return nothing;
        }
    }

    private static java.util.List<StreamEntry> outliving(Terminal t, java.util.function.Supplier<java.util.List<StreamEntry>> read) {
        return outliving(t, "tail", read, java.util.List.of());
    }

    static void outliving(Terminal t, String command, Runnable pass) {
        outliving(t, command, () -> {
            pass.run();
            return Boolean.TRUE;
        }, Boolean.FALSE);
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", stop);
        }
    }
}
