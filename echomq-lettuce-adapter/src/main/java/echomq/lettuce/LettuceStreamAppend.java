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
 * does; a refused {@code XADD} never landed, so nothing lands twice.
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
        this.redis = Objects.requireNonNull(redis, "redis");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.states = new LettuceStreamState(redis);
        this.range = new LettuceStreamRange(redis);
        this.guard = new echomq.wire.ClockGuard(new LettuceServerClock(redis), Objects.requireNonNull(clockBound, "clockBound"),
                System::nanoTime);
    }

    private final echomq.wire.ClockGuard guard;

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
        java.util.Objects.requireNonNull(stream, "stream");
        StreamAppendPort.requireRecords(records);
        if (records.isEmpty()) {
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
                    landed.add(join(retry(stream, records.get(i), ids.get(i), refused.getCause(), 0, 0, false)));
                } catch (StreamStoreException f) {
                    failures.add(f);
                }
            }
        }
        if (!failures.isEmpty()) {
            throw new AppendBatchException(key, landed, failures);
        }
        return List.copyOf(landed);
    }

    @Override
    public BrandedId appendWithId(StreamKey stream, BrandedId id, LinkedHashMap<String, String> fields) {
        java.util.Objects.requireNonNull(stream, "stream");
        StreamAppendPort.requireEventId(id);
        StreamAppendPort.requireFields(fields);
        return join(xadd(stream, id, fields).exceptionallyComposeAsync(e -> retryOwn(stream, fields, id, e, 0, false), retries));
    }

    /** As {@link #retry} for the caller's own id: never minted again, so a refusal not ours stands. */
    private CompletableFuture<BrandedId> retryOwn(StreamKey stream, LinkedHashMap<String, String> fields, BrandedId id, Throwable e,
                                                  int resent, boolean maybeLanded) {
        String key = stream.toString();
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        boolean refused = cause instanceof NonMonotonicAppendException;
        boolean lost = !refused && LettuceFailures.maybeSent(cause);
        if (!refused && !lost && !maybeLanded) {
            return CompletableFuture.failedFuture(cause);
        }
        if (!refused && AppendReadBack.sendAgain(resent)) {
            Executor later = CompletableFuture.delayedExecutor(AppendReadBack.resendDelay(resent).toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS, retries);
            return CompletableFuture.supplyAsync(() -> xadd(stream, id, fields), later).thenCompose(f -> f)
                    .exceptionallyComposeAsync(again -> retryOwn(stream, fields, id, again, resent + 1, true), retries);
        }
        try {
            AppendReadBack found = readBack(stream, id);
            if ((refused ? found.afterRefusal(true, 0, MAX_REMINTS) : found.afterLostReplies()) == AppendReadBack.Next.ANSWER) {
                return CompletableFuture.completedFuture(id);
            }
            return CompletableFuture.failedFuture(refused ? cause : new StreamStoreException.OutcomeUnknown(key, id.streamId(), cause));
        } catch (StreamStoreException unread) {
            return CompletableFuture.failedFuture(new StreamStoreException.OutcomeUnknown(key, id.streamId(), unread));
        }
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
        return sent.exceptionallyComposeAsync(e -> retry(stream, fields, id, e, attempt, 0, false), retries);
    }

    /**
     * After the {@code XADD} of {@code id} failed with {@code e}: refused as not above the top, its id
     * is read back ({@link AppendReadBack}): ours, it landed (a send whose reply was lost, sent again
     * by Lettuce on reconnecting or by this adapter); not ours, it is minted again above the top (up
     * to {@link #MAX_REMINTS} times). Unanswered (the connection failed once it may have been sent),
     * it is sent again under the same id, up to {@link AppendReadBack#MAX_RESENDS} times, then read
     * back: landed, or {@link StreamStoreException.OutcomeUnknown}. Any other failure is final.
     *
     * @param maybeLanded whether an earlier send of {@code id} may have landed
     */
    private CompletableFuture<BrandedId> retry(StreamKey stream, LinkedHashMap<String, String> fields, BrandedId id, Throwable e,
                                               int attempt, int resent, boolean maybeLanded) {
        String key = stream.toString();
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof NonMonotonicAppendException refused) {
            AppendReadBack found;
            try {
                found = readBack(stream, id);
            } catch (StreamStoreException unread) {
                return CompletableFuture.failedFuture(new StreamStoreException.OutcomeUnknown(key, id.streamId(), unread));
            }
            switch (found.afterRefusal(false, attempt, MAX_REMINTS)) {
                case ANSWER:
                    return CompletableFuture.completedFuture(id);
                case MINT_AGAIN:
                    break;
                default:
                    EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.NON_MONOTONIC, 1));
                    return CompletableFuture.failedFuture(refused);
            }
            try {
                StreamId top = states.state(stream).map(StreamState::lastGenerated).getOrElse(StreamId.MIN);
                StreamAppendPort.aimAbove(minter, top, attempt);
            } catch (StreamStoreException failed) {
                return CompletableFuture.failedFuture(failed);
            } catch (IllegalArgumentException pastTheRange) {
                EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.NON_MONOTONIC, 1));
                return CompletableFuture.failedFuture(refused); // no snowflake is above the top: the refusal stands
            }
            EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.REMINTED, 1));
            return send(stream, fields, attempt + 1);
        }
        boolean lost = LettuceFailures.maybeSent(cause);
        if (!lost && !maybeLanded) {
            return CompletableFuture.failedFuture(cause);
        }
        if (AppendReadBack.sendAgain(resent)) {
            // under the same id, once the connection had a moment to come back: it lands, or is refused and read back
            Executor later = CompletableFuture.delayedExecutor(AppendReadBack.resendDelay(resent).toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS, retries);
            return CompletableFuture.supplyAsync(() -> xadd(stream, id, fields), later).thenCompose(f -> f)
                    .exceptionallyComposeAsync(again -> retry(stream, fields, id, again, attempt, resent + 1, true), retries);
        }
        try {
            if (readBack(stream, id).afterLostReplies() == AppendReadBack.Next.ANSWER) {
                return CompletableFuture.completedFuture(id);
            }
            return CompletableFuture.failedFuture(new StreamStoreException.OutcomeUnknown(key, id.streamId(), cause));
        } catch (StreamStoreException unread) {
            return CompletableFuture.failedFuture(new StreamStoreException.OutcomeUnknown(key, id.streamId(), unread));
        }
    }

    /** What the stream holds at {@code id}'s entry id ({@code XRANGE key id id}); blocking, so never on the event loop. */
    private AppendReadBack readBack(StreamKey stream, BrandedId id) {
        List<echomq.domain.stream.StreamEntry> found = range.range(stream, id.streamId(), id.streamId(), 1);
        return found.isEmpty() ? AppendReadBack.nothingAt(id) : AppendReadBack.entryAt(id, found.get(0).branded().map(BrandedId::toString));
    }

    /** The {@code XADD} of {@code id}, handed to the connection now; completes with {@code id}, or a typed failure. */
    private CompletableFuture<BrandedId> xadd(StreamKey stream, BrandedId id, LinkedHashMap<String, String> fields) {
        String key = stream.toString();
        CommandArgs<byte[], byte[]> args = LettuceRedis.args(key).add(id.streamId().toString());
        for (String item : Xadd.fields(id, fields)) {
            args.add(item);
        }
        long t0 = System.nanoTime();
        try {
            return redis.async().dispatch(CommandType.XADD, new NestedMultiOutput<>(LettuceRedis.CODEC), args).toCompletableFuture()
                    .handle((reply, e) -> {
                        if (e != null) {
                            throw new CompletionException(LettuceFailures.translateAppend(key, id.streamId(), e));
                        }
                        EchoListener.tell(listener, new EchoEvent.Appended(stream, 1, System.nanoTime() - t0));
                        return id;
                    });
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(LettuceFailures.translateAppend(key, id.streamId(), e));
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
