package echomq.engine.projection;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.observe.EchoListener;
import echomq.domain.observe.EchoSpan;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.Bucket;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Series;
import echomq.domain.window.Session;
import echomq.domain.window.Sessioned;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * Serves folds of windows without recomputing what did not change: the same answers as
 * {@link StreamWindows}, through one entry point for every kind of {@link Window}. Every read
 * costs one stream state read ({@code XINFO STREAM}, with a probe for one entry in the same atomic
 * step) that proves the stream is still the one folded before ({@link Lineages}); then
 * <ul>
 *   <li>a fixed window is served from its kept fold, brought up to date with what was appended,
 *       or folded afresh after a delete inside it ({@link FoldCache});</li>
 *   <li>a sliding window costs what entered and left it since the last read: running folds for
 *       {@link InvertibleFold}s, Two-Stacks over sealed panes for other {@link CombinableFold}s
 *       ({@link SlidingFolds});</li>
 *   <li>the sealed windows of {@link Checkpointable} folds survive a restart in checkpoints, when a
 *       {@link CheckpointPort} is given ({@link SealedCheckpoints}): the panes of a sliding window
 *       and the buckets of a series alike;</li>
 *   <li>reads of the same window of the same fold of one stream run one at a time, so that two
 *       callers asking at once (a restart's live value and its first request) fold it once: the
 *       later is answered from what the earlier kept ({@link Flights}).</li>
 * </ul>
 * Accumulators must be immutable: a kept one is handed out again.
 * <pre>{@code
 * ProjectionReader reader = new ProjectionReader(range, states, clock, 10_000);
 * Feed f = reader.fold(StreamKey.of("cm", "guess-scored"),
 *         Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1)), recentFeed(20));
 * }</pre>
 */
public final class ProjectionReader {

    /**
     * What the reader did so far.
     *
     * @param reads            folds asked for
     * @param hits             cached folds served as they were (no range read)
     * @param incrementalFolds cached folds brought up to date with the entries appended since
     * @param fullFolds        folds computed afresh
     * @param entriesFolded    entries read and folded, in all
     * @param stateReads       stream state reads ({@code XINFO STREAM})
     * @param evictions        cached folds pushed out by newer ones
     * @param cached           cached folds held now
     * @param absentStreams    folds of a stream that does not exist (the empty fold; neither a hit nor a fold)
     * @param newLineages      reads that found a stream not provably the one read before (first reads
     *                         included): its cached folds were dropped
     * @param checkpointsLoaded folds of sealed windows taken from a valid checkpoint instead of the stream
     * @param checkpointsSaved  folds of sealed windows written as checkpoints
     * @param combines          accumulators combined by sliding reads and hopping series (panes, suffixes, the
     *                          Two-Stacks, the head of a window with its open part); a part that is the fold's
     *                          initial value is not combined, and not counted
     * @param checkpointsRefused folds of sealed windows not written as checkpoints because the store refused
     *                           writes (out of memory, cannot persist): the reads were answered all the same
     * @param standing          reads of a sliding window answered as the answer stood: its edge, sealed total and
     *                          open part unchanged since the read before, nothing combined
     * @param bucketsKept       sealed buckets of series served as they were kept (the same bucket, not looked up
     *                          or folded again)
     * @param encoded           buckets encoded for an encoded series: a sealed one once, an open one when it changed
     * @param retractedAhead    entries that slid out of running folds, retracted from entries read ahead with an
     *                          earlier range read (not counted in {@code entriesFolded} again)
     */
    public record Metrics(long reads, long hits, long incrementalFolds, long fullFolds, long entriesFolded,
                          long stateReads, long evictions, int cached, long absentStreams, long newLineages,
                          long checkpointsLoaded, long checkpointsSaved, long combines, long checkpointsRefused,
                          long standing, long bucketsKept, long encoded, long retractedAhead) {
    }

