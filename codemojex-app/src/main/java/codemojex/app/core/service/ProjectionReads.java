package codemojex.app.core.service;

import codemojex.app.core.SkippedEntries;
import codemojex.projections.GamePartitions;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.Tally;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoListener;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BinaryOperator;

/**
 * The one projection reader every read service folds through (so they share its cache), over every
 * partition of a channel, with the entries each fold skipped as unreadable noted in one
 * {@link SkippedEntries}.
 */
public final class ProjectionReads {

    /** Cached folds kept by the projection reader (panes, windows). */
    public static final int CACHED_FOLDS = 10_000;

    private final ProjectionReader reader;
    private final GamePartitions partitions;
    private final SkippedEntries skipped = new SkippedEntries();
    private final StreamStatePort states;
    private final Clock clock;

    /**
     * Over the log's range and state reads, a checkpoint store for sealed panes and buckets (kept
     * {@code keepPanes}), a clock, and how games are spread over partitions.
     */
    public ProjectionReads(StreamRangePort range, StreamStatePort states, CheckpointPort store, Duration keepPanes, Clock clock,
                           GamePartitions partitions) {
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.states = Objects.requireNonNull(states, "states");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.reader = new ProjectionReader(range, states, clock, CACHED_FOLDS, StreamWindows.DEFAULT_PAGE_SIZE, store, keepPanes);
    }

    /** {@code fold} over {@code window} of every partition's {@code channel}, merged by {@code merge}; what it skipped noted. */
    <A> Tally<A> fold(String channel, Window window, CombinableFold<Tally<A>> fold, BinaryOperator<Tally<A>> merge) {
        return noted(channel, reader.fold(partitions.channel(channel), window, fold, merge));
    }

    /** {@code fold} over {@code window} of one stream of {@code channel}; what it skipped noted. */
    <A> Tally<A> fold(String channel, StreamKey stream, Window window, CombinableFold<Tally<A>> fold) {
        return noted(channel, reader.fold(stream, window, fold));
    }

    /** {@code fold} over {@code window} of one stream, kept and folded on by the reader: a fold no channel merges (a game's sessions). */
    <A> A foldStream(StreamKey stream, Window window, Fold<A> fold) {
        return reader.fold(stream, window, fold);
    }

    /** The app's clock, the one the reader reads sliding windows at. */
    Clock clock() {
        return clock;
    }

    /** {@code fold} of each bucket of {@code window} over every partition's {@code channel}, merged bucket by bucket; skips noted. */
    <A> Series<Tally<A>> series(String channel, Bucketed window, CombinableFold<Tally<A>> fold) {
        Series<Tally<A>> series = reader.fold(partitions.channel(channel), window, fold, fold::combine);
        series.buckets().forEach(b -> skipped.note(channel, b.value()));
        return series;
    }

    /** Notes what {@code tally} skipped in {@code channel}; returns it. */
    <A> Tally<A> noted(String channel, Tally<A> tally) {
        skipped.note(channel, tally);
        return tally;
    }

    /**
     * From when every partition's {@code channel} holds all it still has, when a window of the last
     * {@code since} (now by the app's clock) may reach past what retention kept: something was
     * removed from a partition's stream (fewer entries than were ever added) and the window starts
     * before its oldest entry kept. Redis 7.0 does not record where a trim cut (its
     * {@code max-deleted-entry-id} counts {@code XDEL} only), so this errs on the safe side: the gap
     * between the cut and the oldest entry kept may have held nothing. The latest such oldest entry
     * over the partitions (of an emptied stream: the millisecond after its last id); none when the
     * window was kept whole.
     */
    Option<Instant> keptFrom(String channel, Duration since) {
        return keptFrom(channel, clock.instant().minus(since));
    }

    /** As {@link #keptFrom(String, Duration)}, for a window starting at {@code start}. */
    Option<Instant> keptFrom(String channel, Instant start) {
        long from = start.toEpochMilli();
        long kept = -1;
        for (StreamKey key : partitions.channel(channel).keys()) {
            for (StreamState s : states.state(key)) {
                long added = s.entriesAdded().getOrElse(s.length());
                if (added > s.length()) {
                    long oldest = s.first().map(StreamId::ms).getOrElse(s.lastGenerated().ms() + 1);
                    if (oldest > from) {
                        kept = Math.max(kept, oldest);
                    }
                }
            }
        }
        return kept < 0 ? Option.none() : Option.some(Instant.ofEpochMilli(kept));
    }

    /** How the games are spread over partitions. */
    GamePartitions partitions() {
        return partitions;
    }

    /** The unreadable entries the reads skipped so far. */
    public SkippedEntries skippedEntries() {
        return skipped;
    }

    /** What the projection reader did so far (cache hits, incremental and full folds). */
    public ProjectionReader.Metrics metrics() {
        return reader.metrics();
    }

    /** Tells {@code l} what the projection reader does (folds, cache, state reads). Returns these reads. */
    public ProjectionReads observedBy(EchoListener l) {
        reader.observedBy(l);
        return this;
    }
}
