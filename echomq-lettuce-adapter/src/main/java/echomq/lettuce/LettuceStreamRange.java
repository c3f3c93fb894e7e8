package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.wire.XrangeReply;
import io.lettuce.core.protocol.CommandType;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * {@link StreamRangePort} over Lettuce: {@code XRANGE key from to COUNT n}, its bulk strings copied
 * as the reply is parsed ({@link EntriesOutput}) and built into entries, in field order, by the caller.
 */
public final class LettuceStreamRange implements StreamRangePort {

    /** Readers of finished page reads kept for the next one, so that a page's buffers grow to its size once, not at every read. */
    private static final int KEEP_IDLE = 2;

    private final LettuceRedis redis;
    private final ConcurrentLinkedQueue<XrangeReply> idle = new ConcurrentLinkedQueue<>();

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
     * Pages with the next {@code XRANGE} in flight while the caller folds the page it was handed, at
     * most one page ahead of it. The request for page {@code k + 1} goes out as soon as both page
     * {@code k} has arrived and the caller has asked for it, sent by whichever of the two comes
     * second: the event loop, the moment it has framed a page the caller is waiting for, or the
     * caller, when it asks for a page that has arrived. Either way no thread hand-off stands between
     * Redis answering and the next request. Entries are built by {@link RangePages#next()} after that
     * request went out, so that Redis computes the next page meanwhile. Two reply buffers are filled
     * in turn.
     */
    @Override
    public RangePages pages(StreamKey stream, StreamId from, Option<StreamId> to, int pageSize) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (pageSize <= 0) {
            throw new IllegalArgumentException("page size must be > 0, got " + pageSize);
        }
        String end = to.map(StreamId::toString).getOrElse("+");
        return new RangePages() {
            private final Object lock = new Object();
            /** Page {@code k} fills {@code buffers[k % 2]}: the other holds the page before it, built before this one was asked for. */
            private final ReplyBytes[] buffers = {borrow(key), borrow(key)};
            /** The request sent last into each buffer: a buffer is handed back once it has been answered. */
            @SuppressWarnings("unchecked")
            private final CompletableFuture<ReplyBytes>[] sentInto = new CompletableFuture[2];
            private boolean handedBack;
            private long k;
            /** Page {@code k}'s request: the page the caller takes next; null when the read is over. */
            private CompletableFuture<ReplyBytes> current;
            /** Page {@code k + 1}'s request, once sent. */
            private CompletableFuture<ReplyBytes> following;
            /** Whether page {@code k} was found to be the last, once it arrived. */
            private boolean last;
            /** Whether the caller has asked for page {@code k}. */
            private boolean asked;
            private boolean closed;

            {
                synchronized (lock) {
                    current = send(from, 0);
                    whenArrived(current);
                }
            }

            private CompletableFuture<ReplyBytes> send(StreamId start, int buffer) {
                CompletableFuture<ReplyBytes> f = redis.async().dispatch(CommandType.XRANGE, new EntriesOutput(buffers[buffer]),
                        LettuceRedis.args(key).add(start.toString()).add(end).add("COUNT").add(pageSize)).toCompletableFuture();
                sentInto[buffer] = f;
                return f;
            }

            /**
             * Hands both buffers' readers back for the next read, once: each when its last request has
             * been answered (a page still coming is framed into it first). Called with the lock held,
             * after the last page's entries were built.
             */
            private void handBack() {
                if (handedBack) {
                    return;
                }
                handedBack = true;
                for (int i = 0; i < 2; i++) {
                    XrangeReply reader = buffers[i].reader();
                    CompletableFuture<ReplyBytes> last = sentInto[i];
                    if (last == null || last.isDone()) {
                        keep(reader);
                    } else {
                        last.whenComplete((page, failed) -> keep(reader));
                    }
                }
            }

            /**
             * Asks ahead when {@code page} arrives: on the event loop as it completes, or at once, here,
             * had it completed already; so it is called only once the request is recorded as
             * {@link #current} or {@link #following}, lest the ask see no request and send a second.
             */
            private void whenArrived(CompletableFuture<ReplyBytes> page) {
                page.whenComplete((reply, failed) -> {
                    synchronized (lock) {
                        askAhead();
                    }
                });
            }

            /**
             * Sends page {@code k + 1}'s request when page {@code k} has arrived well formed and the
             * caller has asked for it, unless it was sent or there is none; a failed or malformed page
             * sends nothing (the caller throws). Called with the lock held.
             */
            private void askAhead() {
                if (closed || !asked || following != null || last || current == null || !current.isDone()
                        || current.isCompletedExceptionally()) {
                    return;
                }
                ReplyBytes page = current.join();
                if (page.malformed() != null) {
                    return;
                }
                Option<StreamId> next;
                try {
                    next = page.lastId().flatMap(lastId -> RangePages.nextStart(lastId, page.size(), pageSize, to));
                } catch (IllegalStateException notAnId) {
                    return;
                }
                if (next.isEmpty()) {
                    last = true;
                } else {
                    following = send(next.get(), (int) ((k + 1) % 2));
                    whenArrived(following);
                }
            }

            @Override
            public List<StreamEntry> next() {
                CompletableFuture<ReplyBytes> waitFor;
                synchronized (lock) {
                    if (current == null) {
                        return List.of();
                    }
                    asked = true;
                    askAhead();
                    waitFor = current;
                }
                ReplyBytes page;
                try {
                    page = waitFor.join();
                } catch (java.util.concurrent.CompletionException e) {
                    end();
                    throw LettuceFailures.translate(key, e.getCause());
                }
                synchronized (lock) {
                    askAhead(); // if it arrived after the ask above and before its own callback
                    if (page.malformed() != null) {
                        end();
                        throw new IllegalStateException(page.malformed());
                    }
                    try {
                        page.lastId();
                    } catch (IllegalStateException notAnId) {
                        end();
                        throw notAnId;
                    }
                    current = following;
                    following = null;
                    last = false;
                    asked = false;
                    k++;
                }
                List<StreamEntry> entries = page.entries();
                synchronized (lock) {
                    if (current == null) {
                        handBack(); // that was the last page
                    }
                }
                return entries;
            }

            private void end() {
                synchronized (lock) {
                    current = null;
                    following = null;
                    handBack();
                }
            }

            @Override
            public void close() {
                synchronized (lock) {
                    closed = true; // an answer still coming is dropped, and asks for nothing more
                    current = null;
                    following = null;
                    handBack();
                }
            }
        };
    }

    /** A reply buffer for a page read, with a reader a finished read left when there is one. */
    private ReplyBytes borrow(String key) {
        XrangeReply reader = idle.poll();
        return reader == null ? new ReplyBytes(key) : new ReplyBytes(key, reader);
    }

    /** Keeps a finished read's reader for the next read, up to {@link #KEEP_IDLE} of them. */
    private void keep(XrangeReply reader) {
        if (idle.size() < KEEP_IDLE) {
            idle.offer(reader);
        }
    }

    /**
     * How many readers finished page reads left for the next ones: for the tests.
     *
     * @return the count, at most two
     */
    int idleReaders() {
        return idle.size();
    }

    private List<StreamEntry> xrange(StreamKey stream, StreamId from, String to, int count) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Objects.requireNonNull(from, "from");
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, got " + count);
        }
        ReplyBytes reply = redis.call(key, CommandType.XRANGE, new EntriesOutput(new ReplyBytes(key)),
                LettuceRedis.args(key).add(from.toString()).add(to).add("COUNT").add(count));
        if (reply.malformed() != null) {
            throw new IllegalStateException(reply.malformed());
        }
        return reply.entries();
    }
}