    private final Clock clock;
    private final StreamRangePort range;
    private final StreamStatePort states;
    private final int maxCachedFolds;
    private final int pageSize;
    private final ReaderMetrics metrics = new ReaderMetrics();
    private final Lineages lineages;
    private final FoldCache cache;
    private final SlidingFolds sliding;
    private final SeriesFolds series;
    private final SessionFolds sessions;
    private final SeriesEncodings encodings = new SeriesEncodings(metrics);
    private final Flights flights = new Flights();

    /**
     * A reader that keeps at most {@code maxCachedFolds} folds (windows and panes), least recently used out first.
     *
     * @param range          the range port
     * @param states         the state port (the proof reads through it)
     * @param clock          where a sliding window's "now" comes from
     * @param maxCachedFolds the most folds kept, at least 1
     * @throws IllegalArgumentException for a cache size below 1
     */
    public ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds) {
        this(range, states, clock, maxCachedFolds, StreamWindows.DEFAULT_PAGE_SIZE);
    }

    /**
     * As {@link #ProjectionReader(StreamRangePort, StreamStatePort, Clock, int)}, reading pages of {@code pageSize}.
     *
     * @param range          the range port
     * @param states         the state port
     * @param clock          where a sliding window's "now" comes from
     * @param maxCachedFolds the most folds kept, at least 1
     * @param pageSize       entries per range read, at least 1
     * @throws IllegalArgumentException for a cache or page size below 1
     */
    public ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds, int pageSize) {
        this(range, states, clock, maxCachedFolds, pageSize, Option.none(), Duration.ZERO);
    }

    /**
     * A reader that also keeps the folds of sealed windows (no entry can enter them any more: the
     * stream's last generated id is past their end) of {@link Checkpointable} folds in
     * {@code checkpoints}, each for {@code ttl}: after a restart such a window is read from its
     * checkpoint, once the checkpoint is proved to hold for the stream as it is (the same proof as
     * the cache's, and no delete inside the window since).
     *
     * @param range          the range port
     * @param states         the state port
     * @param clock          where a sliding window's "now" comes from, and a checkpoint's time
     * @param maxCachedFolds the most folds kept, at least 1
     * @param pageSize       entries per range read, at least 1
     * @param checkpoints    where sealed windows' folds are kept
     * @param ttl            how long a checkpoint is kept, above zero
     * @throws IllegalArgumentException for a cache or page size below 1, or a ttl not above zero
     */
    public ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds, int pageSize,
                            CheckpointPort checkpoints, Duration ttl) {
        this(range, states, clock, maxCachedFolds, pageSize, Option.some(Objects.requireNonNull(checkpoints, "checkpoints")), ttl);
    }

    private ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds, int pageSize,
                             Option<CheckpointPort> checkpoints, Duration ttl) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.range = range;
        this.states = Objects.requireNonNull(states, "states");
        this.maxCachedFolds = maxCachedFolds;
        this.pageSize = pageSize;
        Reads reads = new Reads(Objects.requireNonNull(range, "range"), new StreamWindows(range, clock), pageSize, metrics);
        this.lineages = new Lineages(states, metrics);
        this.cache = new FoldCache(reads, new SealedCheckpoints(checkpoints, ttl, states, clock, metrics), maxCachedFolds);
        TrailingSuffixes trailing = new TrailingSuffixes(reads);
        this.sliding = new SlidingFolds(cache, new RunningFolds(reads), new PaneStacks(cache, metrics), trailing,
                new StandingAnswers(metrics), metrics);
        this.series = new SeriesFolds(cache, trailing, metrics);
        this.sessions = new SessionFolds(cache);
    }

    /**
     * A reader of the same stores by the event time {@code time}: every window, series and session it
     * answers is that of the entries' own times ({@link EventTime#over(StreamRangePort, LeftOut.Sink)},
     * each entry the rule leaves out told to {@code leftOut} by the read that meets it), kept and proved
     * as by id against each stream's state {@link EventTime#settled settled} by event time. So it
     * answers what is final: the entries on time whose event time lies below the stream's last id less
     * the lateness ({@code m - L}), the only ones no later write can join or reorder; an open window's
     * newest {@code L} fills in as the stream goes on. A window whose end is settled is the brute force
     * of the rule over the whole stream. It starts with an empty cache of its own and keeps no
     * checkpoints (they are named by window and fold, not by time); its metrics are its own.
     * <pre>{@code
     * LeftOut.Tally missed = new LeftOut.Tally();
     * ProjectionReader byTs = reader.byEventTime(EventTime.field("ts").lateness(Duration.ofMinutes(5)), missed);
     * Series<Long> perMinute = byTs.fold(orders, Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), count);
     * }</pre>
     *
     * @param time    the streams' event time
     * @param leftOut hears each entry left out
     * @return the reader by event time
     */
    public ProjectionReader byEventTime(EventTime time, LeftOut.Sink leftOut) {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(leftOut, "leftOut");
        return new ProjectionReader(time.over(range, leftOut), time.over(states), clock, maxCachedFolds, pageSize, Option.none(), Duration.ZERO);
    }

    /**
     * Tells {@code l} what this reader does from now on: each read and its time, how each stream's
     * part was answered (hit, incremental, full, checkpoint) with the entries folded, state reads,
     * evictions. {@code reader.observedBy(new MicrometerEchoListener(registry))}.
     *
     * @param l the listener
     * @return this reader
     */
    public ProjectionReader observedBy(EchoListener l) {
        metrics.observedBy(l);
        return this;
    }

    /**
     * The fold of {@code window} of the stream, from what is kept where that is provably the same
     * answer as {@link StreamWindows#foldWindow(StreamKey, Window, Fold)}. A sliding window is read
     * at the clock's instant.
     * <pre>{@code
     * long n = reader.fold(StreamKey.of("cm", "guess-scored"), Window.last(Duration.ofHours(1)), counting);
     * }</pre>
     *
     * @param stream the stream
     * @param window the window: closed, since, or sliding
     * @param fold   the fold
     * @param <A>    the accumulator
     * @return the fold of the window's entries
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> A fold(StreamKey stream, Window window, Fold<A> fold) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
        return foldAt(stream, window, fold, clock.instant());
    }

    /**
     * The fold of {@code window} over every partition of {@code channel}: each partition's fold from
     * what is kept for it (a partition that did not change costs one state read), all at one
     * instant, merged in partition order. {@code merge(a, b)}, with {@code a} the fold of the lower
     * partitions, must answer what folding the entries of both in {@code (StreamId, partition)}
     * order answers, as {@link echomq.domain.window.PartitionedWindows#foldWindow} does; for a count
     * or a maximum that is the fold's own combine, for "the newest n" it is a merge by id.
     * <pre>{@code
     * PartitionedChannel opened = new PartitionedChannel("cm", "room-opened", 3);
     * Map<String, Integer> perRoom = reader.fold(opened, Window.closed(t0, t1), roomOpenings, roomOpenings::combine);
     * }</pre>
     *
     * @param channel the partitioned channel
     * @param window  the window: closed, since, or sliding
     * @param fold    the fold
     * @param merge   merges the folds of lower and higher partitions
     * @param <A>     the accumulator
     * @return the merged fold
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> A fold(PartitionedChannel channel, Window window, Fold<A> fold, BinaryOperator<A> merge) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(merge, "merge");
        Instant now = clock.instant(); // one instant: every partition's window ends at the same time
        return merged(channel, key -> foldAt(key, window, fold, now), merge);
    }

    /**
     * The series of {@code window}: its range cut into buckets, each the fold of its entries, empty
     * buckets included, every bucket checked against one state read of the stream. A bucket wholly
     * in the past is folded once and served from what is kept while the stream is provably the one
     * folded; after appends only the buckets they fall in are folded, with just the new entries. A
     * sliding range is read at the clock's instant, {@code [now - d, now]}.
     * <pre>{@code
     * Series<Long> perMinute = reader.fold(key,
     *         Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), counting);
     * }</pre>
     *
     * @param stream the stream
     * @param window the bucketed range
     * @param fold   the fold of each bucket
     * @param <A>    the accumulator
     * @return the series, in time order
     * @throws IllegalArgumentException before anything is read, when the range holds more than
     *         {@link echomq.domain.window.Buckets#MAX_BUCKETS} buckets
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> Series<A> fold(StreamKey stream, Bucketed window, Fold<A> fold) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
        Instant now = clock.instant();
        Window.Closed range = window.at(now);
        List<Window.Closed> buckets = window.buckets().over(range); // bad input fails here, before any read
        return seriesAt(stream, window, range, buckets, fold);
    }

    /**
     * The series of {@code window} over every partition of {@code channel}, all at one instant: each
     * partition's series as {@link #fold(StreamKey, Bucketed, Fold)} answers it, merged bucket by
     * bucket in partition order with {@code merge} (see {@link #fold(PartitionedChannel, Window, Fold, BinaryOperator)}).
     *
     * @param channel the partitioned channel
     * @param window  the bucketed range
     * @param fold    the fold of each bucket
     * @param merge   merges a bucket's folds of lower and higher partitions
     * @param <A>     the accumulator
     * @return the merged series
     * @throws IllegalArgumentException before anything is read, for a range over the bucket limit
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> Series<A> fold(PartitionedChannel channel, Bucketed window, Fold<A> fold, BinaryOperator<A> merge) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(merge, "merge");
        java.util.List<Series<A>> parts = partitionSeries(channel, window, fold);
        Series<A> acc = parts.get(0);
        for (int p = 1; p < parts.size(); p++) {
            acc = acc.merge(parts.get(p), merge);
        }
        return acc;
    }

    /**
     * The series of {@code window} as {@link #fold(StreamKey, Bucketed, Fold)} answers it, with each
     * bucket's encoding beside it: a sealed bucket (no entry can enter it any more) is encoded once
     * and its encoding handed out again while the bucket is, so a read encodes only the buckets that
     * changed (the open one, a sliding range's clipped ends). {@code encode} must be a pure function
     * of the bucket, and the same object from read to read (a constant): another one encodes every
     * bucket again.
     * <pre>{@code
     * static final Function<Bucket<Long>, String> JSON = b -> "{\"t0\":\"" + b.window().t0() + "\",\"n\":" + b.value() + "}";
     * EncodedSeries<Long, String> s = reader.fold(key, Buckets.tumbling(Duration.ofMinutes(1))
     *         .within(Window.last(Duration.ofHours(1))), counting, JSON);
     * }</pre>
     *
     * @param stream the stream
     * @param window the bucketed range
     * @param fold   the fold of each bucket
     * @param encode a bucket's encoding, pure, never null
     * @param <A>    the accumulator
     * @param <E>    the encoding
     * @return the series and its buckets' encodings
     * @throws IllegalArgumentException before anything is read, when the range holds more than
     *         {@link echomq.domain.window.Buckets#MAX_BUCKETS} buckets
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A, E> EncodedSeries<A, E> fold(StreamKey stream, Bucketed window, Fold<A> fold, Function<? super Bucket<A>, ? extends E> encode) {
        Objects.requireNonNull(encode, "encode");
        Series<A> s = fold(stream, window, fold);
        return encodings.encoded(stream, window, fold, java.util.List.of(s), (x, y) -> {
            throw new IllegalStateException("one stream: nothing to merge");
        }, encode);
    }

    /**
     * The series of {@code window} over every partition of {@code channel}, as
     * {@link #fold(PartitionedChannel, Bucketed, Fold, BinaryOperator)} answers it, with each merged
     * bucket's encoding beside it: a bucket whose partitions' buckets are all sealed is merged and
     * encoded once, and handed out again while they are. {@code merge} and {@code encode} must be
     * pure; {@code encode} the same object from read to read.
     *
     * @param channel the partitioned channel
     * @param window  the bucketed range
     * @param fold    the fold of each bucket
     * @param merge   merges a bucket's folds of lower and higher partitions
     * @param encode  a merged bucket's encoding, pure, never null
     * @param <A>     the accumulator
     * @param <E>     the encoding
     * @return the merged series and its buckets' encodings
     * @throws IllegalArgumentException before anything is read, for a range over the bucket limit
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A, E> EncodedSeries<A, E> fold(PartitionedChannel channel, Bucketed window, Fold<A> fold, BinaryOperator<A> merge,
                                          Function<? super Bucket<A>, ? extends E> encode) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(merge, "merge");
        Objects.requireNonNull(encode, "encode");
        return encodings.encoded(channel, window, fold, partitionSeries(channel, window, fold), merge, encode);
    }

    /** The series of each partition of {@code channel}, in partition order, all cut at one instant. */
    private <A> java.util.List<Series<A>> partitionSeries(PartitionedChannel channel, Bucketed window, Fold<A> fold) {
        Instant now = clock.instant(); // one instant: every partition's range ends at the same time
        Window.Closed range = window.at(now);
        List<Window.Closed> buckets = window.buckets().over(range);
        java.util.List<Series<A>> parts = new java.util.ArrayList<>(channel.partitions());
        for (int p = 0; p < channel.partitions(); p++) {
            parts.add(seriesAt(channel.partition(p), window, range, buckets, fold));
        }
        return parts;
    }

    private <A> Series<A> seriesAt(StreamKey key, Bucketed window, Window.Closed range, List<Window.Closed> buckets,
                                   Fold<A> fold) {
        return read(key, window, fold, seen -> series.fold(key, window, range, buckets, fold, seen));
    }

    /**
     * The sessions of {@code window}'s range at the reader's instant: each key's bursts of entries
     * separated by at least the gap, each folded with {@code fold}, as
     * {@link StreamWindows#foldSessions} answers them. Kept and folded on with what is appended: a
     * closed session is never read again, only the new entries are folded (a sliding range starts
     * its kept fold again once per range length).
     * <pre>{@code
     * List<Session<Long>> s = reader.fold(key, Sessions.of(Duration.ofMinutes(2)).perKey("player")
     *         .within(Window.last(Duration.ofHours(1))), count);
     * }</pre>
     *
     * @param stream the stream
     * @param window the sessions within a closed or sliding range
     * @param fold   the fold of each session
     * @param <A>    the accumulator
     * @return the sessions whose last entry lies in the range, ordered by their first entry, then key
     * @throws IllegalStateException naming the bound, for a session longer than
     *         {@link echomq.domain.window.Sessions#longest} or more than {@link echomq.domain.window.Sessions#most}
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> List<Session<A>> fold(StreamKey stream, Sessioned window, Fold<A> fold) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
        Window.Closed range = window.at(clock.instant());
        return read(stream, window, fold, seen -> sessions.fold(stream, window, range, fold, seen));
    }

    /** {@code one} of every partition of {@code channel}, merged in partition order. */
    private static <A> A merged(PartitionedChannel channel, Function<StreamKey, A> one, BinaryOperator<A> merge) {
        A acc = one.apply(channel.partition(0));
        for (int p = 1; p < channel.partitions(); p++) {
            acc = merge.apply(acc, one.apply(channel.partition(p)));
        }
        return acc;
    }

    private <A> A foldAt(StreamKey key, Window window, Fold<A> fold, Instant now) {
        return read(key, window, fold, seen -> window.<A>match(fixed -> cache.fold(key, fixed, fold, seen),
                s -> sliding.fold(key, s, now, fold, seen)));
    }

    /**
     * One read of {@code key}: counted, timed and traced, joined to a like read in flight, and
     * answered by {@code fold} from the stream's state as read now.
     */
    private <T> T read(StreamKey key, Object window, Fold<?> fold, Function<Seen, T> answer) {
        metrics.read();
        long t0 = System.nanoTime();
        try (EchoSpan span = metrics.begin(fold, key)) {
            try {
                return flights.one(key, window, fold, () -> answer.apply(lineages.read(key)));
            } catch (RuntimeException | Error e) {
                span.failed(e);
                throw e;
            }
        } finally {
            metrics.timed(fold, t0);
        }
    }

    /**
     * What the reader did so far.
     *
     * @return the counts, and the folds held now
     */
    public Metrics metrics() {
        return metrics.snapshot(cache.size(), lineages.started());
    }
}
