package echomq.cli.command;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;
import echomq.redis.RedisPorts;
import echomq.wire.EchoConnection;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One command's connection to Redis and the ports it reads through. Range reads are counted (the
 * progress line shows how many entries were read).
 */
public final class RedisConnection implements AutoCloseable {

    private final EchoConnection redis;
    private final AtomicLong read = new AtomicLong();
    private final StreamRangePort range;
    private final ServerClockPort clock;
    private final StreamTailPort tail;
    private final StreamStatePort states;
    private final RollupAppendPort rollupAppends;

    private RedisConnection(EchoConnection redis) {
        this.redis = redis;
        this.range = new Counted(redis.range(), read);
        this.clock = redis.serverClock();
        this.tail = redis.tail();
        this.states = redis.states();
        this.rollupAppends = redis.rollupAppends();
    }

    /**
     * A client of {@code url}; nothing is sent until the first read.
     *
     * @param url the Redis
     * @return the connection; the caller closes it
     * @throws BadArgumentException for a malformed URL (its password masked)
     */
    public static RedisConnection open(String url) {
        try {
            return new RedisConnection(RedisPorts.open(url));
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException("--redis: " + bad.getMessage());
        }
    }

    /**
     * The range reads, counted.
     *
     * @return the port
     */
    public StreamRangePort range() {
        return range;
    }

    /**
     * Redis' clock ({@code TIME}).
     *
     * @return the port
     */
    public ServerClockPort clock() {
        return clock;
    }

    /**
     * Redis' clock now, on the stream's server.
     *
     * @param key the stream
     * @return the instant
     */
    public Instant now(StreamKey key) {
        return clock.now(key);
    }

    /**
     * Blocking reads of what is appended.
     *
     * @return the port
     */
    public StreamTailPort tail() {
        return tail;
    }

    /**
     * The streams' states (their last id).
     *
     * @return the port
     */
    public StreamStatePort states() {
        return states;
    }

    /**
     * Writes a rollup's buckets at their ids.
     *
     * @return the port
     */
    public RollupAppendPort rollupAppends() {
        return rollupAppends;
    }

    /**
     * How many entries the range reads returned so far.
     *
     * @return the number
     */
    public long read() {
        return read.get();
    }

    @Override
    public void close() {
        redis.close();
    }

    /** A range port that counts the entries it returns; pages keep their read-ahead. */
    private record Counted(StreamRangePort port, AtomicLong read) implements StreamRangePort {

        @Override
        public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
            return counted(port.range(key, from, to, count));
        }

        @Override
        public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
            return counted(port.rangeFrom(key, from, count));
        }

        @Override
        public RangePages pages(StreamKey key, StreamId from, Option<StreamId> to, int pageSize) {
            return port.pages(key, from, to, pageSize).around(next -> counted(next.get()));
        }

        private List<StreamEntry> counted(List<StreamEntry> page) {
            read.addAndGet(page.size());
            return page;
        }
    }
}
