package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStoreException;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Reads and folds time windows of streams through a {@link StreamRangePort}. Every argument is
 * validated before the port is called.
 * <pre>{@code
 * StreamWindows windows = new StreamWindows(port);
 * long n = windows.foldWindow("cm", "guess-scored", Window.since(now.minus(Duration.ofHours(1))),
 *         Fold.of("count", 0L, (acc, e) -> acc + 1));
 * }</pre>
 */
public final class StreamWindows {

    /** The page size of a fold when none is given. */
    public static final int DEFAULT_PAGE_SIZE = 1000;

    private final StreamRangePort port;

    public StreamWindows(StreamRangePort port) {
        this.port = Objects.requireNonNull(port, "port");
    }

    /** The first {@code count} entries minted in {@code [t0, t1]}, in mint order: one range call. */
    public List<StreamEntry> readWindow(String queue, String name, Instant t0, Instant t1, int count) {
        StreamKey key = StreamKey.of(queue, name);
        Window w = Window.closed(t0, t1);
        requireCount("count", count);
        return checked(port.range(key, w.lower(), w.upper().get(), count), w.lower(), w.upper(), count);
    }

    /** The first {@code count} entries minted at or after {@code t0}, in mint order: one range call. */
    public List<StreamEntry> readSince(String queue, String name, Instant t0, int count) {
        StreamKey key = StreamKey.of(queue, name);
        Window w = Window.since(t0);
        requireCount("count", count);
        return checked(port.rangeFrom(key, w.lower(), count), w.lower(), Option.none(), count);
    }

    /** Folds every entry of the window, paging by {@link #DEFAULT_PAGE_SIZE}. */
    public <A> A foldWindow(String queue, String name, Window window, Fold<A> fold) {
        return foldWindow(queue, name, window, fold, DEFAULT_PAGE_SIZE);
    }

    /**
     * Folds every entry of the window, in mint order, each exactly once: pages of at most
     * {@code pageSize} entries, each page from the successor of the last id read. At most one page
     * is held at a time; a page size never truncates the fold.
     */
    public <A> A foldWindow(String queue, String name, Window window, Fold<A> fold, int pageSize) {
        return foldDetailed(queue, name, window, fold, pageSize).value();
    }

    /** {@link #foldWindow(String, String, Window, Fold, int)} with the last id folded and the count. */
    public <A> FoldResult<A> foldDetailed(String queue, String name, Window window, Fold<A> fold, int pageSize) {
        Objects.requireNonNull(fold, "fold");
        return resume(queue, name, window, fold, FoldResult.empty(fold.initial()), pageSize);
    }

    /**
     * Continues a fold of {@code window} after {@code progress}: folds only the entries above
     * {@code progress.last()} (all of the window when none) into {@code progress.value()}. This is
     * how an open window is brought up to date and how a fold broken by a failure is retried
     * without folding anything twice.
     */
    public <A> FoldResult<A> resume(String queue, String name, Window window, Fold<A> fold,
                                    FoldResult<A> progress, int pageSize) {
        StreamKey key = StreamKey.of(queue, name);
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(progress, "progress");
        requireCount("page size", pageSize);
        Option<StreamId> upper = window.upper();
        StreamId from = window.lower();
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
        return foldPages(key, from, upper, fold, progress, pageSize);
    }

    /**
     * Folds the entries whose ids lie in {@code [from, to]} into {@code progress} (an id range,
     * not a time window: for callers that track ids themselves, as a sliding fold does for what
     * slid out), each once, in order.
     */
    public <A> FoldResult<A> foldIds(String queue, String name, StreamId from, StreamId to, Fold<A> fold,
                                     FoldResult<A> progress, int pageSize) {
        StreamKey key = StreamKey.of(queue, name);
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

    private <A> FoldResult<A> foldPages(StreamKey key, StreamId start, Option<StreamId> upper, Fold<A> fold,
                                        FoldResult<A> progress, int pageSize) {
        A acc = progress.value();
        Option<StreamId> last = progress.last();
        long entries = progress.entries();
        StreamId from = start;
        try (RangePages pages = port.pages(key, from, upper, pageSize)) {
            while (true) {
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
                if (page.isEmpty()) {
                    break;
                }
                last = Option.some(page.get(page.size() - 1).id());
                Option<StreamId> next = nextPage(page, pageSize, upper);
                if (next.isEmpty()) {
                    break;
                }
                from = next.get();
            }
        }
        return new FoldResult<>(acc, last, entries);
    }

    /**
     * Where the page after {@code page} starts: the successor of its last id, or none when the range
     * is done (a short page, the largest id, or the window's upper edge reached).
     */
    static Option<StreamId> nextPage(List<StreamEntry> page, int pageSize, Option<StreamId> upper) {
        return page.isEmpty() ? Option.none() : RangePages.nextStart(page.get(page.size() - 1).id(), page.size(), pageSize, upper);
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
        StreamId prev = null;
        for (StreamEntry e : page) {
            StreamId id = e.id();
            if (id.isBefore(from) || to.exists(id::isAfter) || (prev != null && !id.isAfter(prev))) {
                throw new IllegalStateException("the port returned entry " + id + " out of order or outside "
                        + from + ".." + to.map(StreamId::toString).getOrElse("+"));
            }
            prev = id;
        }
        return page;
    }

    static void requireCount(String what, int count) {
        if (count <= 0) {
            throw new IllegalArgumentException(what + " must be > 0, got " + count);
        }
    }
}
