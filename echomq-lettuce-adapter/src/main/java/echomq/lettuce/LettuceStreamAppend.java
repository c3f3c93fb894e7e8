package echomq.lettuce;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.stream.AppendBatchException;
import echomq.domain.stream.AppendReadBack;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.Xadd;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@link StreamAppendPort} over Lettuce: {@code XADD <key> <A1 id> id <branded> <field> <value> …}.
 * The minter is this adapter's; give each writing process its own node id.
 *
 * <p>Lettuce sends a connection's commands in the order they are handed to it, and answers them in
 * that order. So each record is minted and handed over under its stream's lock, and awaited
 * outside it: threads appending to one stream pipeline their {@code XADD}s, and they reach Redis in
 * mint order. A record refused as below the stream's top (another writer's clock is ahead) is
 * minted again above the top and sent again, up to {@link #MAX_REMINTS} times, as the Jedis adapter
 * does. Before that the refused id is read back ({@link AppendReadBack}): Lettuce sends again what
 * was in flight when it reconnects, so a refusal can be of a record that landed, its reply lost;
 * when the entry there is the record's own it is answered, so nothing lands twice. An append that
 * failed once it may have been sent is sent again under its id, then read back; one rejected before
 * it was written (the connection down) fails at once, typed.
 */
public final class LettuceStreamAppend implements StreamAppendPort {

    /** How often one record is minted again above the stream's top before its refusal stands. */
    public static final int MAX_REMINTS = StreamAppendPort.MAX_REMINTS;

    private final LettuceRedis redis;
    private final Snowflake minter;
    private final LettuceStreamState states;
    private final LettuceStreamRange range;
    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();
    /** Where refusals are handled: never Lettuce's event loop, which a blocking read of the top would stall. */
    private final Executor retries = ForkJoinPool.commonPool();
    private volatile EchoListener listener = EchoListener.NONE;

    /**
     * Appends through {@code redis}, minting ids with {@code minter}.
     *
     * @param redis  the shared connection; not closed by this adapter
     * @param minter the id minter of this writer
     */
    public LettuceStreamAppend(LettuceRedis redis, Snowflake minter) {
        this(redis, minter, ClockBound.DEFAULT);
    }

    /**
     * As {@link #LettuceStreamAppend(LettuceRedis, Snowflake)}, refusing appends while this
     * writer's clock runs further ahead of the server's than {@code clockBound} allows (a
     * {@link StreamStoreException.ClockAhead}, nothing sent). The server's clock is read with
     * {@code TIME} on the stream's node at the first append and every
     * {@link ClockBound#RESAMPLE_AFTER} after.
     *
     * @param redis      the connection
     * @param minter     this writer's minter
     * @param clockBound how far ahead of the server this writer's clock may be ({@link ClockBound#DEFAULT}: 10 min)
     */
    public LettuceStreamAppend(LettuceRedis redis, Snowflake minter, ClockBound clockBound) {
        this(redis, minter, clockBound, echomq.domain.stream.Durability.NONE);
    }

    /**
     * As {@link #LettuceStreamAppend(LettuceRedis, Snowflake, ClockBound)}, each append acknowledged
     * only as {@code durability} says: with {@link echomq.domain.stream.Durability#replicated}, the
     * {@code XADD}s go on a connection of their own (to the stream's master, on a cluster), each
     * followed there by the {@code WAIT} that covers it, at most one {@code WAIT} on its way at a
     * time (the appends sent meanwhile share the next one), and an append is answered only once
     * the replicas hold it; fewer is a {@link StreamStoreException.NotReplicated} naming its receipt
     * (it landed on the master), never a success. An append found landed by reading it back (its
     * reply was lost) could not be asked about on the connection that wrote it, and is answered
     * {@code NotReplicated} too.
     * <pre>{@code
     * new LettuceStreamAppend(redis, minter, ClockBound.DEFAULT, Durability.replicated(1, Duration.ofSeconds(1)));
     * }</pre>
     *
     * @param redis      the connection
     * @param minter     this writer's minter
     * @param clockBound how far ahead of the server this writer's clock may be
     * @param durability when an append is acknowledged ({@link echomq.domain.stream.Durability#NONE}: as Redis answers)
     */
    public LettuceStreamAppend(LettuceRedis redis, Snowflake minter, ClockBound clockBound, echomq.domain.stream.Durability durability) {
        this.durability = Objects.requireNonNull(durability, "durability");
        this.redis = Objects.requireNonNull(redis, "redis");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.states = new LettuceStreamState(redis);
        this.range = new LettuceStreamRange(redis);
        this.guard = new echomq.wire.ClockGuard(new LettuceServerClock(redis), Objects.requireNonNull(clockBound, "clockBound"),
                System::nanoTime);
    }

    private final echomq.wire.ClockGuard guard;

    /** When an append is acknowledged. */
    private final echomq.domain.stream.Durability durability;

    /**
     * When this adapter acknowledges an append.
     *
     * @return its durability ({@link echomq.domain.stream.Durability#NONE} unless given)
     */
    public echomq.domain.stream.Durability durability() {
        return durability;
    }

    /**
     * Tells {@code l} of every append (one record, its round trip) and every refusal. Returns this adapter.
     *
     * @param l the listener
     * @return this adapter
     */
    public LettuceStreamAppend observedBy(EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    @Override
    public BrandedId append(StreamKey stream, LinkedHashMap<String, String> fields) {
        return join(appendAsync(stream, fields));
    }

    @Override
    public CompletableFuture<BrandedId> appendAsync(StreamKey stream, LinkedHashMap<String, String> fields) {
        java.util.Objects.requireNonNull(stream, "stream");
        StreamAppendPort.requireFields(fields);
        return send(stream, fields, 0);
    }

    @Override
    public List<BrandedId> appendBatch(StreamKey stream, List<LinkedHashMap<String, String>> records) {
        if (StreamAppendPort.requireBatch(stream, records).isEmpty()) {
            return List.of();
        }
        String key = stream.toString();
        guard.check(stream, minter.now()); // before anything is minted or sent
        List<CompletableFuture<BrandedId>> sent = new ArrayList<>(records.size());
        List<BrandedId> ids = new ArrayList<>(records.size());
        ReentrantLock lock = lockOf(key);
        lock.lock();
        try {
            // minted and handed over together: nothing of another thread's comes between them
            for (LinkedHashMap<String, String> r : records) {
                BrandedId id = minter.nextId();
                ids.add(id);
                sent.add(xadd(stream, id, r));
            }
        } finally {
            lock.unlock();
        }
        List<BrandedId> landed = new ArrayList<>();
        List<StreamStoreException> failures = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            try {
                landed.add(sent.get(i).join());
            } catch (CompletionException refused) {
                // one after the other, in the batch's order: the re-minted records keep it
                try {
                    landed.add(join(retry(stream, records.get(i), ids.get(i), refused.getCause(), false, 0, 0, 0)));
                } catch (StreamStoreException f) {
                    failures.add(f);
                }
            }
        }
        if (!failures.isEmpty()) {
            throw AppendBatchException.of(key, landed, failures);
        }
        return List.copyOf(landed);
    }

    @Override
    public BrandedId appendWithId(StreamKey stream, BrandedId id, LinkedHashMap<String, String> fields) {
        java.util.Objects.requireNonNull(stream, "stream");
        StreamAppendPort.requireEventId(id);
        StreamAppendPort.requireFields(fields);
        return join(xadd(stream, id, fields).exceptionallyComposeAsync(e -> retry(stream, fields, id, e, true, 0, 0, 0), retries));
    }

    private ReentrantLock lockOf(String key) {
        return locks.computeIfAbsent(key, k -> new ReentrantLock());
    }

    private CompletableFuture<BrandedId> send(StreamKey stream, LinkedHashMap<String, String> fields, int attempt) {
        CompletableFuture<BrandedId> sent;
        if (attempt == 0) {
            try {
                guard.check(stream, minter.now()); // before anything is minted or sent
            } catch (StreamStoreException refused) {
                return CompletableFuture.failedFuture(refused);
            }
        }
        ReentrantLock lock = lockOf(stream.toString());
        BrandedId id;
        lock.lock();
        try {
            id = minter.nextId();
            sent = xadd(stream, id, fields);
        } finally {
            lock.unlock();
        }
        return sent.exceptionallyComposeAsync(e -> retry(stream, fields, id, e, false, attempt, 0, 0), retries);
    }

    /**
     * After the {@code XADD} of {@code id} failed with {@code e}: refused as not above the top, its id
     * is read back ({@link AppendReadBack}): ours, it landed (a send whose reply was lost, sent again
     * by Lettuce on reconnecting or by this adapter); not ours, it is minted again above the top (up
     * to {@link #MAX_REMINTS} times; the caller's own id never). Unanswered (the connection failed
     * once it may have been sent), it is sent again under the same id, up to
     * {@link AppendReadBack#MAX_RESENDS} times, then read back: landed, or
     * {@link StreamStoreException.OutcomeUnknown}. While the connection is down (Lettuce reconnects
     * with a growing backoff) such an append waits for it, up to {@link AppendReadBack#SETTLE_WITHIN}.
     * Any other failure is final.
     *
     * @param own     whether {@code id} is the caller's ({@code appendWithId})
     * @param attempt how many times the record was minted again before
     * @param resent  how many times {@code id} was sent again after a lost reply
     * @param lostAt  {@link System#nanoTime()} when a send of {@code id} that may have landed was first unanswered; 0: none
     */
    private CompletableFuture<BrandedId> retry(StreamKey stream, LinkedHashMap<String, String> fields, BrandedId id, Throwable e,
                                               boolean own, int attempt, int resent, long lostAt) {
        String key = stream.toString();
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof StreamStoreException.NotReplicated landed) {
            return CompletableFuture.failedFuture(landed); // on the master, unconfirmed: sending it again would write it twice
        }
        if (!(cause instanceof NonMonotonicAppendException refusal)) {
            boolean lost = !(cause instanceof NotSent) && LettuceFailures.maybeSent(cause);
            if (!lost && lostAt == 0) {
                return CompletableFuture.failedFuture(cause); // nothing of it reached Redis
            }
            long since = lostAt != 0 ? lostAt : (System.nanoTime() | 1);
            boolean waiting = !lost; // rejected while the connection is down: nothing sent, wait for it
            if (waiting ? System.nanoTime() - since < AppendReadBack.SETTLE_WITHIN.toNanos() : AppendReadBack.sendAgain(resent)) {
                long delay = (waiting ? RECONNECT_POLL : AppendReadBack.resendDelay(resent)).toNanos();
                int next = waiting ? resent : resent + 1;
                // under the same id: it lands, or is refused as not above the top and read back
                return CompletableFuture.supplyAsync(() -> xadd(stream, id, fields), after(delay)).thenCompose(f -> f)
                        .exceptionallyComposeAsync(again -> retry(stream, fields, id, again, own, attempt, next, since), retries);
            }
            return readBackSoon(stream, id, fields, since).handle((found, unread) -> unread != null
                    ? CompletableFuture.<BrandedId>failedFuture(new StreamStoreException.OutcomeUnknown(key, id.streamId(), unwrap(unread)))
                    : found.afterLostReplies() == AppendReadBack.Next.ANSWER ? foundLanded(key, id)
                    : CompletableFuture.<BrandedId>failedFuture(new StreamStoreException.OutcomeUnknown(key, id.streamId(), cause)))
                    .thenCompose(f -> f);
        }
        return readBackSoon(stream, id, fields, lostAt != 0 ? lostAt : System.nanoTime()).handle((found, unread) -> {
            if (unread != null) {
                return CompletableFuture.<BrandedId>failedFuture(new StreamStoreException.OutcomeUnknown(key, id.streamId(), unwrap(unread)));
            }
            return switch (found.afterRefusal(own, attempt, MAX_REMINTS)) {
                case ANSWER -> foundLanded(key, id);
                case MINT_AGAIN -> mintAgain(stream, fields, refusal, attempt);
                default -> {
                    EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.NON_MONOTONIC, 1));
                    yield CompletableFuture.<BrandedId>failedFuture(refusal);
                }
            };
        }).thenCompose(f -> f);
    }

    /**
     * An append found landed by reading it back: answered, unless replicas were asked for: they
     * could not be asked on the connection that wrote it.
     */
    private CompletableFuture<BrandedId> foundLanded(String key, BrandedId id) {
        Option<StreamStoreException.NotReplicated> unknown = durability.unconfirmed(key, List.of(id));
        return unknown.isDefined() ? CompletableFuture.failedFuture(unknown.get()) : CompletableFuture.completedFuture(id);
    }

    /** How often an unanswered append looks again whether the connection is back. */
    private static final java.time.Duration RECONNECT_POLL = java.time.Duration.ofMillis(50);

    private Executor after(long nanos) {
        return CompletableFuture.delayedExecutor(nanos, java.util.concurrent.TimeUnit.NANOSECONDS, retries);
    }

    /** A record refused below another writer's top, its id not its own: minted again above the top and sent again. */
    private CompletableFuture<BrandedId> mintAgain(StreamKey stream, LinkedHashMap<String, String> fields, NonMonotonicAppendException refusal,
                                                   int attempt) {
        try {
            StreamId top = states.state(stream).map(StreamState::lastGenerated).getOrElse(StreamId.MIN);
            StreamAppendPort.aimAbove(minter, top, attempt);
        } catch (StreamStoreException failed) {
            return CompletableFuture.failedFuture(failed);
        } catch (IllegalArgumentException pastTheRange) {
            EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.NON_MONOTONIC, 1));
            return CompletableFuture.failedFuture(refusal); // no snowflake is above the top: the refusal stands
        }
        EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.REMINTED, 1));
        return send(stream, fields, attempt + 1);
    }

    /**
     * {@link #readBack}, on the retries' executor; while the connection is down, tried again until
     * {@link AppendReadBack#SETTLE_WITHIN} after {@code since}.
     */
    private CompletableFuture<AppendReadBack> readBackSoon(StreamKey stream, BrandedId id, LinkedHashMap<String, String> fields, long since) {
        try {
            return CompletableFuture.completedFuture(readBack(stream, id, fields));
        } catch (StreamStoreException unread) {
            if (unread instanceof StreamStoreException.Unavailable && System.nanoTime() - since < AppendReadBack.SETTLE_WITHIN.toNanos()) {
                return CompletableFuture.supplyAsync(() -> readBackSoon(stream, id, fields, since), after(RECONNECT_POLL.toNanos())).thenCompose(f -> f);
            }
            return CompletableFuture.failedFuture(unread);
        }
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    /** What the stream holds at {@code id}'s entry id ({@code XRANGE key id id}); blocking, so never on the event loop. */
    private AppendReadBack readBack(StreamKey stream, BrandedId id, LinkedHashMap<String, String> fields) {
        List<echomq.domain.stream.StreamEntry> found = range.range(stream, id.streamId(), id.streamId(), 1);
        return found.isEmpty() ? AppendReadBack.nothingAt(id)
                : AppendReadBack.entryAt(id, fields.toJavaMap(), found.get(0).branded().map(BrandedId::toString), found.get(0).fields().toJavaMap());
    }

    /** The {@code XADD} of {@code id}, handed to the connection now; completes with {@code id}, or a typed failure. */
    private CompletableFuture<BrandedId> xadd(StreamKey stream, BrandedId id, LinkedHashMap<String, String> fields) {
        String key = stream.toString();
        CommandArgs<byte[], byte[]> args = LettuceRedis.args(key).add(id.streamId().toString());
        for (String item : Xadd.fields(id, fields)) {
            args.add(item);
        }
        long t0 = System.nanoTime();
        if (durability.replication().isDefined()) {
            return xaddDurably(stream, id, args, t0);
        }
        WrittenCommand command = new WrittenCommand(args);
        try {
            return dispatch(command).handle((reply, e) -> {
                if (e != null) {
                    // never encoded for the wire (rejected while the connection was down): it cannot have landed.
                    // Once encoded it may have been sent, whatever the failure says (a command in flight when the
                    // connection dropped fails as rejected too)
                    throw new CompletionException(command.written ? LettuceFailures.translateAppend(key, id.streamId(), e) : notSent(key, id, e));
                }
                EchoListener.tell(listener, new EchoEvent.Appended(stream, 1, System.nanoTime() - t0));
                return id;
            });
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(command.written ? LettuceFailures.translateAppend(key, id.streamId(), e) : notSent(key, id, e));
        }
    }

    /**
     * The {@code XADD} of {@code id} on the durable writes' connection, followed there by the
     * {@code WAIT} that covers it; completes with {@code id} once the replicas hold it, or a
     * {@link StreamStoreException.NotReplicated}; a failure of the {@code XADD} as {@link #xadd} fails.
     */
    private CompletableFuture<BrandedId> xaddDurably(StreamKey stream, BrandedId id, CommandArgs<byte[], byte[]> args, long t0) {
        String key = stream.toString();
        echomq.domain.stream.Durability.Replicated asked = durability.replication().get();
        WrittenCommand[] last = new WrittenCommand[1];
        DurableWrites.Written<List<Object>> written;
        try {
            written = redis.durable().write(echomq.wire.Replies.bytes(key), () -> last[0] = new WrittenCommand(args), asked);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(notSent(key, id, e));
        }
        return written.reply().handle((reply, e) -> {
            if (e != null) {
                WrittenCommand command = last[0];
                throw new CompletionException(command != null && command.written ? LettuceFailures.translateAppend(key, id.streamId(), e)
                        : notSent(key, id, e));
            }
            return reply;
        }).thenCompose(reply -> written.acks()).thenApply(acks -> {
            Option<StreamStoreException.NotReplicated> failed = durability.judge(key, acks, List.of(id));
            if (failed.isDefined()) {
                throw new CompletionException(failed.get());
            }
            EchoListener.tell(listener, new EchoEvent.Appended(stream, 1, System.nanoTime() - t0));
            return id;
        });
    }

    /** Hands {@code command} to the connection: through Lettuce's own dispatch, so that its encoding is seen. */
    @SuppressWarnings("unchecked")
    private CompletableFuture<List<Object>> dispatch(WrittenCommand command) {
        Object async = redis.async();
        if (async instanceof io.lettuce.core.AbstractRedisAsyncCommands<?, ?> commands) {
            return ((io.lettuce.core.AbstractRedisAsyncCommands<byte[], byte[]>) commands).dispatch(command).toCompletableFuture();
        }
        command.written = true; // another implementation: whether it was sent cannot be seen, so it may have been
        return redis.async().dispatch(CommandType.XADD, command.getOutput(), command.getArgs()).toCompletableFuture();
    }

    /**
     * An {@code XADD} that knows whether it was ever encoded for the wire: Lettuce encodes a command
     * only to write it, so one never encoded was never sent.
     */
    private static final class WrittenCommand extends io.lettuce.core.protocol.Command<byte[], byte[], List<Object>> {
        volatile boolean written;

        WrittenCommand(CommandArgs<byte[], byte[]> args) {
            super(CommandType.XADD, new NestedMultiOutput<>(LettuceRedis.CODEC), args);
        }

        @Override
        public void encode(io.netty.buffer.ByteBuf buf) {
            written = true;
            super.encode(buf);
        }
    }

    /** A failure of an {@code XADD} never encoded for the wire: a connection down rejected it unsent. */
    private static RuntimeException notSent(String key, BrandedId id, Throwable e) {
        RuntimeException typed = LettuceFailures.translateAppend(key, id.streamId(), e);
        return typed instanceof StreamStoreException.Unavailable u && !(typed instanceof NotSent) ? new NotSent(key, u) : typed;
    }

    /** An {@link StreamStoreException.Unavailable} of an {@code XADD} that was never written: it cannot have landed. */
    private static final class NotSent extends StreamStoreException.Unavailable {
        NotSent(String key, StreamStoreException.Unavailable failure) {
            super(key, failure.getMessage(), failure.getCause());
        }
    }

    private static BrandedId join(CompletableFuture<BrandedId> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }
}
