package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.PagePlan;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.wire.XrangeReply;
import io.lettuce.core.protocol.CommandType;
import io.vavr.control.Option;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * {@link StreamRangePort} over Lettuce: {@code XRANGE key from to COUNT n}, its bulk strings copied
 * as the reply is parsed ({@link EntriesOutput}) and built into entries, in field order, by the caller.
 */
public final class LettuceStreamRange implements StreamRangePort {

    /**
     * Readers of finished page reads kept for the next one, so that a page's buffers grow to its size
     * once, not at every read: at most this many, the largest first, ...
     */
    private static final int KEEP_IDLE = 16;
    /** ... and at most this many bytes of buffers in all. */
    private static final long KEEP_BYTES = 16L << 20;

    private final LettuceRedis redis;
    /** Readers kept, the largest first; guarded by itself. */
    private final List<XrangeReply> idle = new java.util.ArrayList<>();

    /**
     * Over {@code redis}.
     *
     * @param redis the shared connection; not closed by this adapter
     */
    public LettuceStreamRange(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    @Override
    public List<StreamEntry> range(StreamKey stream, StreamId from, StreamId to, int count) {
        return xrange(stream, from, to.toString(), count);
    }

    @Override
    public List<StreamEntry> rangeFrom(StreamKey stream, StreamId from, int count) {
        return xrange(stream, from, "+", count);
    }

    /**
     * Pages read as {@link PagePlan} says: after a full first page the stream's top is read once, then
     * the range below it in slices two requests at a time, so that Redis computes the next reply while
     * the event loop takes this one in ({@link PlannedPages}). Entries are built by
     * {@link RangePages#next()}, on the caller's thread, after the next requests went out.
     */
    @Override
    public RangePages pages(StreamKey stream, StreamId from, Option<StreamId> to, int pageSize) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (pageSize <= 0) {
            throw new IllegalArgumentException("page size must be > 0, got " + pageSize);
        }
        return new PlannedPages(key, new PagePlan(from, to, pageSize));
    }

    /**
     * The pages of one range. Requests go out as soon as the plan has one and a reply buffer is free:
     * from the event loop the moment a reply arrives, or from the caller once it has built a page, so
     * that no thread hand-off stands between Redis answering and the next request. One buffer more
     * than the plan's {@link PagePlan#depth()} (three for pages up to {@link PagePlan#MAX_SLICE}) is
     * filled in turn: the caller builds one while the others are in flight or waiting for it, which
     * bounds how far the read runs ahead of a slow caller. Replies are answered to the plan in the order they were
     * sent, under one lock, whichever thread sees them first.
     */
    private final class PlannedPages implements RangePages {

        /** A request sent: what the plan asked, the buffer its reply fills, and the reply. */
        private record Sent(PagePlan.Ask ask, ReplyBytes buffer, CompletableFuture<ReplyBytes> reply) {
        }

        private final Object lock = new Object();
        private final String key;
        private final PagePlan plan;
        private final ArrayDeque<Sent> sent = new ArrayDeque<>();
        /** Pages taken, waiting for the caller, in order. */
        private final ArrayDeque<ReplyBytes> ready = new ArrayDeque<>();
        /** Buffers free for a page's request. */
        private final ArrayDeque<ReplyBytes> free = new ArrayDeque<>();
        /** Why the read failed, once a reply failed or was not a range's; thrown to the caller in turn. */
        private Throwable failure;
        private boolean failureFromRedis;
        private boolean over;
        private boolean sending;
        /** Buffers made for this read, at most {@link #maxBuffers}. */
        private int buffers;
        private final int maxBuffers;

        PlannedPages(String key, PagePlan plan) {
            this.key = key;
            this.plan = plan;
            this.maxBuffers = plan.depth() + 1;
            // the readers finished reads left, the largest first (for the first pages, the largest), at once;
            // more only if the read goes that deep
            for (int i = 0; i < maxBuffers; i++) {
                XrangeReply reader = takeIdle();
                if (reader == null) {
                    break;
                }
                free.add(new ReplyBytes(key, reader));
            }
            buffers = free.size();
            synchronized (lock) {
                sendAsks();
            }
        }

