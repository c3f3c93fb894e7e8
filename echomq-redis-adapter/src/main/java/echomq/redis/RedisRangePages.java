package echomq.redis;

import echomq.wire.Replies;

import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import io.vavr.control.Option;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisRedirectionException;

import java.util.List;
import java.util.function.Supplier;

import static echomq.wire.Replies.bytes;

/**
 * The pages of one range on one pooled connection, the next page always in flight: as soon as a
 * reply is read, the request for the page after it is sent (its start is the successor of the
 * reply's last id), and only then is the page handed out. Redis computes page {@code n + 1} while
 * the caller folds page {@code n}, on one thread and one connection, and at most two pages are held.
 * On a connection {@link RedisConnections} made ({@link EntriesConnection}) the reply's bytes are
 * read first and its entries built from them after the next request went out; on another client's,
 * Jedis' raw reply is decoded after the next request went out.
 *
 * <p>A failure ends the pages with a typed {@link StreamStoreException}; what was handed out before
 * stays valid. A cluster redirection (the slot moved) hands the rest of the range to the client's
 * own command path, which follows it.
 */
final class RedisRangePages implements RangePages {

    private static final byte[] PLUS = {'+'};

    private final RedisStreamRange port;
    private final StreamKey stream;
    private final String key;
    private final byte[] keyBytes;
    private final Option<StreamId> to;
    private final byte[] toBytes;
    private final int pageSize;
    private final Supplier<Connection> borrow;
    private final Runnable refreshRoutes;
    private Connection connection;
    /** The start of the next request to send, or of the one in flight; none when the range is done. */
    private Option<StreamId> start;
    private boolean inFlight;
    /** Where the rest of the range went after a redirection. */
    private RangePages rest;

    RedisRangePages(RedisStreamRange port, StreamKey stream, StreamId from, Option<StreamId> to, int pageSize,
                    Supplier<Connection> borrow) {
        this(port, stream, from, to, pageSize, borrow, () -> { });
    }

    /**
     * As above; {@code refreshRoutes} runs after a connection failure, so that the next pages of this
     * key go to the node that serves it then (a cluster client's slot map after a failover).
     */
    RedisRangePages(RedisStreamRange port, StreamKey stream, StreamId from, Option<StreamId> to, int pageSize,
                    Supplier<Connection> borrow, Runnable refreshRoutes) {
        this.refreshRoutes = refreshRoutes;
        this.port = port;
        this.stream = stream;
        this.key = stream.toString();
        this.keyBytes = bytes(key);
        this.to = to;
        this.toBytes = to.map(t -> bytes(t.toString())).getOrElse(PLUS);
        this.pageSize = pageSize;
        this.borrow = borrow;
        this.start = Option.some(from);
    }

    @Override
    public List<StreamEntry> next() {
        if (rest != null) {
            return rest.next();
        }
        if (start.isEmpty()) {
            release();
            return List.of();
        }
        Reply reply;
        try {
            if (!inFlight) {
                send(start.get());
            }
            inFlight = false;
            reply = read();
        } catch (JedisRedirectionException moved) {
            release();
            rest = RangePages.oneByOne(port, stream, start.get(), to, pageSize);
            return rest.next();
        } catch (EntriesConnection.Malformed e) {
            fail(e);
            start = Option.none();
            throw new StreamStoreException(key, e.getMessage(), e);
        } catch (JedisException e) {
            fail(e);
            throw RedisFailures.translate(key, e);
        }
        if (reply.size() == 0) {
            start = Option.none();
            release();
            return List.of();
        }
        start = RangePages.nextStart(reply.last(), reply.size(), pageSize, to);
        if (start.isEmpty()) {
            List<StreamEntry> entries = reply.entries().get();
            release();
            return entries;
        }
        JedisException unsent = null;
        try {
            send(start.get());
        } catch (JedisException e) {
            unsent = e;
        }
        // built now, while Redis computes the next page, and before a failed connection goes back to the pool
        // (a connection of ours holds the page's bytes until then)
        List<StreamEntry> entries = reply.entries().get();
        if (unsent != null) {
            // the page in hand is good; the next call sends again, on a new connection
            fail(unsent);
        }
        return entries;
    }

    /**
     * A reply read: how many entries it holds, the last one's id (when it holds any), and its
     * entries, built when asked.
     */
    private record Reply(int size, StreamId last, Supplier<List<StreamEntry>> entries) {
    }

    /**
     * Reads the reply to the request in flight: on a connection of ours its bytes, its size and its
     * last id (the entries are built from the bytes later); on another, Jedis' raw reply (decoded
     * later).
     */
    private Reply read() {
        if (connection instanceof EntriesConnection ours) {
            Option<StreamId> last = ours.readPage(key);
            return new Reply(ours.pageSize(), last.getOrNull(), ours::entries);
        }
        Object raw = connection.getOne();
        if (!(raw instanceof List<?> items)) {
            start = Option.none();
            release();
            throw new StreamStoreException(key, "unexpected XRANGE reply: " + raw, null);
        }
        return new Reply(items.size(), items.isEmpty() ? null : lastId(items), () -> Replies.entries(key, castList(items)));
    }

    /** Sends {@code XRANGE key from to COUNT n} and flushes it, without waiting for the reply. */
    private void send(StreamId from) {
        if (connection == null) {
            connection = borrow.get();
        }
        connection.sendCommand(new CommandArguments(Protocol.Command.XRANGE).key(keyBytes).add(bytes(from.toString()))
                .add(toBytes).add(Protocol.Keyword.COUNT).add(pageSize));
        // getMany(0) flushes and reads nothing: Connection's flush() is not public
        connection.getMany(0);
        inFlight = true;
    }

    private StreamId lastId(List<?> items) {
        Object item = items.get(items.size() - 1);
        if (item instanceof List<?> pair && !pair.isEmpty() && pair.get(0) instanceof byte[] id) {
            return Replies.streamId(id);
        }
        throw new StreamStoreException(key, "unexpected stream entry reply: " + item, null);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> castList(List<?> items) {
        return (List<Object>) items;
    }

    private void fail(JedisException e) {
        inFlight = false;
        if (connection != null) {
            if (e instanceof JedisConnectionException) {
                connection.setBroken();
            }
            discard(connection);
        }
        connection = null;
        if (e instanceof JedisConnectionException) {
            refreshRoutes.run();
        }
    }

    /**
     * Gives a connection back after a failure. The pool may fail to replace a broken one (Redis is
     * down); that is the failure already being reported, not a second one to surface.
     */
    private static void discard(Connection c) {
        try {
            c.close();
        } catch (JedisException alreadyReported) {
            // the pool could not replace the broken connection: the caller gets the original failure
        }
    }

    private void release() {
        if (connection != null) {
            Connection c = connection;
            connection = null;
            c.close();
        }
    }

    @Override
    public void close() {
        if (rest != null) {
            rest.close();
        }
        start = Option.none();
        if (connection != null && inFlight) {
            try {
                connection.getOne(); // the page nobody will take: read it so the pooled connection is clean
            } catch (JedisDataException dropped) {
                // an error reply for a page nobody takes; the connection is in step
            } catch (JedisException e) {
                connection.setBroken();
                discard(connection);
                connection = null;
            }
        }
        inFlight = false;
        release();
    }
}
