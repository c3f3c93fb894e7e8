package echomq.engine.projection;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.FoldResult;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BinaryOperator;

/**
 * Serves folds of windows without recomputing what did not change. Every read costs one stream
 * state read ({@code XINFO STREAM}, with a probe for one entry in the same atomic step); then:
 * <ul>
 *   <li>nothing appended into the window and nothing deleted inside it since the cached fold: the
 *       cached accumulator, no range read;</li>
 *   <li>only appends: the cached accumulator folded on with just the entries after the last one
 *       folded (entries can only be added above the stream's last-generated id);</li>
 *   <li>a delete or trim that may have reached into the window, or no cached fold: a full fold.</li>
 * </ul>
 * <p><b>The proof that a cached fold still holds.</b> Counters such as {@code entries-added} and
 * {@code max-deleted-entry-id} only describe one incarnation of a stream, so first the reader
 * proves that the stream is the one it folded before. It remembers, per stream, the last entry it
 * saw (id and branded id) and the state it saw then; each read probes for that entry
 * ({@link StreamStatePort#observe}). The stream continues the same history only if that entry is
 * still there with the same branded id (branded ids are minted once) and nothing that only grows
 * went down ({@link StreamState#canPrecede}). A stream deleted and created again ({@code DEL},
 * {@code UNLINK}, expiry, {@code FLUSHDB}), replaced ({@code RENAME}, {@code COPY},
 * {@code RESTORE} of another or older stream), emptied by a restart without persistence, or behind
 * on a replica promoted by a failover fails one of the two: every cached fold of it is dropped and
 * folded afresh. Replication applies writes in order, so a replica that holds the entry holds all
 * that came before it. Where the reader saw no entry to anchor on (an empty or new stream), it
 * folds afresh. Only folds that lie within the state they were checked against are cached (an
 * entry appended between the state read and the range read makes the fold uncacheable).
 * Within one history, a delete or trim is placed by the counters as described above.
 *
 * <p>Sliding windows ({@link #foldSliding}) cost what entered and left the window since the last read:
 * <ul>
 *   <li>an {@link InvertibleFold} (counts, sums, per-key totals) is kept running: the new entries are
 *       folded in, the ones that slid out are read once more and retracted;</li>
 *   <li>a {@link CombinableFold} (a maximum, a top-n, the newest n) is cut into panes aligned to the
 *       pane length: the sealed panes are folded once each and held in a Two-Stacks aggregator
 *       (amortised O(1) combines per read, whatever the window length), the pane at the trailing
 *       edge is folded once into suffix accumulators (what slid out costs nothing), and the open
 *       pane is folded incrementally;</li>
 *   <li>any other fold is folded whole on every read.</li>
 * </ul>
 * Each of these states is kept only while the same proof as the cache's holds. Accumulators must be
 * immutable: a cached one is handed out again.
 * <pre>{@code
 * ProjectionReader reader = new ProjectionReader(range, states, clock, 10_000);
 * Feed f = reader.foldSliding("cm", "guess-scored", Duration.ofHours(1), Duration.ofMinutes(1), recentFeed(20));
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
     * @param combines          accumulators combined by sliding reads (panes, suffixes, the Two-Stacks)
     */
    public record Metrics(long reads, long hits, long incrementalFolds, long fullFolds, long entriesFolded,
                          long stateReads, long evictions, int cached, long absentStreams, long newLineages,
                          long checkpointsLoaded, long checkpointsSaved, long combines) {
    }

    /** The state a read saw, and the lineage of the stream it proved (cached folds of another lineage are void). */
    private record Seen(Option<StreamState> state, long lineage) {
    }

    /** Per stream: its lineage, the state last seen and the last entry then, the anchor of the next proof. */
    private record Lineage(long id, StreamState seen) {
    }

    private record Key(StreamKey stream, String window, String projection) {
    }

    private record Cached(FoldResult<?> result, StreamState foldedAt, long lineage) {
    }

    /** The trailing pane's entry ids and suffix accumulators, and the state they were folded at. */
    private record Suffixes(Vector<StreamId> ids, Vector<Object> aggs, StreamState foldedAt, long lineage) {
    }

    /** A running fold of a sliding window of an invertible projection: the window from {@code from} on, folded up to the result's last id. */
    private record Running(FoldResult<?> result, StreamId from, StreamState foldedAt, long lineage) {
    }

    /** A sealed pane's start and an aggregate: the pane's own (back stack) or of it and all after it up to the flip (front stack). */
    private record Pane(long start, Object agg) {
    }

    /**
     * The sealed panes of a sliding projection as a Two-Stacks aggregator: {@code front} holds suffix
     * aggregates oldest first (the head covers all of front), {@code back} the panes pushed since the
     * last flip with their combined aggregate. A read pops expired panes off the front, pushes newly
     * sealed ones onto the back, and when the front runs empty flips the back over in one pass:
     * amortised O(1) combines per slide, whatever the number of panes in the window.
     */
    private record PaneStacks(long next, Vector<Pane> front, Vector<Pane> back, Object backAgg, StreamState foldedAt,
                              long lineage) {
        long oldest() {
            return front.headOption().orElse(back.headOption()).map(Pane::start).getOrElse(next);
        }
    }

    private final Map<Key, Running> running = lru(64);
    private final Map<Key, PaneStacks> stacks = lru(64);
    private final AtomicLong combines = new AtomicLong();

    private static <V> Map<Key, V> lru(int max) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, V> eldest) {
                return size() > max;
            }
        };
    }

    /** The suffixes of recent trailing panes: a few per sliding projection, least recently used out first. */
    private final Map<Key, Suffixes> suffixes = lru(64);

    private final StreamWindows windows;
    private final StreamStatePort states;
    private final Clock clock;
    private final int maxCachedFolds;
    private final int pageSize;
    private final Map<Key, Cached> cache;
    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong incremental = new AtomicLong();
    private final AtomicLong full = new AtomicLong();
    private final AtomicLong entries = new AtomicLong();
    private final AtomicLong stateReads = new AtomicLong();
    private final AtomicLong evictions = new AtomicLong();
    private final AtomicLong absent = new AtomicLong();
    private final AtomicLong lineageIds = new AtomicLong();
    private final AtomicLong checkpointsLoaded = new AtomicLong();
    private final AtomicLong checkpointsSaved = new AtomicLong();
    private final Option<CheckpointPort> checkpoints;
    private final Duration checkpointTtl;
    private final Map<StreamKey, Lineage> lineages = new java.util.HashMap<>();
    private volatile EchoListener listener = EchoListener.NONE;

    /**
     * Tells {@code l} what this reader does from now on: each read and its time, how each stream's
     * part was answered (hit, incremental, full, checkpoint) with the entries folded, state reads,
     * evictions. Returns this reader. {@code reader.observedBy(new MicrometerEchoListener(registry))}.
     */
    public ProjectionReader observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    private void folded(Fold<?> projection, StreamKey stream, EchoEvent.FoldKind kind, long entries) {
        EchoListener.tell(listener, new EchoEvent.Folded(projection.name(), stream, kind, entries));
    }

    private void timed(Fold<?> projection, long startedNanos) {
        EchoListener.tell(listener, new EchoEvent.Read(projection.name(), System.nanoTime() - startedNanos));
    }

    /** A reader that keeps at most {@code maxCachedFolds} folds (windows and panes), least recently used out first. */
    public ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds) {
        this(range, states, clock, maxCachedFolds, StreamWindows.DEFAULT_PAGE_SIZE);
    }

    /** As {@link #ProjectionReader(StreamRangePort, StreamStatePort, Clock, int)}, reading pages of {@code pageSize}. */
    public ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds, int pageSize) {
        this(range, states, clock, maxCachedFolds, pageSize, Option.none(), Duration.ZERO);
    }

    /**
     * A reader that also keeps the folds of sealed windows (no entry can enter them any more: the
     * stream's last generated id is past their end) of {@link Checkpointable} projections in
     * {@code checkpoints}, each for {@code ttl}: after a restart such a window is read from its
     * checkpoint, once the checkpoint is proved to hold for the stream as it is (the same proof as
     * the cache's, and no delete inside the window since).
     */
    public ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds, int pageSize,
                            CheckpointPort checkpoints, Duration ttl) {
        this(range, states, clock, maxCachedFolds, pageSize, Option.some(Objects.requireNonNull(checkpoints, "checkpoints")), ttl);
    }

    private ProjectionReader(StreamRangePort range, StreamStatePort states, Clock clock, int maxCachedFolds, int pageSize,
                             Option<CheckpointPort> checkpoints, Duration ttl) {
        this.checkpoints = checkpoints;
        this.checkpointTtl = Objects.requireNonNull(ttl, "ttl");
        if (checkpoints.isDefined() && (ttl.isNegative() || ttl.isZero())) {
            throw new IllegalArgumentException("checkpoint ttl must be > 0, got " + ttl);
        }
        this.windows = new StreamWindows(Objects.requireNonNull(range, "range"));
        this.states = Objects.requireNonNull(states, "states");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (maxCachedFolds < 1) {
            throw new IllegalArgumentException("cache size must be >= 1, got " + maxCachedFolds);
        }
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be >= 1, got " + pageSize);
        }
        this.maxCachedFolds = maxCachedFolds;
        this.pageSize = pageSize;
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Cached> eldest) {
                boolean evict = size() > ProjectionReader.this.maxCachedFolds;
                if (evict) {
                    evictions.incrementAndGet();
                    EchoListener.tell(listener, new EchoEvent.Evicted());
                }
                return evict;
            }
        };
    }

    /** The fold of {@code window} of the stream, from the cache where that is provably the same answer. */
    public <A> A fold(String queue, String name, Window window, Fold<A> projection) {
        StreamKey key = StreamKey.of(queue, name);
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(projection, "projection");
        reads.incrementAndGet();
        long t0 = System.nanoTime();
        try {
            return foldWithState(queue, name, key, window, projection, readState(key));
        } finally {
            timed(projection, t0);
        }
    }

    /**
     * The fold of the last {@code length} (the window {@code [now - length, ∞)}): for an
     * {@link InvertibleFold} a running fold (new entries in, expired ones retracted); for a
     * {@link CombinableFold} panes of {@code pane} (sealed ones in a Two-Stacks aggregator, the
     * trailing one as suffix accumulators, the open one incrementally), combined in order; for any
     * other fold, the whole window afresh.
     */
    public <A> A foldSliding(String queue, String name, Duration length, Duration pane, Fold<A> projection) {
        StreamKey key = StreamKey.of(queue, name);
        Objects.requireNonNull(projection, "projection");
        requireSliding(length, pane);
        return foldSlidingAt(queue, name, key, length, pane, projection, clock.instant());
    }

    /**
     * The fold of {@code window} over every partition of {@code channel}: each partition's fold from
     * its own cache (a partition that did not change costs one state read), merged in partition order.
     * {@code merge(a, b)}, with {@code a} the fold of the lower partitions, must answer what folding
     * the entries of both in {@code (StreamId, partition)} order answers, as
     * {@link echomq.domain.window.PartitionedWindows#foldWindow} does; for a count or a maximum that is
     * the fold's own combine, for "the newest n" it is a merge by id.
     * <pre>{@code
     * PartitionedChannel opened = new PartitionedChannel("cm", "room-opened", 3);
     * Map<String, Integer> perRoom = reader.foldPartitioned(opened, Window.closed(t0, t1), roomOpenings, roomOpenings::combine);
     * }</pre>
     */
    public <A> A foldPartitioned(PartitionedChannel channel, Window window, Fold<A> projection, BinaryOperator<A> merge) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(merge, "merge");
        return merged(channel, key -> fold(key.queue(), key.name(), window, projection), merge);
    }

    /**
     * {@link #foldSliding} over every partition of {@code channel}, all at the same instant, merged
     * as {@link #foldPartitioned} merges.
     */
    public <A> A foldSlidingPartitioned(PartitionedChannel channel, Duration length, Duration pane, Fold<A> projection,
                                        BinaryOperator<A> merge) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(merge, "merge");
        requireSliding(length, pane);
        Instant now = clock.instant(); // one instant: every partition's window ends at the same time
        return merged(channel, key -> foldSlidingAt(key.queue(), key.name(), key, length, pane, projection, now), merge);
    }

    /** {@code one} of every partition of {@code channel}, merged in partition order. */
    private static <A> A merged(PartitionedChannel channel, java.util.function.Function<StreamKey, A> one, BinaryOperator<A> merge) {
        A acc = one.apply(channel.partition(0));
        for (int p = 1; p < channel.partitions(); p++) {
            acc = merge.apply(acc, one.apply(channel.partition(p)));
        }
        return acc;
    }

    private static void requireSliding(Duration length, Duration pane) {
        if (length == null || length.isNegative() || length.isZero()) {
            throw new IllegalArgumentException("window length must be > 0, got " + length);
        }
        if (pane == null || pane.toMillis() < 1 || pane.compareTo(length) > 0) {
            throw new IllegalArgumentException("pane must be 1 ms .. the window length, got " + pane);
        }
    }

    private <A> A foldSlidingAt(String queue, String name, StreamKey key, Duration length, Duration pane, Fold<A> projection,
                                Instant now) {
        long t0 = System.nanoTime();
        try {
            return slidingAt(queue, name, key, length, pane, projection, now);
        } finally {
            timed(projection, t0);
        }
    }

    private <A> A slidingAt(String queue, String name, StreamKey key, Duration length, Duration pane, Fold<A> projection,
                            Instant now) {
        Instant start = now.minus(length);
        reads.incrementAndGet();
        Seen state = readState(key);
        if (state.state().isEmpty()) {
            absent.incrementAndGet();
            return projection.initial();
        }
        if (projection instanceof InvertibleFold<A> invertible) {
            return running(queue, name, key, length, start, invertible, state);
        }
        if (!(projection instanceof CombinableFold<A> combinable)) {
            // cannot combine panes: the whole window, afresh. Not cached: its start moves with every
            // read, so an entry would never be hit again and would only push out panes that are
            return foldUncached(queue, name, Window.since(start), projection, state);
        }
        long paneMs = pane.toMillis();
        long startMs = StreamId.epochMilli(start);
        long firstFull = Math.floorDiv(startMs + paneMs - 1, paneMs) * paneMs; // first pane boundary at or after start
        long nowMs = StreamId.epochMilli(now);
        long leading = Math.floorDiv(nowMs, paneMs) * paneMs;
        if (leading < firstFull) {
            // the whole window lies in the leading pane, which it only partly covers
            return foldUncached(queue, name, Window.since(start), projection, state);
        }
        // panes before the one holding the stream's last generated id are sealed: no entry can enter them any more
        long lastGenerated = state.state().get().lastGenerated().ms();
        long sealedEnd = Math.max(firstFull, Math.min(leading, Math.floorDiv(lastGenerated, paneMs) * paneMs));
        A acc = combinable.initial();
        if (firstFull > startMs) {
            // the trailing edge falls inside a pane: the suffix of that pane from the edge on
            acc = trailing(queue, name, key, firstFull - paneMs, paneMs, start, combinable, state);
        }
        if (sealedEnd > firstFull) {
            acc = combine(combinable, acc, sealedPanes(queue, name, key, length, firstFull, sealedEnd, paneMs, combinable, state));
        }
        A open = foldWithState(queue, name, key, Window.since(Instant.ofEpochMilli(sealedEnd)), projection, state);
        return combine(combinable, acc, open);
    }

    private <A> A combine(CombinableFold<A> projection, A earlier, A later) {
        combines.incrementAndGet();
        return projection.combine(earlier, later);
    }

    /**
     * The combined folds of the sealed panes {@code [firstFull, sealedEnd)} through the projection's
     * {@link PaneStacks}: each pane is folded once, when it seals, and combined a constant number of
     * times on average however long the window. The stacks are kept while they provably hold (the
     * same history, no delete among their panes since); otherwise they are built again.
     */
    @SuppressWarnings("unchecked")
    private <A> A sealedPanes(String queue, String name, StreamKey key, Duration length, long firstFull, long sealedEnd, long paneMs,
                              CombinableFold<A> projection, Seen seen) {
        StreamState now = seen.state().get();
        // one aggregator per window length: a shorter window pops panes a longer one still needs
        Key k = new Key(key, "last " + length + " in panes of " + paneMs + " ms", projection.name() + "#v" + projection.version());
        PaneStacks held;
        synchronized (stacks) {
            held = stacks.get(k);
        }
        // the stacks hold the panes from their oldest on: a window that starts before it (the clock went back) is built again
        boolean valid = held != null && held.lineage() == seen.lineage() && held.next() <= sealedEnd
                && (held.oldest() <= firstFull || held.next() <= firstFull)
                && !deletedInside(held.foldedAt(), now, Window.since(Instant.ofEpochMilli(held.oldest())));
        Vector<Pane> front = valid ? held.front() : Vector.empty();
        Vector<Pane> back = valid ? held.back() : Vector.empty();
        A backAgg = valid ? (A) held.backAgg() : projection.initial();
        long next = valid ? Math.max(held.next(), firstFull) : firstFull;
        if (valid && held.next() < firstFull) {
            // the window moved past every pane held: none of them is needed
            front = Vector.empty();
            back = Vector.empty();
            backAgg = projection.initial();
        }
        front = front.dropWhile(p -> p.start() < firstFull);
        for (long p = next; p < sealedEnd; p += paneMs) {
            Window w = Window.closed(Instant.ofEpochMilli(p), Instant.ofEpochMilli(p + paneMs - 1));
            A pane = foldWithState(queue, name, key, w, projection, seen);
            back = back.append(new Pane(p, pane));
            backAgg = combine(projection, backAgg, pane);
        }
        if (front.isEmpty() && !back.isEmpty()) {
            // flip: the back's panes become the front's suffix aggregates, right to left
            Vector<Pane> live = back.dropWhile(p -> p.start() < firstFull);
            Object[] suffixes = new Object[live.size()];
            A suffix = projection.initial();
            for (int i = live.size() - 1; i >= 0; i--) {
                suffix = combine(projection, (A) live.get(i).agg(), suffix);
                suffixes[i] = suffix;
            }
            Vector<Pane> flipped = Vector.empty();
            for (int i = 0; i < suffixes.length; i++) {
                flipped = flipped.append(new Pane(live.get(i).start(), suffixes[i]));
            }
            front = flipped;
            back = Vector.empty();
            backAgg = projection.initial();
        }
        PaneStacks after = new PaneStacks(Math.max(next, sealedEnd), front, back, backAgg, now, seen.lineage());
        synchronized (stacks) {
            stacks.put(k, after);
        }
        A frontAgg = front.isEmpty() ? projection.initial() : (A) front.head().agg();
        return combine(projection, frontAgg, backAgg);
    }

    /**
     * The fold of the last {@code length} of an invertible projection, kept running: what was
     * appended since the last read is folded in, what slid out of the window is read once more and
     * retracted. A read costs those entries and nothing else, however long the window. The running
     * fold is kept while it provably holds (as a cached fold); otherwise, and when the window moved
     * back (the clock did), it is folded afresh.
     */
    @SuppressWarnings("unchecked")
    private <A> A running(String queue, String name, StreamKey key, Duration length, Instant start,
                          InvertibleFold<A> projection, Seen seen) {
        StreamState now = seen.state().get();
        Key k = new Key(key, "last " + length, projection.name() + "#v" + projection.version());
        StreamId from = StreamId.floor(start);
        Running held;
        synchronized (running) {
            held = running.get(k);
        }
        FoldResult<A> result;
        if (held != null && held.lineage() == seen.lineage() && !from.isBefore(held.from())
                && !deletedInside(held.foldedAt(), now, Window.since(held.from().instant()))) {
            FoldResult<A> before = (FoldResult<A>) held.result();
            StreamId seenTop = held.foldedAt().lastGenerated();
            // everything of the window up to here was folded; anything above is new
            StreamId upTo = before.last().filter(l -> l.compareTo(seenTop) >= 0).getOrElse(seenTop);
            FoldResult<A> kept = before;
            long moved = 0;
            if (from.isAfter(held.from()) && from.ms() > 0) {
                StreamId below = StreamId.of(from.ms() - 1, Long.MAX_VALUE);
                StreamId outTop = below.compareTo(upTo) < 0 ? below : upTo;
                FoldResult<A> out = windows.foldIds(queue, name, held.from(), outTop,
                        Fold.of("retract " + projection.name(), before.value(), projection::retract),
                        FoldResult.empty(before.value()), pageSize);
                moved += out.entries();
                kept = new FoldResult<>(out.value(), before.last(), before.entries());
            }
            if (nothingNew(held.foldedAt(), now, Window.since(start))) {
                result = kept;
                if (moved == 0) {
                    hits.incrementAndGet();
                }
            } else {
                incremental.incrementAndGet();
                result = windows.resume(queue, name, Window.since(start), projection,
                        new FoldResult<>(kept.value(), Option.some(upTo), kept.entries()), pageSize);
                moved += result.entries() - kept.entries();
            }
            entries.addAndGet(moved);
            folded(projection, key, moved == 0 ? EchoEvent.FoldKind.HIT : EchoEvent.FoldKind.INCREMENTAL, moved);
        } else {
            full.incrementAndGet();
            result = windows.foldDetailed(queue, name, Window.since(start), projection, pageSize);
            entries.addAndGet(result.entries());
            folded(projection, key, EchoEvent.FoldKind.FULL, result.entries());
        }
        synchronized (running) {
            if (withinState(result.last(), now)) {
                running.put(k, new Running(result, from, now, seen.lineage()));
            } else {
                running.remove(k); // folded past the state it was checked against: not provable next time
            }
        }
        return result.value();
    }

    /**
     * The fold of the trailing pane from {@code start} on, in O(entries that slid out) once the pane
     * is known: the pane's entries are folded once, right to left, into suffix accumulators (the back
     * stack of the Two-Stacks sliding aggregator: {@code suffix[i] = combine(step(initial, e[i]),
     * suffix[i + 1])}), and each read takes the suffix from the first entry at or after
     * {@code start}. The suffixes are kept while the pane provably did not change, as a cached fold is.
     */
    @SuppressWarnings("unchecked")
    private <A> A trailing(String queue, String name, StreamKey key, long paneStart, long paneMs, Instant start,
                           CombinableFold<A> projection, Seen seen) {
        if (seen.state().isEmpty()) {
            absent.incrementAndGet();
            return projection.initial();
        }
        StreamState now = seen.state().get();
        Window pane = Window.closed(Instant.ofEpochMilli(paneStart), Instant.ofEpochMilli(paneStart + paneMs - 1));
        Key k = new Key(key, describe(pane) + "#suffixes", projection.name() + "#v" + projection.version());
        Suffixes held;
        synchronized (suffixes) {
            held = suffixes.get(k);
        }
        boolean valid = held != null && holds(held.foldedAt(), held.lineage(), seen, pane) && nothingNew(held.foldedAt(), now, pane);
        Suffixes s = valid ? held : buildSuffixes(queue, name, pane, projection, now, seen.lineage());
        if (!valid) {
            synchronized (suffixes) {
                if (withinState(s.ids().lastOption(), now)) {
                    suffixes.put(k, s);
                } else {
                    suffixes.remove(k); // folded past the checked state: not provable next time
                }
            }
        } else {
            hits.incrementAndGet();
            folded(projection, key, EchoEvent.FoldKind.HIT, 0);
        }
        StreamId from = StreamId.floor(start);
        int i = firstAtOrAfter(s.ids(), from);
        return i == s.ids().size() ? projection.initial() : (A) s.aggs().get(i);
    }

    private <A> Suffixes buildSuffixes(String queue, String name, Window pane, CombinableFold<A> projection, StreamState now,
                                       long lineage) {
        full.incrementAndGet();
        java.util.ArrayList<StreamEntry> entriesOfPane = new java.util.ArrayList<>();
        FoldResult<Boolean> r = windows.foldDetailed(queue, name, pane, Fold.of("collect", Boolean.TRUE, (acc, e) -> {
            entriesOfPane.add(e);
            return acc;
        }), pageSize);
        entries.addAndGet(r.entries());
        folded(projection, StreamKey.of(queue, name), EchoEvent.FoldKind.FULL, r.entries());
        Object[] aggs = new Object[entriesOfPane.size()];
        A suffix = projection.initial();
        for (int i = entriesOfPane.size() - 1; i >= 0; i--) {
            suffix = combine(projection, projection.step(projection.initial(), entriesOfPane.get(i)), suffix);
            aggs[i] = suffix;
        }
        return new Suffixes(Vector.ofAll(entriesOfPane).map(StreamEntry::id), Vector.of(aggs), now, lineage);
    }

    private static int firstAtOrAfter(Vector<StreamId> ids, StreamId from) {
        int lo = 0;
        int hi = ids.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ids.get(mid).compareTo(from) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private <A> A foldUncached(String queue, String name, Window w, Fold<A> projection, Seen state) {
        if (state.state().isEmpty()) {
            absent.incrementAndGet();
            return projection.initial();
        }
        full.incrementAndGet();
        FoldResult<A> r = windows.foldDetailed(queue, name, w, projection, pageSize);
        entries.addAndGet(r.entries());
        folded(projection, StreamKey.of(queue, name), EchoEvent.FoldKind.FULL, r.entries());
        return r.value();
    }

    private Seen readState(StreamKey key) {
        stateReads.incrementAndGet();
        EchoListener.tell(listener, new EchoEvent.StateRead(key));
        Lineage known;
        synchronized (lineages) {
            known = lineages.get(key);
        }
        Option<EntryMark> anchor = known == null ? Option.none() : known.seen().lastEntry();
        Option<StreamState> now;
        boolean continues;
        if (anchor.isDefined()) {
            StreamObservation o = states.observe(key, anchor.get().id());
            now = o.state();
            continues = now.isDefined() && o.probed().equals(anchor) && known.seen().canPrecede(now.get());
        } else {
            now = states.state(key);
            continues = false;
        }
        long id = continues ? known.id() : lineageIds.incrementAndGet();
        synchronized (lineages) {
            if (now.isDefined()) {
                lineages.put(key, new Lineage(id, now.get()));
            } else {
                lineages.remove(key);
            }
        }
        return new Seen(now, id);
    }

    @SuppressWarnings("unchecked")
    private <A> A foldWithState(String queue, String name, StreamKey key, Window window, Fold<A> projection,
                                Seen seen) {
        Option<StreamState> state = seen.state();
        Key k = new Key(key, describe(window), projection.name() + "#v" + projection.version());
        if (state.isEmpty()) {
            synchronized (cache) {
                cache.remove(k);
            }
            absent.incrementAndGet();
            return projection.initial(); // no stream: the empty fold, nothing to read
        }
        StreamState now = state.get();
        Cached cached;
        synchronized (cache) {
            cached = cache.get(k);
        }
        FoldResult<A> result;
        if (cached != null && holds(cached.foldedAt(), cached.lineage(), seen, window)) {
            FoldResult<A> before = (FoldResult<A>) cached.result();
            StreamId seenTop = cached.foldedAt().lastGenerated();
            if (nothingNew(cached.foldedAt(), now, window)) {
                hits.incrementAndGet();
                folded(projection, key, EchoEvent.FoldKind.HIT, 0);
                return before.value();
            }
            // only appends: everything new is above what the stream held when we folded, so fold on
            // from there ("last" then means "folded up to here", which is all a resume needs)
            StreamId from = before.last().filter(l -> l.compareTo(seenTop) >= 0).getOrElse(seenTop);
            incremental.incrementAndGet();
            result = windows.resume(queue, name, window, projection,
                    new FoldResult<>(before.value(), Option.some(from), before.entries()), pageSize);
            entries.addAndGet(result.entries() - before.entries());
            folded(projection, key, EchoEvent.FoldKind.INCREMENTAL, result.entries() - before.entries());
        } else {
            Option<FoldResult<A>> kept = fromCheckpoint(key, window, projection, now);
            if (kept.isDefined()) {
                checkpointsLoaded.incrementAndGet();
                result = kept.get();
                folded(projection, key, EchoEvent.FoldKind.CHECKPOINT, 0);
            } else {
                full.incrementAndGet();
                result = windows.foldDetailed(queue, name, window, projection, pageSize);
                entries.addAndGet(result.entries());
                folded(projection, key, EchoEvent.FoldKind.FULL, result.entries());
                toCheckpoint(key, window, projection, now, result);
            }
        }
        synchronized (cache) {
            if (withinState(result.last(), now)) {
                cache.put(k, new Cached(result, now, seen.lineage()));
            } else {
                cache.remove(k); // folded past the state it was checked against (an append raced the read): not provable next time
            }
        }
        return result.value();
    }

    /**
     * Whether a fold of {@code window} made at {@code foldedAt} in {@code lineage} still holds for
     * what this read saw, but for entries appended since: the same history of the stream, and no
     * delete or trim inside the window.
     */
    private static boolean holds(StreamState foldedAt, long lineage, Seen seen, Window window) {
        return lineage == seen.lineage() && !deletedInside(foldedAt, seen.state().get(), window);
    }

    /** Whether no entry can have entered {@code window} since {@code foldedAt}: nothing appended, or only above the window. */
    private static boolean nothingNew(StreamState foldedAt, StreamState now, Window window) {
        StreamId seenTop = foldedAt.lastGenerated();
        return now.lastGenerated().equals(seenTop) || window.upper().exists(u -> u.compareTo(seenTop) <= 0);
    }

    /** Whether a fold that ended at {@code last} lies within the state it was checked against (so the next read can prove it). */
    private static boolean withinState(Option<StreamId> last, StreamState now) {
        return last.forAll(l -> l.compareTo(now.lastGenerated()) <= 0);
    }

    /**
     * Whether something was deleted (XDEL or a trim) since {@code then} that may lie in the window.
     * With Redis 7.0's fields, the count of deleted entries ({@code entries-added - length}) says
     * whether anything was deleted at all; if so, it stayed out of the window only when every XDEL
     * was below it ({@code max-deleted-entry-id}, which XDEL sets and XTRIM does not) and every trim
     * too (a trim removes the ids below the new first entry). Without those fields nothing proves
     * the absence of a delete but an unchanged stream, so any change counts as one (a full fold:
     * slower, never wrong).
     */
    static boolean deletedInside(StreamState then, StreamState now, Window window) {
        if (then.entriesAdded().isDefined() && now.entriesAdded().isDefined() && now.maxDeletedEntryId().isDefined()) {
            long deletedThen = then.entriesAdded().get() - then.length();
            long deletedNow = now.entriesAdded().get() - now.length();
            if (deletedNow == deletedThen) {
                return false;
            }
            boolean xdelsBelow = now.maxDeletedEntryId().get().compareTo(window.lower()) < 0;
            boolean trimsBelow = now.first().exists(first -> first.compareTo(window.lower()) <= 0);
            return !(xdelsBelow && trimsBelow);
        }
        return !now.equals(then);
    }

    private static boolean sealed(Window window, StreamState now) {
        return window.upper().exists(u -> u.compareTo(now.lastGenerated()) <= 0);
    }

    /** The fold of a sealed window from its checkpoint, if there is one and it provably holds. */
    private <A> Option<FoldResult<A>> fromCheckpoint(StreamKey key, Window window, Fold<A> projection, StreamState now) {
        if (checkpoints.isEmpty() || !(projection instanceof Checkpointable<A> c) || !sealed(window, now)) {
            return Option.none();
        }
        Option<Checkpoint> stored = checkpoints.get().load(key, projection.name(), describe(window));
        if (stored.isEmpty() || stored.get().version() != projection.version()) {
            return Option.none();
        }
        StreamObservation o = states.observe(key, stored.get().upTo().id());
        // the same stream as this read saw (nothing moved in between), the checkpoint's history, no delete inside since
        if (!o.state().contains(now) || Checkpoints.whyNot(stored.get(), o).isDefined()
                || deletedInside(stored.get().seen(), now, window)) {
            return Option.none();
        }
        try {
            return Option.some(new FoldResult<>(c.codec().decode(stored.get().state()), window.upper(), 0));
        } catch (IllegalArgumentException unreadable) {
            return Option.none(); // written by a codec this one cannot read: fold afresh
        }
    }

    private <A> void toCheckpoint(StreamKey key, Window window, Fold<A> projection, StreamState now, FoldResult<A> result) {
        if (checkpoints.isEmpty() || !(projection instanceof Checkpointable<A> c) || !sealed(window, now) || now.lastEntry().isEmpty()) {
            return;
        }
        Checkpoint cp = new Checkpoint(key, Checkpoint.requireName(projection.name()), projection.version(), describe(window),
                c.codec().encode(result.value()), now.lastEntry().get(), now, clock.instant());
        if (checkpoints.get().save(cp, Option.some(checkpointTtl))) {
            checkpointsSaved.incrementAndGet();
        }
    }

    private static String describe(Window w) {
        return w.lower() + ".." + w.upper().map(StreamId::toString).getOrElse("+");
    }

    public Metrics metrics() {
        int size;
        synchronized (cache) {
            size = cache.size();
        }
        return new Metrics(reads.get(), hits.get(), incremental.get(), full.get(), entries.get(), stateReads.get(),
                evictions.get(), size, absent.get(), lineageIds.get(),
                checkpointsLoaded.get(), checkpointsSaved.get(), combines.get());
    }
}
