package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStoreException;

import io.vavr.control.Option;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Reads and folds time windows of streams through a {@link StreamRangePort}: the plain fold, each
 * entry of the window read and folded once, with nothing kept between reads. Every argument is
 * validated before the port is called. A {@link Window.Sliding} window is read as it stands at the
 * clock's instant.
 * <pre>{@code
 * StreamWindows windows = new StreamWindows(port);
 * StreamKey key = StreamKey.of("cm", "guess-scored");
 * long n = windows.foldWindow(key, Window.last(Duration.ofHours(1)), Fold.of("count", 0L, (acc, e) -> acc + 1));
 * // one XRANGE key <t0 ms>-0 <t1 ms>-4194303 COUNT 100
 * List<StreamEntry> first = windows.readWindow(key, Window.closed(t0, t1), 100);
 * }</pre>
 */
public final class StreamWindows {

    /** The page size of a fold when none is given. */
    public static final int DEFAULT_PAGE_SIZE = 1000;

    private final StreamRangePort port;
    private final Clock clock;

    /**
     * Reads through {@code port}; sliding windows end at the system clock's instant.
     *
     * @param port the range port
     */
    public StreamWindows(StreamRangePort port) {
        this(port, Clock.systemUTC());
    }

    /**
     * Reads through {@code port}; sliding windows end at {@code clock}'s instant.
     *
     * @param port  the range port
     * @param clock where a sliding window's "now" comes from
     */
    public StreamWindows(StreamRangePort port, Clock clock) {
        this.port = Objects.requireNonNull(port, "port");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The first {@code count} entries minted in {@code [t0, t1]}, in mint order: one range call.
     * The seed's shape, with the stream as a queue and a name.
     *
     * @param queue the stream's queue
     * @param name  the stream's name
     * @param t0    the first instant
     * @param t1    the last instant
     * @param count at most this many, at least 1
     * @return the entries, oldest first
     * @throws IllegalArgumentException for a bad key, window or count, before the port is called
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public List<StreamEntry> readWindow(String queue, String name, Instant t0, Instant t1, int count) {
        return readWindow(StreamKey.of(queue, name), Window.closed(t0, t1), count);
    }

    /**
     * The first {@code count} entries minted at or after {@code t0}, in mint order: one range call.
     *
     * @param queue the stream's queue
     * @param name  the stream's name
     * @param t0    the first instant
     * @param count at most this many, at least 1
     * @return the entries, oldest first
     * @throws IllegalArgumentException for a bad key, instant or count, before the port is called
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public List<StreamEntry> readSince(String queue, String name, Instant t0, int count) {
        return readWindow(StreamKey.of(queue, name), Window.since(t0), count);
    }

    /**
     * The first {@code count} entries of {@code window}, in mint order: one range call.
     *
     * @param key    the stream
     * @param window the window (a sliding one as it stands now)
     * @param count  at most this many, at least 1
     * @return the entries, oldest first
     * @throws IllegalArgumentException for a bad count, before the port is called
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public List<StreamEntry> readWindow(StreamKey key, Window window, int count) {
        Objects.requireNonNull(key, "key");
        Window.Fixed w = fixed(window);
        requireCount("count", count);
        List<StreamEntry> page = w.upper().isDefined()
                ? port.range(key, w.lower(), w.upper().get(), count)
                : port.rangeFrom(key, w.lower(), count);
        return checked(page, w.lower(), w.upper(), count);
    }

    /**
     * Folds every entry of the window, paging by {@link #DEFAULT_PAGE_SIZE}.
     *
     * @param key    the stream
     * @param window the window (a sliding one as it stands now)
     * @param fold   the fold
     * @param <A>    the accumulator
     * @return the fold of the window's entries
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> A foldWindow(StreamKey key, Window window, Fold<A> fold) {
        return foldWindow(key, window, fold, DEFAULT_PAGE_SIZE);
    }

    /**
     * Folds every entry of the window, in mint order, each exactly once: pages of at most
     * {@code pageSize} entries, each page from the successor of the last id read. At most one page
     * is held at a time; a page size never truncates the fold.
     *
     * @param key      the stream
     * @param window   the window (a sliding one as it stands now)
     * @param fold     the fold
     * @param pageSize entries per range call, at least 1
     * @param <A>      the accumulator
     * @return the fold of the window's entries
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> A foldWindow(StreamKey key, Window window, Fold<A> fold, int pageSize) {
        return foldDetailed(key, window, fold, pageSize).value();
    }

    /**
     * {@link #foldWindow(StreamKey, Window, Fold, int)} with the last id folded and the count.
     *
     * @param key      the stream
     * @param window   the window (a sliding one as it stands now)
     * @param fold     the fold
     * @param pageSize entries per range call, at least 1
     * @param <A>      the accumulator
     * @return the value, the last id folded and how many entries were
     * @throws FoldInterruptedException when the store fails mid-fold (it carries the progress to resume from)
     */
    public <A> FoldResult<A> foldDetailed(StreamKey key, Window window, Fold<A> fold, int pageSize) {
        Objects.requireNonNull(fold, "fold");
        return resume(key, window, fold, FoldResult.empty(fold.initial()), pageSize);
    }

    /**
     * Folds {@code range} as a series of {@code buckets}: one paged pass over the range (never a
     * range read per bucket), every bucket in the answer, an empty one with {@code entries == 0}
     * and the fold's initial value. Folding the range as one window equals combining the values of
     * its tumbling series, in order, with a {@link echomq.domain.fold.CombinableFold}'s combine.
     * <pre>{@code
     * Series<Long> perMinute = windows.foldSeries(key, Buckets.tumbling(Duration.ofMinutes(1)),
     *         Window.closed(t0, t0.plus(Duration.ofHours(1)).minusMillis(1)), count);
     * }</pre>
     *
     * @param key     the stream
     * @param buckets how the range is cut
     * @param range   the range, whose ends clip the first and the last bucket
     * @param fold    the fold of each bucket
     * @param <A>     the accumulator
     * @return the series, in time order
     * @throws IllegalArgumentException before anything is read, when the range holds more than {@link Buckets#MAX_BUCKETS} buckets
     * @throws FoldInterruptedException when the store fails mid-fold: read the series again (its
     *         progress is of the series as a whole, not of one bucket)
     */
    public <A> Series<A> foldSeries(StreamKey key, Buckets buckets, Window.Closed range, Fold<A> fold) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(buckets, "buckets");
        Objects.requireNonNull(range, "range");
        SeriesFold<A> series = new SeriesFold<>(buckets.over(range), fold);
        return foldDetailed(key, range, series, DEFAULT_PAGE_SIZE).value().series();
    }

