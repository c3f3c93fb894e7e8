package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.observe.EchoSpan;
import echomq.domain.stream.StreamKey;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a {@link ProjectionReader} did so far, counted, and told to its {@link EchoListener} as it
 * happens. Every part of the reader counts through here, so a count means the same wherever it
 * was made.
 */
final class ReaderMetrics {

    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong incremental = new AtomicLong();
    private final AtomicLong full = new AtomicLong();
    private final AtomicLong entries = new AtomicLong();
    private final AtomicLong stateReads = new AtomicLong();
    private final AtomicLong evictions = new AtomicLong();
    private final AtomicLong absent = new AtomicLong();
    private final AtomicLong checkpointsLoaded = new AtomicLong();
    private final AtomicLong checkpointsSaved = new AtomicLong();
    private final AtomicLong combines = new AtomicLong();
    private final AtomicLong checkpointsRefused = new AtomicLong();
    private final AtomicLong stood = new AtomicLong();
    private final AtomicLong bucketsKept = new AtomicLong();
    private final AtomicLong encoded = new AtomicLong();
    private final AtomicLong retractedAhead = new AtomicLong();
    private volatile EchoListener listener = EchoListener.NONE;

    /** Tells {@code l}, from now on, what the reader does (replacing the listener before). */
    void observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
    }

    /** A fold was asked for (one per stream: a partitioned read counts each partition). */
    void read() {
        reads.incrementAndGet();
    }

    /** Opens the listener's span for a read of {@code fold} over {@code key}, closed when it is done. */
    EchoSpan begin(Fold<?> fold, StreamKey key) {
        return EchoListener.open(listener, EchoSpan.Operation.FOLD, fold.name(), key);
    }

    /** A read of {@code fold} that began at {@code startedNanos} ({@link System#nanoTime}) is done. */
    void timed(Fold<?> fold, long startedNanos) {
        EchoListener.tell(listener, new EchoEvent.Read(fold.name(), System.nanoTime() - startedNanos));
    }

    /** A stream state read ({@code XINFO STREAM}) is about to be made. */
    void stateRead(EchoEvent.StateRead event) {
        stateReads.incrementAndGet();
        EchoListener.tell(listener, event);
    }

    /** A fold of a stream that does not exist: the empty fold, neither a hit nor a fold. */
    void absent() {
        absent.incrementAndGet();
    }

    /** A kept fold was pushed out by a newer one. */
    void evicted() {
        evictions.incrementAndGet();
        EchoListener.tell(listener, new EchoEvent.Evicted());
    }

    /** Two accumulators were combined (panes, suffixes, the Two-Stacks). */
    void combined() {
        combines.incrementAndGet();
    }

    /** A sliding window was answered as it stood: none of its parts changed since the read before, nothing combined. */
    void stood() {
        stood.incrementAndGet();
    }

    /** {@code n} sealed buckets of a series were served as they were kept, not looked up or folded again. */
    void bucketsKept(long n) {
        bucketsKept.addAndGet(n);
    }

    /** A bucket was encoded (a sealed one once; an open one at every read that changed it). */
    void encoded() {
        encoded.incrementAndGet();
    }

    /** {@code n} entries that slid out of a running fold were retracted from what was read ahead, with no range read. */
    void retractedAhead(long n) {
        retractedAhead.addAndGet(n);
    }

    /** A sealed window's fold was written as a checkpoint (the store took it). */
    void checkpointSaved() {
        checkpointsSaved.incrementAndGet();
    }

    /** A sealed window's checkpoint was not kept: the store refuses writes (out of memory, cannot persist). */
    void checkpointRefused() {
        checkpointsRefused.incrementAndGet();
    }

    /** Served as it was kept: no range read. */
    void hit(Fold<?> fold, StreamKey key) {
        hits.incrementAndGet();
        folded(fold, key, EchoEvent.FoldKind.HIT, 0);
    }

    /** Brought up to date with {@code n} entries appended since it was kept. */
    void incremental(Fold<?> fold, StreamKey key, long n) {
        incremental.incrementAndGet();
        folded(fold, key, EchoEvent.FoldKind.INCREMENTAL, n);
    }

    /** Folded afresh: {@code n} entries. */
    void full(Fold<?> fold, StreamKey key, long n) {
        full.incrementAndGet();
        folded(fold, key, EchoEvent.FoldKind.FULL, n);
    }

    /** Taken from a valid checkpoint instead of the stream. */
    void fromCheckpoint(Fold<?> fold, StreamKey key) {
        checkpointsLoaded.incrementAndGet();
        folded(fold, key, EchoEvent.FoldKind.CHECKPOINT, 0);
    }

    /**
     * A running fold read {@code read} entries (in, and out past what was read ahead): a hit when
     * nothing changed in it, an incremental fold when something new could be in the window or
     * something slid out.
     */
    void ran(Fold<?> fold, StreamKey key, long read, boolean changed) {
        if (changed) {
            incremental.incrementAndGet();
        } else {
            hits.incrementAndGet();
        }
        folded(fold, key, changed ? EchoEvent.FoldKind.INCREMENTAL : EchoEvent.FoldKind.HIT, read);
    }

    private void folded(Fold<?> fold, StreamKey key, EchoEvent.FoldKind kind, long n) {
        entries.addAndGet(n);
        EchoListener.tell(listener, new EchoEvent.Folded(fold.name(), key, kind, n));
    }

    /** The counts so far, with the folds kept now and the lineages started. */
    ProjectionReader.Metrics snapshot(int cached, long lineages) {
        return new ProjectionReader.Metrics(reads.get(), hits.get(), incremental.get(), full.get(), entries.get(), stateReads.get(),
                evictions.get(), cached, absent.get(), lineages, checkpointsLoaded.get(), checkpointsSaved.get(), combines.get(),
                checkpointsRefused.get(), stood.get(), bucketsKept.get(), encoded.get(), retractedAhead.get());
    }
}
