package echomq.cli.command;

import echomq.cli.output.Format;
import echomq.cli.output.Report;
import echomq.cli.output.RowSink;
import echomq.cli.output.Table;
import echomq.cli.output.Cell;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;
import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupConflictException;
import echomq.engine.rollup.RollupReport;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import io.vavr.collection.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * {@code rollup}: writes each closed bucket of a stream exactly once to another stream, as an entry
 * at {@code <bucket start ms>-0} whose fields are {@code to}, {@code entries} and one per fold (the
 * library's {@link Rollup}). With {@code --once} it writes every closed bucket of the history and
 * exits; without, it goes on writing each bucket as it closes on Redis' clock until stopped. Either
 * resumes after the target's last entry, so a rerun or a restart writes nothing twice and skips
 * nothing; a rollup's stream rolls up again with the same command.
 */
@Command(name = "rollup", mixinStandardHelpOptions = true,
        description = {"Write each closed bucket of a stream once to another stream, at <bucket start ms>-0: a rollup.",
                "  rollup --stream orders --bucket 1m --fold count,sum:amount,p99:amount --into orders:1m --once",
                "  rollup --stream orders:1m --bucket 1h --fold count,sum:amount,p99:amount --into orders:1h",
                "  rollup --stream orders --bucket 1m --fold count --into orders:ts:1m --time-field ts --lateness 5m --late-into orders:late"})
public final class RollupCommand extends StreamCommand {

    /** How long past a bucket's end a rollup of a rollup waits beyond that rollup's bucket: its skew and its passes. */
    static final Duration UPSTREAM_SLACK = Duration.ofSeconds(5);
    /** The skew when none is given: the library's writers' bound (100 ms), which also covers Redis' own {@code *} ids. */
    static final Duration DEFAULT_SKEW = Duration.ofMillis(100);

    @Option(names = "--bucket", paramLabel = "D", required = true,
            description = "the length of each bucket: 90s, 1m, 1h; 1d, 1w, 1mo are calendar buckets of --zone")
    String bucket;

    @Option(names = "--fold", paramLabel = "FOLDS", required = true,
            description = "the folds of each bucket, written as its fields (see window --help)")
    String fold;

    @Option(names = "--into", paramLabel = "KEY2", required = true, description = "the rollup stream, another key")
    String into;

    @Option(names = "--once", description = "write every closed bucket of the history (a backfill), then exit")
    boolean once;

    @Option(names = "--skew", paramLabel = "D",
            description = "how long past a bucket's end (on Redis' clock) it is closed: how far writers' clocks may lag Redis' "
                    + "(default 100ms; over another rollup's stream, its bucket and 5s more, so its last entry has landed)")
    String skew;

    @Option(names = "--every", paramLabel = "D", description = "without --once: how often to look for closed buckets (default 1s)")
    String every;

    @picocli.CommandLine.Mixin
    EventTimeOptions time;

    @Option(names = "--late-into", paramLabel = "KEY3",
            description = "with --time-field: copy each entry the event time leaves out (late, early, untimed) to this stream, "
                    + "once, at its own id, with a field reason")
    String lateInto;

    /** Tests bound a running rollup with this; a person stops it with Ctrl-C. */
    @Option(names = "--max-buckets", paramLabel = "N", hidden = true, description = "stop after writing N buckets")
    Integer maxBuckets;

    /** For picocli. */
    public RollupCommand() {
    }

    @Override
    protected Answer prepare(StreamKey key, ZoneId zone) {
        Buckets buckets = Inputs.buckets(bucket, zone, LocalTime.MIDNIGHT, false);
        Aggregates folds = FoldOptions.parse(fold);
        StreamKey target;
        try {
            target = StreamKey.existing(into);
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException("--into: " + bad.getMessage());
        }
        if (target.toString().equals(key.toString())) {
            throw new BadArgumentException("--into \"" + Inputs.shown(into) + "\" is the stream rolled up: give another key");
        }
        io.vavr.control.Option<Duration> givenSkew = io.vavr.control.Option.of(skew).map(s -> Inputs.durationOrZero("--skew", s));
        Duration pace = every == null ? Duration.ofSeconds(1) : Inputs.duration("--every", every);
        if (once && (every != null || maxBuckets != null)) {
            throw new BadArgumentException((every != null ? "--every" : "--max-buckets") + " is for a running rollup: leave it out with --once");
        }
        long max = io.vavr.control.Option.of(maxBuckets).map(n -> (long) Inputs.positive("--max-buckets", n)).getOrElse(Long.MAX_VALUE);
        io.vavr.control.Option<echomq.domain.eventtime.EventTime> byTime = time.eventTime();
        io.vavr.control.Option<StreamKey> late = io.vavr.control.Option.none();
        if (lateInto != null) {
            if (byTime.isEmpty()) {
                throw new BadArgumentException("--late-into needs --time-field F: only an event time leaves entries out");
            }
            try {
                late = io.vavr.control.Option.some(StreamKey.existing(lateInto));
            } catch (IllegalArgumentException bad) {
                throw new BadArgumentException("--late-into: " + bad.getMessage());
            }
        }
        io.vavr.control.Option<StreamKey> copies = late;
        try {
            spec(key, target, buckets, givenSkew.getOrElse(DEFAULT_SKEW), byTime, copies); // checked before Redis is reached
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException((copies.isDefined() ? "--late-into: " : "") + bad.getMessage());
        }
        return (c, t, format, z) -> {
            Duration lag = givenSkew.getOrElse(() -> defaultSkew(c, key));
            Rollup<AggregateState> rollup = new Rollup<>(spec(key, target, buckets, lag, byTime, copies), folds.rollup(), c.range(), c.states(),
                    c.rollupAppends(), c.clock());
            if (once) {
                RollupReport r = rollup.once();
                format.write(report(key, target, r, byTime.isDefined()), t.out(), z);
            } else {
                run(rollup, key, target, pace, max, format, t, z);
            }
        };
    }

    /** The rollup's spec: by the ids' time, or by {@code time} copying what it leaves out to {@code late} when given. */
    private static RollupSpec spec(StreamKey key, StreamKey target, Buckets buckets, Duration skew,
                                   io.vavr.control.Option<echomq.domain.eventtime.EventTime> time, io.vavr.control.Option<StreamKey> late) {
        RollupSpec s = RollupSpec.of(key, target, buckets, skew);
        s = time.map(s::byEventTime).getOrElse(s);
        return late.map(s::lateInto).getOrElse(s);
    }

    /**
     * The skew when none is given: {@link #DEFAULT_SKEW}, or over another rollup's stream (its last
     * entry is a rollup entry) that rollup's bucket and {@link #UPSTREAM_SLACK} more, since its entries
     * land after their bucket's end at the id of its start.
     */
    static Duration defaultSkew(RedisConnection c, StreamKey source) {
        io.vavr.control.Option<StreamId> top = c.states().state(source).map(StreamState::lastGenerated);
        if (top.isEmpty()) {
            return DEFAULT_SKEW;
        }
        java.util.List<StreamEntry> last = c.range().range(source, top.get(), top.get(), 1);
        if (last.isEmpty() || !Aggregates.isRollup(last.get(0))) {
            return DEFAULT_SKEW;
        }
        StreamEntry e = last.get(0);
        long length = Long.parseLong(e.field("to").get()) - e.id().ms() + 1;
        return Duration.ofMillis(length).plus(UPSTREAM_SLACK).plus(DEFAULT_SKEW);
    }

    /** Passes until stopped (or {@code max} buckets written): a row for each pass that wrote; a failure is one line on stderr, and it goes on. */
    static void run(Rollup<AggregateState> rollup, StreamKey source, StreamKey target, Duration every, long max, Format format,
                            Terminal t, ZoneId zone) {
        RowSink sink = format.sink(t.out(), zone, List.of("written", "already there", "last from", "last to"), List.of(8, 14, 24, 24),
                List.of(true, true, false, false));
        RollupReport first = rollup.once(); // the history first; a Redis that fails now fails the command (exit 1)
        long written = first.written();
        if (first.written() > 0 || first.alreadyThere() > 0) {
            sink.row(row(source, target, first), cells(first));
        }
        while (written < max) {
            sleep(every);
            try {
                RollupReport r = rollup.pass();
                written += r.written();
                if (r.written() > 0 || r.alreadyThere() > 0) {
                    sink.row(row(source, target, r), cells(r));
                }
            } catch (RollupConflictException other) {
                // another writer wrote into the target while this rollup ran: not bad input (the key was right when it
                // started, and buckets were written), but the end of this run: a failure, exit 1
                throw new IllegalStateException(other.getMessage() + " (written by another writer while this rollup ran)", other);
            } catch (StreamStoreException failed) {
                // a running rollup outlives a Redis restart: what it wrote stays, and the next pass goes on after it
                t.err().println("rollup: " + RedisCommand.oneLine(failed) + " (trying again in " + every.toMillis() + " ms)");
                t.err().flush();
            }
        }
    }

    private static Cell.Obj row(StreamKey source, StreamKey target, RollupReport r) {
        return Cell.obj().with("stream", Cell.text(source.toString())).with("into", Cell.text(target.toString()))
                .with("written", Cell.number(r.written())).with("alreadyThere", Cell.number(r.alreadyThere()))
                .with("lastFrom", Cell.time(r.lastWritten().map(Window.Closed::t0)))
                .with("lastTo", Cell.time(r.lastWritten().map(Window.Closed::t1)));
    }

    private static List<Cell> cells(RollupReport r) {
        return List.of(Cell.number(r.written()), Cell.number(r.alreadyThere()), Cell.time(r.lastWritten().map(Window.Closed::t0)),
                Cell.time(r.lastWritten().map(Window.Closed::t1)));
    }

    static Report report(StreamKey source, StreamKey target, RollupReport r) {
        return report(source, target, r, false);
    }

    static Report report(StreamKey source, StreamKey target, RollupReport r, boolean byEventTime) {
        Cell.Obj doc = row(source, target, r).with("resumedAfter", Cell.time(r.resumedAfter().map(Window.Closed::t1)));
        if (byEventTime) {
            // met by this run's reads: a rerun that reads a stretch again counts it again; the copies are each once
            doc = doc.with("left_out", Cell.obj().with("late", Cell.number(r.leftOut().late())).with("early", Cell.number(r.leftOut().early()))
                    .with("untimed", Cell.number(r.leftOut().untimed())))
                    .with("late_copied", Cell.number(r.lateCopied())).with("late_there", Cell.number(r.lateThere()));
        }
        return new Report(doc, new Table(List.of("stream", "into", "written", "already there", "last from", "last to"),
                List.of(List.of(Cell.text(source.toString()), Cell.text(target.toString())).appendAll(cells(r)))));
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", stop);
        }
    }
}
