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
 * {@link StreamRangePort} over Lettuce: {@code XRANGE key from to COUNT n}, decoded into entries as
 * the reply is parsed ({@link EntriesOutput}), in field order.
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
     * Pages with the next {@code XRANGE} in flight while the caller folds the page it was handed:
     * the fold of one page and the round trip of the next overlap.
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
            private EntriesOutput output;
            private CompletableFuture<List<StreamEntry>> inFlight = send(from);

            private CompletableFuture<List<StreamEntry>> send(StreamId start) {
                output = new EntriesOutput(key);
                return redis.async().dispatch(CommandType.XRANGE, output,
                        LettuceRedis.args(key).add(start.toString()).add(end).add("COUNT").add(pageSize)).toCompletableFuture();
            }

            @Override
            public List<StreamEntry> next() {
                if (inFlight == null) {
                    return List.of();
                }
                List<StreamEntry> page;
                try {
                    page = inFlight.join();
                } catch (java.util.concurrent.CompletionException e) {
                    inFlight = null;
                    throw LettuceFailures.translate(key, e.getCause());
                }
                if (output.malformed() != null) {
                    inFlight = null;
                    throw new IllegalStateException(output.malformed());
                }
                Option<StreamId> next = page.isEmpty() ? Option.none()
                        : RangePages.nextStart(page.get(page.size() - 1).id(), page.size(), pageSize, to);
                inFlight = next.map(this::send).getOrNull();
                return page;
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
        EntriesOutput output = new EntriesOutput(key);
        List<StreamEntry> entries = redis.call(key, CommandType.XRANGE, output,
                LettuceRedis.args(key).add(from.toString()).add(to).add("COUNT").add(count));
        if (output.malformed() != null) {
            throw new IllegalStateException(output.malformed());
        }
        return entries;
    }
}
