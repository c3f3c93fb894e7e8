package echomq.lettuce;

import echomq.domain.stream.Durability;
import echomq.wire.Waits;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.lettuce.core.protocol.ConnectionIntent;
import io.lettuce.core.protocol.RedisCommand;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes that wait for their replicas, over Lettuce: on a connection of their own (opened at the
 * first such write, closed with the {@link LettuceRedis}), so that a {@code WAIT}, which holds up
 * every later command of its connection on the server until the replicas answer, holds up no read
 * and no write of the shared connection. A write and its {@code WAIT} go to one node connection, in
 * order: the one connection to a server, or on a cluster the connection to the master of the
 * write's slot, which both are sent on directly (a write Lettuce redirected to another node would
 * be waited for on the wrong one: a {@code MOVED} reply is a write that did not run, sent again to
 * the slot's master once the slot map is read again).
 *
 * <p><b>Group commit of the waits.</b> At most one {@code WAIT} per node connection is on its way:
 * writes sent while one is are covered by the next, sent when it is answered, so one {@code WAIT}
 * covers every write sent before it and the round trips to the replicas fall as writers grow.
 *
 * <p><b>Reconnects.</b> Lettuce sends again what was in flight when a connection broke. A
 * {@code WAIT} sent again on the new connection would answer for that connection's writes only,
 * so a {@code WAIT} written more than once confirms nothing (the writes it covered are answered
 * {@code NotReplicated}); a write sent again is waited for by a {@code WAIT} sent again behind it,
 * or by one sent after it on the new connection.
 */
final class DurableWrites implements AutoCloseable {

    private final AbstractRedisClient client;
    private final ReentrantLock opening = new ReentrantLock();
    private volatile StatefulConnection<byte[], byte[]> own;
    private volatile boolean closed;
    /** The group commit of the waits of one node connection and one durability. */
    private final ConcurrentHashMap<Batch, WaitBatch> batches = new ConcurrentHashMap<>();

