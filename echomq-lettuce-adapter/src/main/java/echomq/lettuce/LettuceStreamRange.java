package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import io.lettuce.core.protocol.CommandType;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * {@link StreamRangePort} over Lettuce: {@code XRANGE key from to COUNT n}, its bulk strings copied
 * as the reply is parsed ({@link EntriesOutput}) and built into entries, in field order, by the caller.
 */
public final class LettuceStreamRange implements StreamRangePort {

    private final LettuceRedis redis;

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
     * Pages with the next {@code XRANGE} in flight while the caller folds the page it was handed: a
     * page's reply is only copied on Lettuce's event loop, and its entries are built by
     * {@link RangePages#next()} after it has sent the next request, so that Redis computes that page
     * meanwhile. Two reply buffers are filled in turn.
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
            /** The buffer the page in flight fills, and the one the page before it was built from. */
            private ReplyBytes filling = new ReplyBytes(key);
            private ReplyBytes spare = new ReplyBytes(key);
            private CompletableFuture<ReplyBytes> inFlight = send(from);

            private CompletableFuture<ReplyBytes> send(StreamId start) {
                return redis.async().dispatch(CommandType.XRANGE, new EntriesOutput(filling),
                        LettuceRedis.args(key).add(start.toString()).add(end).add("COUNT").add(pageSize)).toCompletableFuture();
            }

            @Override
            public List<StreamEntry> next() {
                if (inFlight == null) {
                    return List.of();
                }
                ReplyBytes page;
                try {
                    page = inFlight.join();
                } catch (java.util.concurrent.CompletionException e) {
                    inFlight = null;
                    throw LettuceFailures.translate(key, e.getCause());
                }
                if (page.malformed() != null) {
                    inFlight = null;
                    throw new IllegalStateException(page.malformed());
                }
                Option<StreamId> next;
                try {
                    next = page.lastId().flatMap(last -> RangePages.nextStart(last, page.size(), pageSize, to));
                } catch (IllegalStateException notAnId) {
                    inFlight = null;
                    throw notAnId;
                }
                // this page's buffer is built from below; the next page fills the other one
                filling = spare;
                spare = page;
                inFlight = next.map(this::send).getOrNull();
                return page.entries();
            }

            @Override
            public void close() {
                inFlight = null; // an answer still coming is dropped
            }
        };
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
