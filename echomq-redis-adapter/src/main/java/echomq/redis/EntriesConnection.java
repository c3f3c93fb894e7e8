package echomq.redis;

import echomq.domain.id.StreamId;
import echomq.domain.stream.ReplyPage;
import echomq.domain.stream.StreamEntry;
import echomq.wire.XrangeReply;
import io.vavr.control.Option;
import redis.clients.jedis.Connection;
import redis.clients.jedis.PushConsumerChain;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.util.RedisInputStream;

import java.util.List;

/**
 * A Jedis connection that reads an {@code XRANGE} reply in two steps, so that the request for the
 * next page can go out between them: {@link #readPage} copies the reply's bytes off the socket in
 * bulk and only finds where each item is (and the last entry's id, the next page's start);
 * {@link #entries} then builds the entries from those bytes into a {@link ReplyPage} while Redis
 * computes the next page. No {@code byte[]} per bulk string and no list per array is built (Jedis'
 * own parser builds both, and the adapter then copied them into entries).
 *
 * <p>Every other reply, and an error reply to an {@code XRANGE} (a redirection, {@code WRONGTYPE}),
 * is read by Jedis' own parser, so the pool, the cluster routing and the failure types stay Jedis'.
 * Pooled by the clients {@link RedisConnections} builds ({@link Maker}); a connection of another
 * client is read the ordinary way ({@link RedisRangePages} asks which it has).
 */
final class EntriesConnection extends Connection {

    /** Makes {@link EntriesConnection}s for a pool: Jedis' own template hook for a connection subtype. */
    static final class Maker extends Connection.Builder {
        @Override
        protected Connection createConnection() {
            return new EntriesConnection(this);
        }
    }

    /** A reply to an {@code XRANGE} that is not one. */
    static final class Malformed extends JedisConnectionException {
        Malformed(String message) {
            super(message);
        }
    }

    /** What {@link #protocolRead} returns for a reply it read into {@link #reply}. */
    private static final Object READ = new Object();

    /** Whether the reply being read is read as an {@code XRANGE} page. */
    private boolean reading;
    /** The page read last: its bytes, where each item is, its shape checked. */
    private final XrangeReply reply = new XrangeReply();
    /** The stream of the page read last, named in errors. */
    private String key;

    private EntriesConnection(Connection.Builder builder) {
        super(builder);
    }

    /**
     * Reads the reply to an {@code XRANGE} sent before (flushing what is unsent) into this
     * connection's buffer, without building its entries: {@link #entries} does, next. Other requests
     * may be in flight behind it: no byte of their replies is taken ({@link XrangeReply#needs}).
     *
     * @param key the stream, named in errors
     * @return the id of the reply's last entry; none for an empty reply
     * @throws redis.clients.jedis.exceptions.JedisDataException for an error reply (the connection stays in step)
     * @throws Malformed               when the reply is not an {@code XRANGE} reply
     * @throws IllegalStateException    when the last entry's id is not an id (as Lettuce's read says it)
     * @throws JedisConnectionException when the connection fails
     */
    Option<StreamId> readPage(String key) {
        this.key = key;
        reply.start(key);
        reading = true;
        try {
            Object read = getOne();
            if (read != READ) {
                throw new Malformed("unexpected XRANGE reply from " + key + ": " + read);
            }
        } finally {
            reading = false;
        }
        try {
            return reply.check();
        } catch (XrangeReply.Malformed e) {
            throw new Malformed(e.getMessage());
        }
    }

    /**
     * How many entries the page {@link #readPage} read holds.
     *
     * @return the count, 0 when there is none to build
     */
    int pageSize() {
        return reply.size(); // 0 until checked, and once built
    }

    /**
     * The entries of the page {@link #readPage} read, built now from this connection's buffer (the
     * entries own their bytes: the buffer is free for the next reply afterwards).
     *
     * @return the entries, in order
     * @throws IllegalStateException when no page was read since the last call
     */
    List<StreamEntry> entries() {
        if (reply.size() == 0) {
            throw new IllegalStateException("no XRANGE page was read on this connection");
        }
        return reply.entries();
    }

    @Override
    protected Object protocolRead(RedisInputStream is, PushConsumerChain consumer) {
        if (!reading || !is.peek((byte) '*')) {
            return super.protocolRead(is, consumer);
        }
        try {
            while (!reply.scan()) {
                // no more than the reply certainly holds: the next reply's bytes stay in Jedis' stream
                int want = reply.needs();
                byte[] into = reply.room(want);
                int got = is.read(into, reply.length(), want);
                if (got < 0) {
                    throw new JedisConnectionException("the server closed the connection in a reply from " + key);
                }
                reply.wrote(got);
            }
        } catch (XrangeReply.Malformed e) {
            throw new Malformed(e.getMessage());
        }
        if (reply.end() != reply.length()) {
            // bytes after the reply: another reply read with it, which no parser can have now
            throw new Malformed("unexpected stream entry reply from " + key + ": more bytes after the reply: another reply read with it");
        }
        return READ;
    }
}