    DurableWrites(AbstractRedisClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /** How many times a write redirected ({@code MOVED}, {@code ASK}) is sent again to the slot's master. */
    static final int MAX_REDIRECTS = 5;

    /**
     * A write's reply and the answer of the {@code WAIT} that covers it: the replicas that
     * acknowledged, or -1 when the wait confirmed nothing (it failed, or was sent again).
     *
     * @param reply the write's reply
     * @param acks  the covering wait's answer, once the write is answered
     * @param <T>   the write's reply type
     */
    record Written<T>(CompletableFuture<T> reply, CompletableFuture<Long> acks) {
    }

    /**
     * Sends {@code command} (whose first key is {@code key}) on the node connection of {@code key},
     * followed by the {@code WAIT} that covers it. {@code fresh} makes the command again for a
     * second send after a redirection.
     */
    <T> Written<T> write(byte[] key, java.util.function.Supplier<? extends Command<byte[], byte[], T>> fresh, Durability.Replicated durability) {
        CompletableFuture<T> reply = new CompletableFuture<>();
        CompletableFuture<Long> acks = new CompletableFuture<>();
        send(key, fresh, durability, 0, reply, acks);
        return new Written<>(reply, acks);
    }

    private <T> void send(byte[] key, java.util.function.Supplier<? extends Command<byte[], byte[], T>> fresh, Durability.Replicated durability,
                          int redirects, CompletableFuture<T> reply, CompletableFuture<Long> acks) {
        StatefulRedisConnection<byte[], byte[]> node;
        try {
            node = nodeOf(key, redirects > 0);
        } catch (RuntimeException e) {
            reply.completeExceptionally(e);
            acks.complete(-1L);
            return;
        }
        if (durability.fsync()) {
            hasWaitAofOf(node); // asked here, off the event loop, where the waits are sent from
        }
        Command<byte[], byte[], T> command = fresh.get();
        AsyncCommand<byte[], byte[], T> sent = new AsyncCommand<>(command);
        CompletableFuture<Long> covering = batches.computeIfAbsent(new Batch(node, durability), b -> new WaitBatch(node, durability)).after(sent);
        sent.whenComplete((r, e) -> {
            if (e == null) {
                reply.complete(r);
                covering.whenComplete((n, f) -> acks.complete(f != null || n == null ? -1L : n));
                return;
            }
            String message = String.valueOf(LettuceFailures.rootMessage(e));
            if ((message.startsWith("MOVED") || message.startsWith("ASK")) && redirects < MAX_REDIRECTS) {
                // not run: to the slot's master, once the slot map is read again (off the event loop)
                CompletableFuture.runAsync(() -> send(key, fresh, durability, redirects + 1, reply, acks));
                return;
            }
            reply.completeExceptionally(e);
            acks.complete(-1L);
        });
    }

    /** The node connection {@code key}'s writes go on: the connection of our own to a server, or to the master of its slot. */
    private StatefulRedisConnection<byte[], byte[]> nodeOf(byte[] key, boolean refresh) {
        StatefulConnection<byte[], byte[]> c = connection();
        if (c instanceof StatefulRedisClusterConnection<byte[], byte[]> cluster) {
            if (refresh) {
                ((io.lettuce.core.cluster.RedisClusterClient) client).refreshPartitions();
            }
            int slot = SlotHash.getSlot(key);
            RedisClusterNode master = cluster.getPartitions().getMasterBySlot(slot);
            if (master == null) {
                throw new io.lettuce.core.RedisConnectionException("no master serves slot " + slot + " now");
            }
            return cluster.getConnection(master.getUri().getHost(), master.getUri().getPort(), ConnectionIntent.WRITE);
        }
        @SuppressWarnings("unchecked")
        StatefulRedisConnection<byte[], byte[]> single = (StatefulRedisConnection<byte[], byte[]>) c;
        return single;
    }

    /** The connection of our own, opened at first use. */
    private StatefulConnection<byte[], byte[]> connection() {
        StatefulConnection<byte[], byte[]> c = own;
        if (c != null) {
            return c;
        }
        opening.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the Lettuce connection is closed");
            }
            if (own == null) {
                own = client instanceof io.lettuce.core.cluster.RedisClusterClient cluster ? cluster.connect(LettuceRedis.CODEC)
                        : ((io.lettuce.core.RedisClient) client).connect(LettuceRedis.CODEC);
            }
            return own;
        } finally {
            opening.unlock();
        }
    }

    private volatile Boolean waitAof;

    /** Closes the connection of our own, if it was opened. */
    @Override
    public void close() {
        opening.lock();
        try {
            closed = true;
            if (own != null) {
                own.close();
                own = null;
            }
        } finally {
            opening.unlock();
        }
    }

    /** The waits of one node connection for one durability. */
    private record Batch(StatefulRedisConnection<byte[], byte[]> node, Durability.Replicated durability) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Batch b && b.node == node && b.durability.equals(durability);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(node) * 31 + durability.hashCode();
        }
    }

    /**
     * The group commit of the waits of one node connection: at most one {@code WAIT} on its way; a
     * write sent while one is waits for the next, sent as soon as that one is answered.
     */
    private final class WaitBatch {
        private final StatefulRedisConnection<byte[], byte[]> node;
        private final Durability.Replicated durability;
        private final ReentrantLock lock = new ReentrantLock();
        private CompletableFuture<Long> inFlight;
        private CompletableFuture<Long> next;

        WaitBatch(StatefulRedisConnection<byte[], byte[]> node, Durability.Replicated durability) {
            this.node = node;
            this.durability = durability;
        }

        /** Sends {@code write} and answers the wait that covers it (one sent after it). */
        CompletableFuture<Long> after(RedisCommand<byte[], byte[], ?> write) {
            lock.lock();
            try {
                node.dispatch(write);
                if (inFlight == null) {
                    return sendWait();
                }
                if (next == null) {
                    next = new CompletableFuture<>();
                }
                return next;
            } finally {
                lock.unlock();
            }
        }

        /**
         * With the lock held: sends a wait, the one in flight from now; when it is answered
         * ({@link #answered}) the next is sent, if writes came meanwhile.
         */
        private CompletableFuture<Long> sendWait() {
            WaitCommand wait = waitCommand();
            AsyncCommand<byte[], byte[], Long> sent = new AsyncCommand<>(wait);
            CompletableFuture<Long> answer = sent.handle((n, e) -> e != null || n == null || wait.encodes > 1 ? -1L : n);
            inFlight = answer;
            node.dispatch(sent);
            // registered last: an answer already in (on loopback, before this line) runs it here, the lock held
            answer.whenComplete((n, e) -> answered(answer));
            return answer;
        }

        /** {@code answer} came: the next wait goes out now for the writes sent meanwhile, or none is in flight. */
        private void answered(CompletableFuture<Long> answer) {
            lock.lock();
            try {
                if (inFlight != answer) {
                    return;
                }
                CompletableFuture<Long> waiting = next;
                next = null;
                if (waiting == null) {
                    inFlight = null;
                    return;
                }
                sendWait().whenComplete((m, f) -> waiting.complete(f != null || m == null ? -1L : m));
            } finally {
                lock.unlock();
            }
        }

        private WaitCommand waitCommand() {
            boolean aof = durability.fsync() && Boolean.TRUE.equals(waitAof); // asked before the first fsynced write was sent
            CommandArgs<byte[], byte[]> args = new CommandArgs<>(LettuceRedis.CODEC);
            if (aof) {
                args.add(0);
            }
            args.add(durability.replicas()).add(durability.timeoutMillis());
            return new WaitCommand(aof, args);
        }
    }

    /** Whether {@code node}'s server has {@code WAITAOF} (asked once, on this writer's first fsynced write). */
    private boolean hasWaitAofOf(StatefulRedisConnection<byte[], byte[]> node) {
        Boolean known = waitAof;
        if (known == null) {
            known = Waits.knowsCommand(node.sync().dispatch(CommandType.COMMAND, new NestedMultiOutput<>(LettuceRedis.CODEC),
                    new CommandArgs<>(LettuceRedis.CODEC).add("INFO").add(Waits.WAITAOF)));
            waitAof = known;
        }
        return known;
    }

    /**
     * {@code WAIT n timeout}, or {@code WAITAOF 0 n timeout} (whose reply, {@code [local, replicas]},
     * is read as its replicas), counting how many times it was written: once only is an answer
     * about the connection that wrote before it.
     */
    private static final class WaitCommand extends Command<byte[], byte[], Long> {
        volatile int encodes;

        WaitCommand(boolean aof, CommandArgs<byte[], byte[]> args) {
            super(aof ? new WaitAof() : CommandType.WAIT, aof ? new AofOutput() : new IntegerOutput<>(LettuceRedis.CODEC), args);
        }

        @Override
        public void encode(io.netty.buffer.ByteBuf buf) {
            encodes++;
            super.encode(buf);
        }
    }

    /** The {@code WAITAOF} keyword (Lettuce's {@code CommandType} of the client version the starter runs on may lack it). */
    private static final class WaitAof implements io.lettuce.core.protocol.ProtocolKeyword {
        private static final byte[] NAME = Waits.WAITAOF.getBytes(java.nio.charset.StandardCharsets.US_ASCII);

        @Override
        public byte[] getBytes() {
            return NAME;
        }

        @Override
        public String toString() {
            return Waits.WAITAOF;
        }
    }

    /** {@code WAITAOF}'s reply {@code [local, replicas]}, read as the replicas. */
    private static final class AofOutput extends io.lettuce.core.output.CommandOutput<byte[], byte[], Long> {
        private int seen;

        AofOutput() {
            super(LettuceRedis.CODEC, -1L);
        }

        @Override
        public void set(long integer) {
            if (seen++ == 1) {
                output = integer;
            }
        }
    }
}
