package echomq.redis;

import echomq.wire.Replies;

import echomq.domain.id.StreamId;
import echomq.domain.stream.PagePlan;
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
 * The pages of one range on one pooled connection, read as {@link PagePlan} says: after a full first
 * page the stream's top is read once, then the range below it in slices two requests at a time, so
 * that Redis computes the next reply while this one is read off the socket, and the page taken is
 * built after the next requests went out, while Redis works. At most two pages are in flight, and the
 * caller holds one.
 * On a connection {@link RedisConnections} made ({@link EntriesConnection}) a reply's bytes are read
 * first (no byte of the replies behind it) and its entries built from them after the next requests
 * went out; on another client's, Jedis' raw reply is decoded after them.
 *
 * <p>A failure ends the call with a typed {@link StreamStoreException}; what was handed out before
 * stays valid, and the next call asks again from where the range was left, on a new connection. A
 * cluster redirection (the slot moved) hands the rest of the range to the client's own command path,
 * which follows it.
 */
final class RedisRangePages implements RangePages {

    private static final byte[] PLUS = {'+'};
    private static final byte[] MINUS = {'-'};

    private final RedisStreamRange port;
    private final StreamKey stream;
    private final String key;
    private final byte[] keyBytes;
    private final Option<StreamId> to;
    private final int pageSize;
    private final Supplier<Connection> borrow;
    private final Runnable refreshRoutes;
    private Connection connection;
    /** What to ask for next; a new plan from where the range was left after a failure. */
    private PagePlan plan;
    /** Whether the read ended on a reply that was not a range's. */
    private boolean ended;
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
        this.pageSize = pageSize;
        this.borrow = borrow;
        this.plan = new PagePlan(from, to, pageSize);
    }

    @Override
    public List<StreamEntry> next() {
        if (rest != null) {
            return rest.next();
        }
        int closedUnderUs = 0;
        while (true) {
            if (ended || plan.done()) {
                release();
                return List.of();
            }
            PagePlan.Use use;
            Reply reply;
            try {
                sendAsks();
                if (plan.next().get() instanceof PagePlan.Ask.Top) {
                    plan.onTop(readTop());
                    continue;
                }
                reply = read();
                use = plan.onPage(reply.size(), Option.of(reply.last()));
            } catch (JedisRedirectionException moved) {
                StreamId from = plan.cursor().get();
                abandon(false);
                rest = RangePages.oneByOne(port, stream, from, to, pageSize);
                return rest.next();
            } catch (EntriesConnection.Malformed e) {
                fail(e);
                ended = true;
                throw new StreamStoreException(key, e.getMessage(), e);
            } catch (JedisException e) {
                fail(e);
                StreamStoreException failure = RedisFailures.translate(key, e);
                // a connection the server or the network closed under us (a pooled one idle across a restart, a
                // failover, a CLIENT KILL fails so at its first use), not a timeout (asking again would only wait as
                // long once more): the read, which changes nothing, starts again from the cursor on a new connection
                if (e instanceof JedisConnectionException && failure instanceof StreamStoreException.Unavailable
                        && ++closedUnderUs < MAX_ATTEMPTS) {
                    continue;
                }
                throw failure;
            } catch (IllegalArgumentException notThisRange) {
                // entries outside the range asked for: the server's reply, not the caller's input; the connection is out of step
                abandon(true);
                ended = true;
                throw new StreamStoreException(key, notThisRange.getMessage(), notThisRange);
            }
            if (use == PagePlan.Use.DROP || reply.size() == 0) {
                continue; // asked for behind a slice that came back full, or an empty slice: the next reply goes on
            }
            JedisException unsent = null;
            try {
                sendAsks();
            } catch (JedisException e) {
                unsent = e;
            }
            // built now, while Redis computes the next pages, and before a failed connection goes back to the pool
            // (a connection of ours holds the page's bytes until then)
            List<StreamEntry> entries = reply.entries().get();
            if (unsent != null) {
                // the page in hand is good; the next call asks again from after it, on a new connection
                fail(unsent);
            }
            return entries;
        }
    }

    @Override
    public boolean done() {
        return rest != null ? rest.done() : ended || plan.done();
    }

    /** Attempts of one {@link #next} on connections that turn out closed, as Jedis' own cluster commands retry. */
    static final int MAX_ATTEMPTS = 3;

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
            throw new EntriesConnection.Malformed("unexpected XRANGE reply from " + key + ": " + raw);
        }
        return new Reply(items.size(), items.isEmpty() ? null : lastId(items), () -> Replies.entries(key, castList(items)));
    }

    /** The reply to the top's request: the stream's last id, none when it has no entry. */
    private Option<StreamId> readTop() {
        if (connection instanceof EntriesConnection ours) {
            return ours.readPage(key);
        }
        Object raw = connection.getOne();
        if (!(raw instanceof List<?> items)) {
            throw new EntriesConnection.Malformed("unexpected XREVRANGE reply from " + key + ": " + raw);
        }
        return items.isEmpty() ? Option.none() : Option.some(lastId(items));
    }

    /** Sends every request the plan has for now and flushes them, without waiting for the replies. */
    private void sendAsks() {
        boolean sent = false;
        for (Option<PagePlan.Ask> a = plan.ask(); a.isDefined(); a = plan.ask()) {
            if (connection == null) {
                connection = borrow.get();
            }
            if (a.get() instanceof PagePlan.Ask.Page page) {
                connection.sendCommand(new CommandArguments(Protocol.Command.XRANGE).key(keyBytes)
                        .add(bytes(page.from().toString())).add(page.to().map(t -> bytes(t.toString())).getOrElse(PLUS))
                        .add(Protocol.Keyword.COUNT).add(page.count()));
            } else {
                connection.sendCommand(new CommandArguments(Protocol.Command.XREVRANGE).key(keyBytes).add(PLUS).add(MINUS)
                        .add(Protocol.Keyword.COUNT).add(1));
            }
            sent = true;
        }
        if (sent) {
            // getMany(0) flushes and reads nothing: Connection's flush() is not public
            connection.getMany(0);
        }
    }

    private StreamId lastId(List<?> items) {
        Object item = items.get(items.size() - 1);
        if (item instanceof List<?> pair && !pair.isEmpty() && pair.get(0) instanceof byte[] id) {
            return Replies.streamId(id);
        }
        throw new EntriesConnection.Malformed("unexpected stream entry reply from " + key + ": " + item);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> castList(List<?> items) {
        return (List<Object>) items;
    }

    /**
     * Gives the connection up after a failure and plans the rest of the range afresh from where it was
     * left, so that the next call asks again on a new connection.
     */
    private void fail(JedisException e) {
        abandon(e instanceof JedisConnectionException);
        if (e instanceof JedisConnectionException) {
            refreshRoutes.run();
        }
        plan = plan.cursor().map(from -> new PagePlan(from, to, pageSize)).getOrElse(plan);
    }

    /**
     * Gives the connection back after a failure: broken when it {@code failed} or replies are still
     * due on it (it is out of step), so that the pool replaces it. The pool may fail to replace a broken
     * one (Redis is down); that is the failure already being reported, not a second one to surface.
     */
    private void abandon(boolean failed) {
        if (connection == null) {
            return;
        }
        Connection c = connection;
        connection = null;
        if (failed || plan.inFlight() > 0) {
            c.setBroken();
        }
        try {
            c.close();
        } catch (JedisException alreadyReported) {
            // the pool could not replace the broken connection: the caller gets the original failure
        }
    }

    /** Gives the connection back in step: the replies still due on it are read and dropped first. */
    private void release() {
        if (connection == null) {
            return;
        }
        // the read is over: the replies still due are read so that the pooled connection is clean, not answered to the plan
        for (int due = plan.inFlight(); due > 0; due--) {
            try {
                connection.getOne();
            } catch (JedisDataException dropped) {
                // an error reply for a reply nobody takes; the connection is in step
            } catch (JedisException e) {
                abandon(true);
                return;
            }
        }
        Connection c = connection;
        connection = null;
        c.close();
    }

    @Override
    public void close() {
        if (rest != null) {
            rest.close();
        }
        ended = true;
        release();
    }
}