    /**
     * The sessions of {@code range}: one paged pass over its {@link Sessions#reach} (back far enough
     * to see where any session no longer than {@link Sessions#longest} starts), each session's
     * entries folded with {@code fold}. A session is open when the whole gap after its last entry
     * does not lie in the range.
     * <pre>{@code
     * List<Session<Long>> s = windows.foldSessions(key, Sessions.of(Duration.ofMinutes(2)).perKey("player"),
     *         Window.closed(t0, t1), count);
     * }</pre>
     *
     * @param key      the stream
     * @param sessions the gap, the key and the bounds
     * @param range    the range: its sessions are those whose last entry lies in it
     * @param fold     the fold of each session
     * @param <A>      the accumulator
     * @return the sessions, ordered by their first entry, then by key
     * @throws SessionsBoundException naming the bound, for a session longer than {@link Sessions#longest}
     *         or more than {@link Sessions#most} sessions
     * @throws FoldInterruptedException when the store fails mid-fold: read the sessions again
     */
    public <A> io.vavr.collection.List<Session<A>> foldSessions(StreamKey key, Sessions sessions, Window.Closed range,
                                                              Fold<A> fold) {
        return foldSessions(key, sessions, range, fold, DEFAULT_PAGE_SIZE);
    }

    /**
     * {@link #foldSessions(StreamKey, Sessions, Window.Closed, Fold)} paging by {@code pageSize}.
     *
     * @param key      the stream
     * @param sessions the gap, the key and the bounds
     * @param range    the range
     * @param fold     the fold of each session
     * @param pageSize entries per range call, at least 1
     * @param <A>      the accumulator
     * @return the sessions, ordered by their first entry, then by key
     * @throws SessionsBoundException naming the bound, for a session or a read past it
     * @throws FoldInterruptedException when the store fails mid-fold
     */
    public <A> io.vavr.collection.List<Session<A>> foldSessions(StreamKey key, Sessions sessions, Window.Closed range,
                                                              Fold<A> fold, int pageSize) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(range, "range");
        SessionFold<A> pass = sessions.fold(range, fold);
        return pass.sessions(foldDetailed(key, sessions.reach(range), pass, pageSize).value(), range);
    }

    /**
     * Continues a fold of {@code window} after {@code progress}: folds only the entries above
     * {@code progress.last()} (all of the window when none) into {@code progress.value()}. This is
     * how an open window is brought up to date and how a fold broken by a failure is retried
     * without folding anything twice.
     *
     * @param key      the stream
     * @param window   the window (a sliding one as it stands now)
     * @param fold     the fold
     * @param progress what was folded so far
     * @param pageSize entries per range call, at least 1
     * @param <A>      the accumulator
     * @return the progress after the rest of the window
     * @throws FoldInterruptedException when the store fails mid-fold
     */
    public <A> FoldResult<A> resume(StreamKey key, Window window, Fold<A> fold,
                                    FoldResult<A> progress, int pageSize) {
        Window.Fixed w = fixed(window);
        return resumeWithin(key, w.lower(), w.upper(), fold, progress, pageSize);
    }

    /**
     * As {@link #resume(StreamKey, Window, Fold, FoldResult, int)}, but no further than
     * {@code through}, an id at or below which entries can no longer be appended (the stream's
     * last-generated id as a state read saw it): what a cache that proves its folds against that
     * state keeps, whatever was appended after it.
     * <pre>{@code
     * FoldResult<Long> upToNow = windows.resume(key, window, count, progress, state.lastGenerated(), 1000);
     * }</pre>
     *
     * @param key      the stream
     * @param window   the window (a sliding one as it stands now)
     * @param fold     the fold
     * @param progress what was folded so far
     * @param through  the highest id to fold; the window's own end when that is lower
     * @param pageSize entries per range call, at least 1
     * @param <A>      the accumulator
     * @return the progress after the window's entries up to {@code through}
     * @throws FoldInterruptedException when the store fails mid-fold
     */
    public <A> FoldResult<A> resume(StreamKey key, Window window, Fold<A> fold, FoldResult<A> progress, StreamId through,
                                    int pageSize) {
        Objects.requireNonNull(through, "through");
        Window.Fixed w = fixed(window);
        StreamId to = w.upper().filter(u -> u.compareTo(through) < 0).getOrElse(through);
        return resumeWithin(key, w.lower(), Option.some(to), fold, progress, pageSize);
    }

    /** Folds the entries of {@code [lower, upper]} above {@code progress.last()} into it: where a resume starts, decided once. */
    private <A> FoldResult<A> resumeWithin(StreamKey key, StreamId lower, Option<StreamId> upper, Fold<A> fold,
                                           FoldResult<A> progress, int pageSize) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(progress, "progress");
        requireCount("page size", pageSize);
        StreamId from = lower;
        Option<StreamId> last = progress.last();
        if (last.isDefined()) {
            StreamId done = last.get();
            if (done.isMax() || upper.exists(u -> done.compareTo(u) >= 0)) {
                return progress;
            }
            StreamId next = done.successor();
            if (next.isAfter(from)) {
                from = next;
            }
        }
        StreamId start = from;
        if (upper.exists(start::isAfter)) {
            return progress; // nothing can lie in the range (a window through an id below its start): no round trip
        }
        return foldPages(key, from, upper, fold, progress, pageSize);
    }

    /**
     * Folds the entries whose ids lie in {@code [from, to]} into {@code progress} (an id range,
     * not a time window: for callers that track ids themselves, as a sliding fold does for what
     * slid out), each once, in order.
     *
     * @param key      the stream
     * @param from     the lowest id
     * @param to       the highest id
     * @param fold     the fold
     * @param progress what was folded so far
     * @param pageSize entries per range call, at least 1
     * @param <A>      the accumulator
     * @return the progress after the range
     * @throws FoldInterruptedException when the store fails mid-fold
     */
    public <A> FoldResult<A> foldIds(StreamKey key, StreamId from, StreamId to, Fold<A> fold,
                                     FoldResult<A> progress, int pageSize) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(progress, "progress");
        requireCount("page size", pageSize);
        if (from.isAfter(to)) {
            return progress;
        }
        return foldPages(key, from, Option.some(to), fold, progress, pageSize);
    }

    /**
     * The fixed window {@code window} stands for now.
     *
     * @param window the window
     * @return itself when fixed, a sliding one at the clock's instant
     */
    Window.Fixed fixed(Window window) {
        return Objects.requireNonNull(window, "window").at(clock.instant());
    }

    private <A> FoldResult<A> foldPages(StreamKey key, StreamId start, Option<StreamId> upper, Fold<A> fold,
                                        FoldResult<A> progress, int pageSize) {
        A acc = progress.value();
        Option<StreamId> last = progress.last();
        long entries = progress.entries();
        StreamId from = start;
        try (RangePages pages = port.pages(key, from, upper, pageSize)) {
            while (!pages.done()) {
                List<StreamEntry> page;
                try {
                    page = pages.next();
                } catch (StreamStoreException e) {
                    throw new FoldInterruptedException(key.toString(), new FoldResult<>(acc, last, entries), e);
                }
                checked(page, from, upper, pageSize);
                for (StreamEntry e : page) {
                    acc = fold.step(acc, e);
                }
                entries += page.size();
                if (!page.isEmpty()) {
                    last = Option.some(page.get(page.size() - 1).id());
                }
                Option<StreamId> next = RangePages.after(page);
                if (next.isEmpty()) {
                    break;
                }
                from = next.get();
            }
        }
        return new FoldResult<>(acc, last, entries);
    }

    /**
     * A port that answers more than asked, out of order or outside the range would make a fold
     * silently wrong: refuse its answer instead.
     */
    static List<StreamEntry> checked(List<StreamEntry> page, StreamId from, Option<StreamId> to, int count) {
        Objects.requireNonNull(page, "the port returned no list");
        if (page.size() > count) {
            throw new IllegalStateException("the port returned " + page.size() + " entries for COUNT " + count);
        }
        // ids strictly rising, the first at or above from and the last at or below to: then every one is in range,
        // so the range is checked at the two ends and only the order at each entry (one compare, nothing allocated)
        StreamId prev = null;
        for (StreamEntry e : page) {
            StreamId id = e.id();
            if (prev == null ? id.isBefore(from) : !id.isAfter(prev)) {
                throw outside(id, from, to);
            }
            prev = id;
        }
        if (prev != null && to.isDefined() && prev.isAfter(to.get())) {
            throw outside(prev, from, to);
        }
        return page;
    }

    private static IllegalStateException outside(StreamId id, StreamId from, Option<StreamId> to) {
        return new IllegalStateException("the port returned entry " + id + " out of order or outside "
                + from + ".." + to.map(StreamId::toString).getOrElse("+"));
    }

    static void requireCount(String what, int count) {
        if (count <= 0) {
            throw new IllegalArgumentException(what + " must be > 0, got " + count);
        }
    }
}
