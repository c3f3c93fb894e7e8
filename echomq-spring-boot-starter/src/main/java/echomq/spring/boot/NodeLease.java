package echomq.spring.boot;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.LuaScript;
import io.vavr.collection.LinkedHashMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A snowflake node id leased from Redis for a process that was given no {@code echomq.node-id}: two
 * writers never share a node, and none needs a property to append. The lease lives in the hash
 * {@code emq:{echomq}:nodes} ({@code node-lease.lua}, expiry on the server's clock), lasts
 * {@link #TTL} and is renewed every {@link #RENEW_EVERY}; it is released when the context closes.
 * An appender on it ({@link #guard}) refuses to append once the lease may have lapsed (no renewal
 * for {@code TTL - RENEW_EVERY}) or was lost, so a lapsed node is never written with by two.
 */
final class NodeLease implements AutoCloseable {

    /** The hash every lease is kept in. */
    static final String KEY = "emq:{echomq}:nodes";
    /** How long a lease lasts without a renewal. */
    static final Duration TTL = Duration.ofSeconds(30);
    /** How often it is renewed. */
    static final Duration RENEW_EVERY = Duration.ofSeconds(10);

    private static final LuaScript SCRIPT = LuaScript.load(NodeLease.class, "node-lease.lua");
    private static final Log LOG = LogFactory.getLog(NodeLease.class);

    private final EchoMqConnection connection;
    private final String holder;
    private final int node;
    private final ScheduledExecutorService renewals;
    /** Until when ({@link System#nanoTime}) appends are safe: a renewal began before it, with TTL - RENEW_EVERY to spare. */
    private volatile long safeUntil;
    private volatile boolean lost;

    private NodeLease(EchoMqConnection connection, String holder, int node, long startedNanos) {
        this.connection = connection;
        this.holder = holder;
        this.node = node;
        this.safeUntil = startedNanos + TTL.minus(RENEW_EVERY).toNanos();
        this.renewals = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "echomq-node-lease");
            t.setDaemon(true);
            return t;
        });
        renewals.scheduleWithFixedDelay(this::renewQuietly, RENEW_EVERY.toMillis(), RENEW_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Leases a free node.
     *
     * @param connection the starter's connection
     * @return the lease, renewing
     * @throws EchoMqConfigurationException when all 1024 nodes are held
     * @throws StreamStoreException         when Redis fails
     */
    static NodeLease acquire(EchoMqConnection connection) {
        Objects.requireNonNull(connection, "connection");
        SecureRandom random = new SecureRandom();
        byte[] token = new byte[12];
        random.nextBytes(token);
        String holder = HexFormat.of().formatHex(token);
        long started = System.nanoTime();
        long node = (Long) connection.run(SCRIPT, List.of(KEY),
                List.of(holder, Long.toString(TTL.toMillis()), "acquire", Integer.toString(random.nextInt(Snowflake.MAX_NODE + 1))));
        if (node < 0) {
            throw new EchoMqConfigurationException("every snowflake node (0.." + Snowflake.MAX_NODE + ") is leased in " + KEY
                    + ": no node is free for this process's appender.", "Set echomq.node-id, or stop writers that hold nodes.");
        }
        LOG.info("EchoMQ: no echomq.node-id set; leased snowflake node " + node + " from Redis (" + KEY + ", renewed every "
                + RENEW_EVERY.toSeconds() + " s)");
        return new NodeLease(connection, holder, (int) node, started);
    }

    /**
     * The node leased.
     *
     * @return 0..1023
     */
    int node() {
        return node;
    }

    /** Renews now; after a lost lease (another holder took it) appends are refused for good. */
    void renew() {
        long started = System.nanoTime();
        long renewed = (Long) connection.run(SCRIPT, List.of(KEY),
                List.of(holder, Long.toString(TTL.toMillis()), "renew", Integer.toString(node)));
        if (renewed == 1) {
            safeUntil = started + TTL.minus(RENEW_EVERY).toNanos();
        } else {
            lost = true;
            LOG.error("EchoMQ: the lease of snowflake node " + node + " was lost (it lapsed and another process took it): "
                    + "this process appends no more; restart it");
        }
    }

    private void renewQuietly() {
        try {
            renew();
        } catch (RuntimeException e) {
            // Redis unreachable: the next renewal tries again; appends stop once the lease may have lapsed
            LOG.warn("EchoMQ: renewing the lease of snowflake node " + node + " failed: " + e.getMessage());
        }
    }

    /** Passes while appending with this node is safe. */
    void check(StreamKey stream) {
        if (lost) {
            throw new StreamStoreException(stream.toString(), "the lease of snowflake node " + node
                    + " was lost to another process: this process appends no more; restart it", null);
        }
        if (System.nanoTime() - safeUntil > 0) {
            throw new StreamStoreException.Unavailable(stream.toString(), "the lease of snowflake node " + node
                    + " could not be renewed for " + (TTL.minus(RENEW_EVERY).toSeconds()) + " s: appends wait for Redis", null);
        }
    }

    /**
     * {@code port} appending only while this lease is safe.
     *
     * @param port the appender minting with {@link #node()}
     * @return the guarded appender
     */
    StreamAppendPort guard(StreamAppendPort port) {
        return new StreamAppendPort() {
            @Override
            public BrandedId append(StreamKey key, LinkedHashMap<String, String> fields) {
                check(Objects.requireNonNull(key, "key"));
                return port.append(key, fields);
            }

            @Override
            public CompletableFuture<BrandedId> appendAsync(StreamKey key, LinkedHashMap<String, String> fields) {
                try {
                    check(Objects.requireNonNull(key, "key"));
                } catch (StreamStoreException e) {
                    return CompletableFuture.failedFuture(e);
                }
                return port.appendAsync(key, fields);
            }

            @Override
            public List<BrandedId> appendBatch(StreamKey key, List<LinkedHashMap<String, String>> records) {
                check(Objects.requireNonNull(key, "key"));
                return port.appendBatch(key, records);
            }

            @Override
            public BrandedId appendWithId(StreamKey key, BrandedId id, LinkedHashMap<String, String> fields) {
                return port.appendWithId(key, id, fields); // the caller's id, not this node's
            }

            @Override
            public String toString() {
                return port + " on leased node " + node;
            }
        };
    }

    /** Stops renewing and gives the node back. */
    @Override
    public void close() {
        renewals.shutdownNow();
        try {
            connection.run(SCRIPT, List.of(KEY), List.of(holder, Long.toString(TTL.toMillis()), "release", Integer.toString(node)));
        } catch (RuntimeException e) {
            LOG.warn("EchoMQ: releasing snowflake node " + node + " failed (it lapses in " + TTL.toSeconds() + " s): " + e.getMessage());
        }
    }
}