        /** Sends what the plan asks for while a buffer is free. Called with the lock held. */
        private void sendAsks() {
            if (sending || over || failure != null) {
                return;
            }
            sending = true;
            try {
                while (!free.isEmpty() || buffers < maxBuffers) {
                    Option<PagePlan.Ask> a = plan.ask();
                    if (a.isEmpty()) {
                        break;
                    }
                    Sent s;
                    if (a.get() instanceof PagePlan.Ask.Page page) {
                        ReplyBytes buffer = free.isEmpty() ? newBuffer() : free.poll();
                        s = new Sent(page, buffer, redis.async().dispatch(CommandType.XRANGE, new EntriesOutput(buffer),
                                rangeArgs(key, page.from().toString(), page.to().map(StreamId::toString).getOrElse("+"), page.count()))
                                .toCompletableFuture());
                    } else {
                        ReplyBytes top = new ReplyBytes(key);
                        s = new Sent(a.get(), null, redis.async().dispatch(CommandType.XREVRANGE, new EntriesOutput(top),
                                rangeArgs(key, "+", "-", 1)).toCompletableFuture());
                    }
                    sent.add(s);
                    // only once recorded: a reply that came already is then answered here, in its turn
                    s.reply().whenComplete((reply, failed) -> arrived());
                }
            } finally {
                sending = false;
            }
        }

        private ReplyBytes newBuffer() {
            buffers++;
            return borrow(key);
        }

        /** A reply came (on the event loop, or at once when it had come before): answer it and ask on. */
        private void arrived() {
            synchronized (lock) {
                settle();
                sendAsks();
            }
        }

        /** Answers the plan every reply that has come, in the order sent. Called with the lock held. */
        private void settle() {
            while (!over && failure == null && !sent.isEmpty() && sent.peek().reply().isDone()) {
                Sent s = sent.poll();
                if (s.reply().isCompletedExceptionally()) {
                    try {
                        s.reply().join();
                    } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                        failure = e.getCause() != null ? e.getCause() : e;
                        failureFromRedis = true;
                    }
                    freeUp(s);
                    return;
                }
                ReplyBytes reply = s.reply().join();
                Option<StreamId> last;
                try {
                    if (reply.malformed() != null) {
                        throw new IllegalStateException(reply.malformed());
                    }
                    last = reply.lastId();
                    if (s.ask() instanceof PagePlan.Ask.Top) {
                        plan.onTop(last);
                        continue;
                    }
                    if (plan.onPage(reply.size(), last) == PagePlan.Use.TAKE && reply.size() > 0) {
                        ready.add(reply);
                        continue;
                    }
                } catch (IllegalArgumentException notThisRange) {
                    failure = new IllegalStateException(notThisRange.getMessage(), notThisRange);
                } catch (IllegalStateException notARange) {
                    failure = notARange;
                }
                freeUp(s); // dropped, empty, or failed
            }
        }

        private void freeUp(Sent s) {
            if (s.buffer() != null) {
                free.add(s.buffer());
            }
        }

