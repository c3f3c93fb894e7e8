package echomq.engine.rollup;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.id.StreamId;
import echomq.domain.ports.EchoPorts;
import echomq.domain.rollup.AppendOutcome;
import echomq.domain.rollup.LateCopies;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.rollup.RollupFold;
import echomq.domain.rollup.RollupPlan;
import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.Bucket;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A rollup that is a stream: each closed bucket of {@link RollupSpec#source()} written exactly once
 * to {@link RollupSpec#target()}, as an entry at {@code <bucket start ms>-0} whose fields are the
 * {@link RollupFold}'s of the bucket's entries. A bucket with no entries is not written. A bucket is
 * closed when the store's clock ({@link ServerClockPort}, Redis {@code TIME} on the source's node)
 * has passed its end by more than the spec's skew.
 *
 * <p><b>Exactly once.</b> Redis refuses an {@code XADD} whose id is not above the target's top, and
 * buckets are written in time order, so a rerun, a restart or a second writer writes no bucket twice:
 * each run reads the target's top first and goes on after its bucket ({@link RollupPlan}). A run that
 * fails midway (a crash, a store gone) leaves a prefix of the buckets; the next run writes the rest,
 * and the target is then the same as after one uninterrupted run. A failure of the store is thrown,
 * typed ({@link echomq.domain.stream.StreamStoreException}), never swallowed.
 *
 * <p><b>By event time</b> ({@link RollupSpec#byEventTime}) the source is read through its event-time
 * view ({@link echomq.domain.eventtime.EventTime#over}), each bucket closes the lateness later
 * ({@link RollupSpec#closesAfter()}), and each entry the rule leaves out that a read meets is counted
 * ({@link RollupReport#leftOut()}) and, with {@link RollupSpec#lateInto}, copied there at its own id
 * ({@link LateCopies}) before any bucket of its read is written. The plans skip only stretches with no
 * entry at all ({@link RollupPlan#nextFrom}), so the reads meet every entry up to the last bucket
 * closed: the copies are every left-out entry up to there, in id order, each once (Redis refuses an id
 * not above the stream's top). The target and its top are read by id, as ever.
 * <pre>{@code
 * RollupSpec spec = RollupSpec.of(StreamKey.existing("orders"), StreamKey.existing("orders:1m"),
 *         Buckets.tumbling(Duration.ofMinutes(1)), Duration.ofMillis(100));
 * Rollup<AggregateState> rollup = Rollup.over(RedisPorts.over(jedis), spec, Aggregates.parse("count,sum:amount").rollup());
 * RollupReport backfill = rollup.once();                                            // every closed bucket so far
 * Rollup.Running live = rollup.start(Duration.ofSeconds(1), e -> log.warn("rollup", e)); // then each as it closes
 * live.close();
 * }</pre>
 *
 * @param <A> the fold's accumulator
 */
public final class Rollup<A> {

    /** The most buckets one pass folds (a run far behind catches up over several). */
    public static final int PER_PASS = 1_000;

    private final RollupSpec spec;
    private final RollupFold<A> fold;
    private final StreamRangePort range;
    private final StreamStatePort states;
    private final RollupAppendPort appends;
    private final ServerClockPort clock;
    /**
     * By event time, the last bucket this rollup decided (written, or empty): a run goes on after it when the target's
     * top is below it, so that a stretch of buckets with no entry on time (every entry left out) is read once by a
     * process, not once per pass. Only what this object did: a restart reads on from the target's top.
     */
    private final AtomicReference<Option<Window.Closed>> decided = new AtomicReference<>(Option.none());

    /**
     * Over the stores' ports.
     *
     * @param spec    source, target, buckets and skew
     * @param fold    what each bucket is folded with and written as
     * @param range   reads the source
     * @param states  reads the target's top
     * @param appends writes the target
     * @param clock   the store's clock, which says when a bucket is closed
     */
    public Rollup(RollupSpec spec, RollupFold<A> fold, StreamRangePort range, StreamStatePort states, RollupAppendPort appends,
                  ServerClockPort clock) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.fold = Objects.requireNonNull(fold, "fold");
        this.range = Objects.requireNonNull(range, "range");
        this.states = Objects.requireNonNull(states, "states");
        this.appends = Objects.requireNonNull(appends, "appends");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Over every port of one client ({@code RedisPorts.over(jedis)}, {@code LettucePorts.over(redis)}).
     *
     * @param ports the client's ports
     * @param spec  source, target, buckets and skew
     * @param fold  what each bucket is folded with and written as
     * @param <A>   the fold's accumulator
     * @return the rollup
     */
    public static <A> Rollup<A> over(EchoPorts ports, RollupSpec spec, RollupFold<A> fold) {
        Objects.requireNonNull(ports, "ports");
        return new Rollup<>(spec, fold, ports.range(), ports.states(), ports.rollupAppends(), ports.serverClock());
    }

    /**
     * The same rollup on another clock: what a test drives forward, or a fixed skew added to the store's.
     *
     * @param serverClock the clock that says when a bucket is closed
     * @return a rollup like this one on that clock
     */
    public Rollup<A> withClock(ServerClockPort serverClock) {
        return new Rollup<>(spec, fold, range, states, appends, serverClock);
    }

    /**
     * What this rollup writes.
     *
     * @return the spec
     */
    public RollupSpec spec() {
        return spec;
    }

    /**
     * Writes every bucket closed now and not written yet, from the source's first entry's bucket or
     * after the target's top, in passes of at most {@link #PER_PASS} buckets: a backfill, and what a
     * rerun calls to catch up.
     *
     * @return what it wrote
     * @throws echomq.domain.stream.StreamStoreException when the store fails (what was written stays; a rerun goes on after it)
     * @throws RollupConflictException when the target's last entry was written by another rollup (other
     *                                  fields or another bucket), named; nothing is written
     * @throws IllegalArgumentException when the fold's fields are bad, or for a bucket starting at the epoch
     */
    public RollupReport once() {
        return run(Long.MAX_VALUE);
    }

    /**
     * One pass: as {@link #once()}, at most {@link #PER_PASS} buckets decided (written or empty).
     *
     * @return what it wrote
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     * @throws RollupConflictException when the target's last entry was written by another rollup, named; nothing is written
     * @throws IllegalArgumentException when the fold's fields are bad, or for a bucket starting at the epoch
     */
    public RollupReport pass() {
        return run(PER_PASS);
    }

    private RollupReport run(long budget) {
        Instant now = clock.now(spec.source());
        Option<StreamId> top = states.state(spec.target()).map(StreamState::lastGenerated);
        Option<Window.Closed> resumedAfter = RollupPlan.resumeAfter(spec.buckets(), top);
        requireSameRollup(top, resumedAfter);
        Option<Window.Closed> done = later(resumedAfter, decided.get());
        Option<Window.Closed> lastWritten = Option.none();
        Left left = new Left();
        StreamWindows windows = new StreamWindows(spec.eventTime().map(t -> t.over(range, left)).getOrElse(range));
        long written = 0;
        long there = 0;
        long budgetLeft = budget;
        while (budgetLeft > 0) {
            Option<StreamId> from = RollupPlan.readFrom(done);
            if (from.isEmpty()) {
                break;
            }
            // the store's ids, by event time too (from - E on): the target and the probe read the stream as it is
            List<StreamEntry> next = range.rangeFrom(spec.source(), RollupPlan.probeFrom(spec.eventTime(), from.get()), 1);
            Option<RollupPlan.Plan> plan = RollupPlan.next(spec.buckets(),
                    next.isEmpty() ? Option.none() : Option.some(RollupPlan.nextFrom(spec.eventTime(), from.get(), next.get(0).id())),
                    now, spec.closesAfter(), (int) Math.min(budgetLeft, PER_PASS));
            if (plan.isEmpty()) {
                break;
            }
            // by event time the read also copies each entry it leaves out to lateInto, before any bucket of the plan is written:
            // the target's top then vouches that every entry up to its bucket's end was copied
            Series<A> series = windows.foldSeries(spec.source(), spec.buckets(), plan.get().range(), fold.fold());
            for (Bucket<A> b : series.buckets()) {
                if (b.entries() == 0) {
                    continue;
                }
                AppendOutcome o = appends.appendAt(spec.target(), RollupPlan.entryId(b.window()), fold.fieldsOf(b.value(), b.window()));
                if (o.appended()) {
                    written++;
                    lastWritten = Option.some(b.window());
                } else {
                    there++;
                }
            }
            budgetLeft -= plan.get().buckets().size();
            done = Option.some(plan.get().range());
            if (spec.eventTime().isDefined()) {
                Option<Window.Closed> decidedNow = done;
                decided.updateAndGet(d -> later(d, decidedNow));
            }
        }
        return new RollupReport(written, there, resumedAfter, lastWritten, left.counts(), left.copied, left.copiedBefore);
    }

    /** The later of two decided buckets (none before either). */
    private static Option<Window.Closed> later(Option<Window.Closed> a, Option<Window.Closed> b) {
        return a.isEmpty() ? b : b.isEmpty() || !b.get().t1().isAfter(a.get().t1()) ? a : b;
    }

    /**
     * What the reads of one run by event time leave out: counted, and copied to {@link RollupSpec#lateInto} when it is
     * given. The view hears each in id order, so the copies go in id order, and Redis, refusing an id not above the
     * stream's top, takes each once however often a run meets it.
     */
    private final class Left implements LeftOut.Sink {
        private final LeftOut.Tally tally = new LeftOut.Tally();
        long copied;
        long copiedBefore;

        @Override
        public void leftOut(StreamEntry entry, LeftOut.Reason reason) {
            tally.leftOut(entry, reason);
            if (spec.lateInto().isDefined()) {
                AppendOutcome o = appends.appendAt(spec.lateInto().get(), entry.id(), LateCopies.fields(entry, reason));
                if (o.appended()) {
                    copied++;
                } else {
                    copiedBefore++;
                }
            }
        }

        LeftOut counts() {
            return tally.counts();
        }
    }

    /**
     * Refuses a target whose last entry another rollup wrote differently (other fields, or another
     * bucket: its {@code to}): going on would leave a stream whose entries no one fold reads, and
     * skip or split buckets. A target whose last entry is gone (trimmed) is not checked.
     */
    private void requireSameRollup(Option<StreamId> top, Option<Window.Closed> bucket) {
        if (top.isEmpty() || bucket.isEmpty()) {
            return;
        }
        List<StreamEntry> last = range.range(spec.target(), top.get(), top.get(), 1);
        if (last.isEmpty()) {
            return;
        }
        StreamEntry e = last.get(0);
        io.vavr.collection.LinkedHashMap<String, String> ours = fold.fieldsOf(fold.fold().initial(), bucket.get());
        io.vavr.collection.Set<String> theirNames = io.vavr.collection.LinkedHashSet.ofAll(e.fields().keySet());
        io.vavr.collection.Set<String> ourNames = io.vavr.collection.LinkedHashSet.ofAll(ours.keySet());
        Option<String> theirEnd = e.field("to");
        boolean sameBucket = !ours.containsKey("to") || theirEnd.contains(Long.toString(bucket.get().t1().toEpochMilli()));
        // an entry with a bucket's end and count is another rollup's; anything else another writer's
        String head = "target " + spec.target() + (e.field("to").isDefined() && e.field("entries").isDefined()
                ? " holds another rollup: its last entry " : " holds another writer's entries: its last entry ") + e.id();
        if (!theirNames.equals(ourNames)) {
            io.vavr.collection.Set<String> missing = ourNames.removeAll(theirNames);
            io.vavr.collection.Set<String> extra = theirNames.removeAll(ourNames);
            throw new RollupConflictException(spec.target(), head + " has the fields " + theirNames.mkString("[", ", ", "]")
                    + (missing.isEmpty() ? "" : ", without " + missing.mkString(", "))
                    + (extra.isEmpty() ? "" : (missing.isEmpty() ? ", with " : " and with ") + extra.mkString(", ") + ", which this rollup does not write")
                    + ": roll up into another key, or with that rollup's folds");
        }
        if (!sameBucket) {
            String theirs = theirEnd.flatMap(t -> io.vavr.control.Try.of(() -> Instant.ofEpochMilli(Long.parseLong(t))).toOption())
                    .map(to -> "from " + e.id().instant() + " to " + to).getOrElse("ending at \"" + theirEnd.getOrElse("") + "\"");
            throw new RollupConflictException(spec.target(), head + " is a bucket " + theirs + ", where this rollup's bucket there is from "
                    + bucket.get().t0() + " to " + bucket.get().t1() + ": roll up into another key, or with that rollup's bucket");
        }
    }

    /**
     * Runs {@link #pass()} every {@code every} on {@code scheduler} until the returned run is closed:
     * each bucket written as it closes. A failed pass goes to {@code onError} and the next one tries
     * again: nothing is swallowed, nothing skipped.
     *
     * @param scheduler the scheduler (not shut down by the run)
     * @param every     the delay between passes, above zero
     * @param onError   gets each failure of a pass
     * @return the run
     * @throws IllegalArgumentException when {@code every} is not above zero
     */
    public Running start(ScheduledExecutorService scheduler, Duration every, Consumer<Throwable> onError) {
        return new Running(Objects.requireNonNull(scheduler, "scheduler"), false, every, onError);
    }

    /**
     * Runs {@link #pass()} every {@code every} on a thread of its own (a daemon) until the returned
     * run is closed: what a main method calls.
     * <pre>{@code
     * Rollup.Running running = rollup.start(Duration.ofSeconds(1), e -> System.err.println("rollup: " + e));
     * Runtime.getRuntime().addShutdownHook(new Thread(running::close));
     * }</pre>
     *
     * @param every   the delay between passes, above zero
     * @param onError gets each failure of a pass
     * @return the run
     * @throws IllegalArgumentException when {@code every} is not above zero
     */
    public Running start(Duration every, Consumer<Throwable> onError) {
        String name = "echomq-rollup-" + spec.target();
        ScheduledExecutorService own = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        try {
            return new Running(own, true, every, onError);
        } catch (RuntimeException e) {
            own.shutdownNow();
            throw e;
        }
    }

    /** A continuous run: passes on a schedule until {@link #close()}. */
    public final class Running implements AutoCloseable {

        private final ScheduledExecutorService scheduler;
        private final boolean owned;
        private final ScheduledFuture<?> scheduled;
        private final AtomicReference<RollupReport> report = new AtomicReference<>(RollupReport.NONE);
        private final AtomicReference<Option<Throwable>> lastError = new AtomicReference<>(Option.none());
        private final java.util.concurrent.atomic.AtomicLong passes = new java.util.concurrent.atomic.AtomicLong();

        private Running(ScheduledExecutorService scheduler, boolean owned, Duration every, Consumer<Throwable> onError) {
            Objects.requireNonNull(onError, "onError");
            if (every == null || every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("every must be above zero, got " + every);
            }
            this.scheduler = scheduler;
            this.owned = owned;
            this.scheduled = scheduler.scheduleWithFixedDelay(() -> {
                try {
                    RollupReport r = pass();
                    report.updateAndGet(before -> before.then(r));
                    lastError.set(Option.none());
                } catch (RuntimeException e) {
                    lastError.set(Option.some(e));
                    onError.accept(e);
                } finally {
                    passes.incrementAndGet();
                }
            }, 0, every.toMillis(), TimeUnit.MILLISECONDS);
        }

        /**
         * What the run wrote so far, all passes together.
         *
         * @return the report
         */
        public RollupReport report() {
            return report.get();
        }

        /**
         * How many passes ran (failed ones too).
         *
         * @return the count
         */
        public long passes() {
            return passes.get();
        }

        /**
         * The failure of the last pass, none when it succeeded.
         *
         * @return the failure
         */
        public Option<Throwable> lastError() {
            return lastError.get();
        }

        /**
         * Stops the passes; a pass under way finishes (waited for, up to 10 s, on a thread of the run's own).
         */
        @Override
        public void close() {
            scheduled.cancel(false);
            if (owned) {
                scheduler.shutdown();
                try {
                    scheduler.awaitTermination(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