        @Override
        public List<StreamEntry> next() {
            while (true) {
                ReplyBytes page;
                CompletableFuture<ReplyBytes> waitFor = null;
                synchronized (lock) {
                    if (over) {
                        return List.of();
                    }
                    settle();
                    sendAsks();
                    page = ready.poll();
                    if (page == null) {
                        if (failure != null) {
                            Throwable f = failure;
                            end();
                            throw failureFromRedis ? LettuceFailures.translate(key, f) : (RuntimeException) f;
                        }
                        if (plan.done()) {
                            end();
                            return List.of();
                        }
                        if (sent.isEmpty()) {
                            // the plan always asks for something while it is not done and nothing is in flight
                            throw new IllegalStateException("a page read of " + key + " has nothing in flight and is not done");
                        }
                        waitFor = sent.peek().reply();
                    }
                }
                if (waitFor != null) {
                    try {
                        waitFor.join();
                    } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                        // answered in turn by settle(), which keeps the failure for the caller
                    }
                    continue;
                }
                List<StreamEntry> entries;
                try {
                    entries = page.entries();
                } catch (IllegalStateException notAnId) {
                    synchronized (lock) {
                        free.add(page);
                        end();
                    }
                    throw notAnId;
                }
                synchronized (lock) {
                    free.add(page);
                    sendAsks();
                }
                return entries;
            }
        }

        @Override
        public boolean done() {
            synchronized (lock) {
                settle();
                return over || plan.done() && ready.isEmpty() && failure == null;
            }
        }

        /**
         * Ends the read and hands the buffers' readers back for the next read, once: each when no
         * reply is still coming into it. Called with the lock held.
         */
        private void end() {
            if (over) {
                return;
            }
            over = true;
            for (ReplyBytes b : free) {
                keep(b.reader());
            }
            for (ReplyBytes b : ready) {
                keep(b.reader());
            }
            for (Sent s : sent) {
                if (s.buffer() != null) {
                    XrangeReply reader = s.buffer().reader();
                    s.reply().whenComplete((reply, failed) -> keep(reader));
                }
            }
            free.clear();
            ready.clear();
            sent.clear();
        }

        @Override
        public void close() {
            synchronized (lock) {
                end(); // replies still coming are dropped
            }
        }
    }

    /** A reply buffer for a page read, with a reader a finished read left when there is one. */
    private ReplyBytes borrow(String key) {
        XrangeReply reader = takeIdle();
        return reader == null ? new ReplyBytes(key) : new ReplyBytes(key, reader);
    }

    /** The largest reader kept, taken; null when none is. */
    private XrangeReply takeIdle() {
        synchronized (idle) {
            return idle.isEmpty() ? null : idle.remove(0);
        }
    }

    /**
     * Keeps a finished read's reader for the next read: the largest ones, at most {@link #KEEP_IDLE}
     * of them and {@link #KEEP_BYTES} in all (a read of pages of 10,000 small entries ends with ten
     * readers of about 9 MB together).
     */
    private void keep(XrangeReply reader) {
        synchronized (idle) {
            idle.add(reader);
            idle.sort(java.util.Comparator.comparingLong(XrangeReply::footprint).reversed());
            long bytes = 0;
            for (int i = 0; i < idle.size(); i++) {
                bytes += idle.get(i).footprint();
                if (i >= KEEP_IDLE || bytes > KEEP_BYTES) {
                    idle.subList(i, idle.size()).clear();
                    break;
                }
            }
        }
    }

    /**
     * How many readers finished page reads left for the next ones: for the tests.
     *
     * @return the count, at most {@link #KEEP_IDLE}
     */
    int idleReaders() {
        synchronized (idle) {
            return idle.size();
        }
    }

    /** {@code key start end COUNT count}: the arguments of an {@code XRANGE} (or, from {@code +} to {@code -}, an {@code XREVRANGE}). */
    private static io.lettuce.core.protocol.CommandArgs<byte[], byte[]> rangeArgs(String key, String start, String end, int count) {
        return LettuceRedis.args(key).add(start).add(end).add("COUNT").add(count);
    }

    private List<StreamEntry> xrange(StreamKey stream, StreamId from, String to, int count) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Objects.requireNonNull(from, "from");
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, got " + count);
        }
        ReplyBytes reply = redis.call(key, CommandType.XRANGE, new EntriesOutput(new ReplyBytes(key)),
                rangeArgs(key, from.toString(), to, count));
        if (reply.malformed() != null) {
            throw new IllegalStateException(reply.malformed());
        }
        return reply.entries();
    }
}
