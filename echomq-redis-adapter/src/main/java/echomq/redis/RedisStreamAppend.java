package echomq.redis;

import echomq.domain.stream.AppendBatchException;
import echomq.domain.stream.AppendReadBack;
import echomq.domain.stream.ClockBound;

import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Either;
import io.vavr.control.Option;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisRedirectionException;
import redis.clients.jedis.params.XAddParams;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import static echomq.wire.Replies.bytes;

/**
 * {@link StreamAppendPort} over Jedis: {@code XADD <key> <A1 id> id <branded> <field> <value> …}.
 * The minter is this adapter's; give each writing process its own node id.
 *
 * <p>Threads of one process appending to one stream are one writer only if their XADDs reach Redis
 * in mint order: otherwise a later mint can land first and the earlier one is refused as
 * non-monotonic. So the records queued by all threads are minted and sent together (group commit).
 *
 * <p><b>Many writers on one stream.</b> Processes whose clocks differ interleave: an id minted by a
 * process whose clock lags can be below the stream's top, and Redis refuses it. Such a record is
 * minted again above the top ({@link Snowflake#observe}: {@code max(now, top + 1)}, as a hybrid
 * logical clock does) and sent again, up to {@link #MAX_REMINTS} times, aiming one millisecond
 * further ahead at each new refusal (the others moved on during the round trip). Before that the
 * refused id is read back ({@link echomq.domain.stream.AppendReadBack}): when the entry there is the
 * record's own, an earlier send of it landed (its reply was lost; Jedis' cluster client retries a
 * broken connection by itself) and the record is answered, so no record lands twice. A pipeline whose
 * replies were lost is sent again under the same ids, then read back. Past the bound the refusal is a
 * {@link NonMonotonicAppendException}. {@link #appendWithId} (the caller's own id) is never minted
 * again. How far ids may run ahead of the clock is bounded by the writers' clock skew (see
 * {@link #RedisStreamAppend(UnifiedJedis, Snowflake, java.time.Duration)}).
 */
public final class RedisStreamAppend implements StreamAppendPort {

    private final UnifiedJedis jedis;
    private final Snowflake minter;
    /** The most records one group commit sends in one pipeline. */
    static final int MAX_GROUP = 1000;
    /** How often one record is minted again above the stream's top before its refusal stands. */
    public static final int MAX_REMINTS = StreamAppendPort.MAX_REMINTS;

    private final java.util.concurrent.atomic.AtomicLong remints = new java.util.concurrent.atomic.AtomicLong();

    private final ConcurrentHashMap<String, GroupCommit<LinkedHashMap<String, String>, BrandedId>> writers = new ConcurrentHashMap<>();

    /**
     * Appends through {@code jedis}, minting ids with {@code minter}; writers' clocks may differ by {@link #DEFAULT_MAX_SKEW}.
     *
     * @param jedis  the client (a server, or a cluster); not closed by this adapter
     * @param minter the id minter of this writer
     */
    public RedisStreamAppend(UnifiedJedis jedis, Snowflake minter) {
        this(jedis, minter, DEFAULT_MAX_SKEW);
    }

    /**
     * Appends through {@code jedis}, minting ids with {@code minter}. {@code maxSkew} is how far the
     * clocks of the processes writing one stream may differ: a record minted again above the top
     * is meant to run at most that far ahead of this writer's clock: at a record's first refusal,
     * when the top is further ahead, the writer waits (at most {@code maxSkew}) for its clock to catch
     * up before it mints above the top. Without that wait, writers taking turns above each other's
     * tops drive the stream's ids ever further into the future (measured: 8 s ahead after a minute of
     * four writers at full speed; with it, under 0.1 s).
     *
     * @param jedis   the client (a server, or a cluster); not closed by this adapter
     * @param minter  the id minter of this writer
     * @param maxSkew how far writers' clocks may differ, 0 to 60 s
     * @throws IllegalArgumentException when {@code maxSkew} is out of that range
     */
    public RedisStreamAppend(UnifiedJedis jedis, Snowflake minter, java.time.Duration maxSkew) {
        this(jedis, minter, maxSkew, ClockBound.DEFAULT);
    }

    /**
     * As {@link #RedisStreamAppend(UnifiedJedis, Snowflake, java.time.Duration)}, refusing appends
     * while this writer's clock runs further ahead of the server's than {@code clockBound} allows
     * (a {@link StreamStoreException.ClockAhead}, nothing sent): one bad clock must not push every
     * later id of the stream into the future. The server's clock is read with {@code TIME} on the
     * stream's node at the first append and every {@link ClockBound#RESAMPLE_AFTER} after. {@link #appendWithId} is not
     * checked: its id is the caller's, not this writer's clock.
     * <pre>{@code
     * new RedisStreamAppend(jedis, minter, RedisStreamAppend.DEFAULT_MAX_SKEW, new ClockBound(Duration.ofMinutes(1)));
     * }</pre>
     *
     * @param jedis      the client (one server or a cluster)
     * @param minter     this writer's minter
     * @param maxSkew    how far the writers' clocks may differ, 0 .. 60 s
     * @param clockBound how far ahead of the server this writer's clock may be ({@link ClockBound#DEFAULT}: 10 min)
     * @throws IllegalArgumentException for a skew outside 0 .. 60 s
     */
    public RedisStreamAppend(UnifiedJedis jedis, Snowflake minter, java.time.Duration maxSkew, ClockBound clockBound) {
        this(jedis, minter, maxSkew, clockBound, echomq.domain.stream.Durability.NONE);
    }

    /**
     * As {@link #RedisStreamAppend(UnifiedJedis, Snowflake, java.time.Duration, ClockBound)}, each append acknowledged only
     * as {@code durability} says: with {@link echomq.domain.stream.Durability#replicated}, every pipeline of a group commit
     * ends with {@code WAIT n timeout} on its own connection (on a cluster, the stream's master's: the pipeline's connection
     * to it), so one {@code WAIT} covers the whole batch, and a record is answered only once {@code n} replicas hold it; fewer
     * is a {@link StreamStoreException.NotReplicated} naming its receipt (it landed on the master), never a success. A record
     * found landed by reading it back (its reply was lost) cannot be asked about on the connection that wrote it, and is
     * answered {@code NotReplicated} too. With {@code fsync}, {@code WAITAOF 0 n timeout} where the server has it (7.2+),
     * {@code WAIT} on an older one.
     * <pre>{@code
     * new RedisStreamAppend(jedis, minter, RedisStreamAppend.DEFAULT_MAX_SKEW, ClockBound.DEFAULT,
     *         Durability.replicated(1, Duration.ofSeconds(1)));
     * }</pre>
     *
     * @param jedis      the client (one server or a cluster); its socket timeout must exceed the durability's timeout
     * @param minter     this writer's minter
     * @param maxSkew    how far the writers' clocks may differ, 0 .. 60 s
     * @param clockBound how far ahead of the server this writer's clock may be
     * @param durability when an append is acknowledged ({@link echomq.domain.stream.Durability#NONE}: as Redis answers)
     * @throws IllegalArgumentException for a skew outside 0 .. 60 s
     */
    public RedisStreamAppend(UnifiedJedis jedis, Snowflake minter, java.time.Duration maxSkew, ClockBound clockBound,
                             echomq.domain.stream.Durability durability) {
        this.durability = Objects.requireNonNull(durability, "durability");
        this.waits = RedisWaits.of(Objects.requireNonNull(jedis, "jedis"));
        this.guard = new echomq.wire.ClockGuard(new RedisServerClock(Objects.requireNonNull(jedis, "jedis")),
                Objects.requireNonNull(clockBound, "clockBound"), System::nanoTime);
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.minter = Objects.requireNonNull(minter, "minter");
        Objects.requireNonNull(maxSkew, "maxSkew");
        if (maxSkew.isNegative() || maxSkew.toMillis() > 60_000) {
            throw new IllegalArgumentException("max clock skew must be 0 .. 60 s, got " + maxSkew);
        }
        this.maxLeadMs = maxSkew.toMillis();
    }

    /** How far writers' clocks may differ unless told otherwise. */
    public static final java.time.Duration DEFAULT_MAX_SKEW = StreamAppendPort.DEFAULT_MAX_LEAD;

    private final long maxLeadMs;

    /** When an append is acknowledged. */
    private final echomq.domain.stream.Durability durability;
    /** How this client asks its replicas. */
    private final RedisWaits waits;

    /**
     * When this adapter acknowledges an append.
     *
     * @return its durability ({@link echomq.domain.stream.Durability#NONE} unless given)
     */
    public echomq.domain.stream.Durability durability() {
        return durability;
    }

    private final echomq.wire.ClockGuard guard;

    /**
     * Group commit: the record joins whatever other threads are appending to the stream; whoever
     * sends mints the queued records' ids in order and sends them in one pipeline, so mint order is
     * wire order and a process appends many records per round trip. A refused record fails only its
     * own receipt.
     */
    @Override
    public BrandedId append(StreamKey stream, LinkedHashMap<String, String> fields) {
        StreamKey key = java.util.Objects.requireNonNull(stream, "stream");
        StreamAppendPort.requireFields(fields);
        return writer(key).call(fields);
    }

    /** As {@link #append}, without waiting: the receipt completes when the record's pipeline is answered. */
    @Override
    public CompletableFuture<BrandedId> appendAsync(StreamKey stream, LinkedHashMap<String, String> fields) {
        StreamKey key = java.util.Objects.requireNonNull(stream, "stream");
        StreamAppendPort.requireFields(fields);
        return writer(key).submit(fields);
    }

    private volatile EchoListener listener = EchoListener.NONE;

    /**
     * Tells {@code l} of every pipeline of appends (records landed, time) and of every refusal
     * (minted again above the top, or refused for good). Returns this adapter.
     *
     * @param l the listener
     * @return this adapter
     */
    public RedisStreamAppend observedBy(EchoListener l) {
        this.listener = java.util.Objects.requireNonNull(l, "listener");
        return this;
    }

    /**
     * How many records were minted again above a stream's top since this adapter was made.
     *
     * @return the count
     */
    public long remints() {
        return remints.get();
    }

    private GroupCommit<LinkedHashMap<String, String>, BrandedId> writer(StreamKey key) {
        return writers.computeIfAbsent(key.toString(), k -> new GroupCommit<>((records, landed) -> send(key, records, landed), MAX_GROUP));
    }

    /** {@link #mintAndSend}, told to the listener: records landed and the time, refusals that stand. */
    private List<Either<RuntimeException, BrandedId>> send(StreamKey stream, List<LinkedHashMap<String, String>> records,
                                                           GroupCommit.Landed<BrandedId> early) {
        guard.check(stream, minter.now()); // before anything is minted or sent: a refusal fails the whole group, untouched
        long t0 = System.nanoTime();
        List<Either<RuntimeException, BrandedId>> out = mintAndSend(stream, records, early);
        int landed = 0;
        int refused = 0;
        for (Either<RuntimeException, BrandedId> r : out) {
            if (r.isRight()) {
                landed++;
            } else if (r.getLeft() instanceof NonMonotonicAppendException) {
                refused++;
            }
        }
        EchoListener.tell(listener, new EchoEvent.Appended(stream, landed, System.nanoTime() - t0));
        if (refused > 0) {
            EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.NON_MONOTONIC, refused));
        }
        return out;
    }

    /**
     * Mints one id per record, in order, and sends them all in one pipeline. A record refused as not
     * above the stream's top has its id read back first ({@link AppendReadBack}): the entry there is
     * its own (a send whose reply was lost landed), and it is answered; otherwise it is minted again
     * above the top and sent again, in order, up to {@link #MAX_REMINTS} times. A record whose reply
     * was lost (the connection failed once it may have been sent) is sent again under the same id,
     * up to {@link AppendReadBack#MAX_RESENDS} times, then read back: landed, or
     * {@link StreamStoreException.OutcomeUnknown}. One result per record; a record that landed is told to
     * {@code early} at once, so a refused neighbour's round trips do not hold up its receipt.
     */
    @SuppressWarnings("unchecked")
    private List<Either<RuntimeException, BrandedId>> mintAndSend(StreamKey stream, List<LinkedHashMap<String, String>> records,
                                                                  GroupCommit.Landed<BrandedId> early) {
        String key = stream.toString();
        int n = records.size();
        Either<RuntimeException, BrandedId>[] out = new Either[n];
        BrandedId[] resend = new BrandedId[n]; // the id a record is sent again under (its reply was lost); null: mint one
        int[] reminted = new int[n];
        int[] resent = new int[n];
        List<Integer> todo = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            todo.add(i);
        }
        for (int round = 0, refusals = 0; !todo.isEmpty(); round++) {
            // ids sent again first, lowest first, then the records to mint, in order: mint order is wire order
            List<Integer> order = new ArrayList<>(todo);
            order.sort(java.util.Comparator.<Integer, Boolean>comparing(i -> resend[i] == null)
                    .thenComparing(i -> resend[i] == null ? StreamId.MIN : resend[i].streamId()).thenComparing(i -> i));
            List<BrandedId> ids = new ArrayList<>(order.size());
            List<LinkedHashMap<String, String>> batch = new ArrayList<>(order.size());
            for (int i : order) {
                ids.add(resend[i] != null ? resend[i] : minter.nextId());
                batch.add(records.get(i));
            }
            List<Response<byte[]>> responses = null;
            RedisWaits.Asked asked = RedisWaits.Asked.NOTHING;
            StreamStoreException lostAll = null;
            try {
                Sent sent = pipeline(key, ids, batch);
                responses = sent.responses();
                asked = sent.asked();
            } catch (MaybeSent e) {
                lostAll = e.failure; // every reply of the round is lost: each record may have landed
            } catch (StreamStoreException e) {
                if (round == 0) {
                    throw e; // nothing was sent
                }
                // records of earlier rounds that landed keep their receipts; one whose reply was lost before cannot be told
                order.forEach(i -> out[i] = Either.left(resend[i] != null ? new StreamStoreException.OutcomeUnknown(key, resend[i].streamId(), e) : e));
                break;
            }
            List<Integer> again = new ArrayList<>();
            List<Integer> toRead = new ArrayList<>(); // positions in order/ids of ids to read back
            List<Boolean> refused = new ArrayList<>(); // per toRead: refused as not above the top (else: every reply lost)
            boolean redirected = false;
            List<Integer> wrote = new ArrayList<>(); // positions in order/ids that landed in this round: the WAIT judges them
            for (int j = 0; j < order.size(); j++) {
                int i = order.get(j);
                BrandedId id = ids.get(j);
                StreamStoreException lost = lostAll;
                if (responses != null) {
                    try {
                        responses.get(j).get();
                        wrote.add(j);
                        continue;
                    } catch (IllegalStateException noReply) {
                        // a cluster pipeline whose node's connection failed in sync leaves that node's replies unset
                        lost = RedisFailures.translate(key, new redis.clients.jedis.exceptions.JedisConnectionException(
                                "no reply to XADD " + id.streamId() + " (the connection failed in the pipeline; it may have landed)", noReply));
                    } catch (JedisException e) {
                        out[i] = Either.left(RedisFailures.translateAppend(key, id.streamId(), e));
                        if (RedisFailures.isNonMonotonic(e)) {
                            toRead.add(j);
                            refused.add(true);
                        } else if (e instanceof JedisRedirectionException && reminted[i] < MAX_REMINTS) {
                            // a slot that moved (a failover, a resharding): the XADD was not run, send it again
                            // once the client knows the new master
                            reminted[i]++;
                            resend[i] = null;
                            again.add(i);
                            redirected = true;
                        }
                        continue;
                    }
                }
                out[i] = Either.left(lost);
                if (AppendReadBack.sendAgain(resent[i])) {
                    resent[i]++;
                    resend[i] = id;
                    again.add(i);
                } else {
                    toRead.add(j);
                    refused.add(false);
                }
            }
            confirm(key, asked, order, ids, wrote, out, early);
            int belowTop = readBack(key, records, order, ids, toRead, refused, reminted, resend, again, out, early);
            if (again.isEmpty()) {
                break;
            }
            if (belowTop > 0 || redirected) {
                try {
                    // a routed command: it follows a redirection, which renews the client's slot map for the pipeline
                    StreamId top = top(stream);
                    if (belowTop > 0) {
                        if (refusals == 0) {
                            waitForTheClock(top);
                        }
                        StreamAppendPort.aimAbove(minter, top, refusals++, maxLeadMs);
                        remints.addAndGet(belowTop);
                        EchoListener.tell(listener, new EchoEvent.AppendRefused(stream, EchoEvent.Refusal.REMINTED, belowTop));
                    }
                } catch (StreamStoreException | IllegalArgumentException e) {
                    // the records to mint again stay refused (IllegalArgumentException: no snowflake is above the
                    // top), failing with the cause when it is the store's; those sent again under their own id go on
                    for (int i : again) {
                        if (resend[i] == null && e instanceof StreamStoreException f) {
                            out[i] = Either.left(f);
                        }
                    }
                    again.removeIf(i -> resend[i] == null);
                }
            }
            int resending = again.stream().filter(i -> resend[i] != null).mapToInt(i -> resent[i]).max().orElse(0);
            if (resending > 0) {
                // a moment for the link to come back before the ids are sent again
                java.util.concurrent.locks.LockSupport.parkNanos(AppendReadBack.resendDelay(resending - 1).toNanos());
            }
            todo = again;
        }
        return java.util.Arrays.asList(out);
    }

    /**
     * Reads back the ids at {@code toRead} (positions in {@code order} and {@code ids}) and does what
     * {@link AppendReadBack} says: answered, minted again (added to {@code again}), refused for good,
     * or of unknown outcome. Returns how many are to be minted again above the top.
     */
    private int readBack(String key, List<LinkedHashMap<String, String>> records, List<Integer> order, List<BrandedId> ids,
                         List<Integer> toRead, List<Boolean> refused,
                         int[] reminted, BrandedId[] resend, List<Integer> again, Either<RuntimeException, BrandedId>[] out,
                         GroupCommit.Landed<BrandedId> early) {
        if (toRead.isEmpty()) {
            return 0;
        }
        List<AppendReadBack> found;
        try {
            found = RedisReadBack.of(jedis, key, toRead.stream().map(ids::get).toList(), toRead.stream().map(j -> records.get(order.get(j))).toList());
        } catch (StreamStoreException e) {
            // it may be ours, or not: nothing can tell
            for (int j : toRead) {
                out[order.get(j)] = Either.left(new StreamStoreException.OutcomeUnknown(key, ids.get(j).streamId(), e));
            }
            return 0;
        }
        int belowTop = 0;
        for (int k = 0; k < toRead.size(); k++) {
            int j = toRead.get(k);
            int i = order.get(j);
            AppendReadBack f = found.get(k);
            AppendReadBack.Next next = refused.get(k) ? f.afterRefusal(false, reminted[i], MAX_REMINTS) : f.afterLostReplies();
            switch (next) {
                case ANSWER -> {
                    // found landed: the replicas could not be asked on the connection that wrote it
                    Option<StreamStoreException.NotReplicated> unknown = durability.unconfirmed(key, List.of(ids.get(j)));
                    if (unknown.isDefined()) {
                        out[i] = Either.left(unknown.get());
                    } else {
                        landed(out, early, i, ids.get(j));
                    }
                }
                case MINT_AGAIN -> {
                    reminted[i]++;
                    resend[i] = null;
                    again.add(i);
                    belowTop++;
                }
                case REFUSE -> {
                    // out[i] holds the NonMonotonicAppendException
                }
                case UNKNOWN -> out[i] = Either.left(new StreamStoreException.OutcomeUnknown(key, ids.get(j).streamId(),
                        out[i] != null && out[i].isLeft() ? out[i].getLeft() : null));
            }
        }
        return belowTop;
    }

    /**
     * The records of one round that landed ({@code wrote}, positions in {@code order} and
     * {@code ids}), judged by the round's {@code WAIT}: answered when the replicas acknowledged
     * them (or nothing was asked), else each a {@link StreamStoreException.NotReplicated}.
     */
    private void confirm(String key, RedisWaits.Asked asked, List<Integer> order, List<BrandedId> ids, List<Integer> wrote,
                         Either<RuntimeException, BrandedId>[] out, GroupCommit.Landed<BrandedId> early) {
        if (wrote.isEmpty()) {
            return;
        }
        List<BrandedId> receipts = wrote.stream().map(ids::get).toList();
        Option<StreamStoreException.NotReplicated> failed = asked.judge(durability, key, receipts);
        for (int j : wrote) {
            int i = order.get(j);
            if (failed.isDefined()) {
                out[i] = Either.left(failed.get().of(List.of(ids.get(j))));
            } else {
                landed(out, early, i, ids.get(j));
            }
        }
    }

    private static void landed(Either<RuntimeException, BrandedId>[] out, GroupCommit.Landed<BrandedId> early, int i, BrandedId id) {
        out[i] = Either.right(id);
        early.early(i, id);
    }

    /**
     * At a record's first refusal: when the stream's top runs ahead of this writer's clock by more
     * than the writers' skew allows, let the clock catch up (at most the skew) instead of pushing the
     * stream further into the future.
     */
    private void waitForTheClock(StreamId top) {
        long ahead = top.ms() + 1 - minter.now();
        if (ahead > maxLeadMs) {
            java.util.concurrent.locks.LockSupport.parkNanos(Math.min(ahead - maxLeadMs, maxLeadMs) * 1_000_000L);
        }
    }

    /**
     * As {@link StreamAppendPort#aimAbove}, kept here for callers of earlier versions.
     *
     * @param minter  the minter to move
     * @param top     the stream's top
     * @param attempt how many times the record was minted again before
     */
    public static void aimAbove(Snowflake minter, StreamId top, int attempt) {
        StreamAppendPort.aimAbove(minter, top, attempt);
    }

    /** The stream's last generated id: what an {@code XADD} id must be above. */
    private StreamId top(StreamKey stream) {
        return new RedisStreamState(jedis).state(stream).map(StreamState::lastGenerated).getOrElse(StreamId.MIN);
    }

    /**
     * Sends the records in one pipeline.
     *
     * @throws MaybeSent when the connection failed once the commands may have been sent
     * @throws StreamStoreException when nothing was sent
     */
    private Sent pipeline(String key, List<BrandedId> ids, List<LinkedHashMap<String, String>> records) {
        byte[] k = bytes(key);
        List<Response<byte[]>> responses = new ArrayList<>(records.size());
        RedisWaits.Asked asked;
        try (AbstractPipeline p = jedis.pipelined()) {
            for (int i = 0; i < records.size(); i++) {
                responses.add(p.xadd(k, params(ids.get(i).streamId()), wireFields(ids.get(i), records.get(i))));
            }
            // after the XADDs on the pipeline's own connection (a cluster pipeline's to the key's master): it covers them all
            asked = waits.ask(p, k, durability);
            p.sync();
        } catch (JedisException e) {
            if (e instanceof redis.clients.jedis.exceptions.JedisConnectionException) {
                RedisRoutes.renew(jedis, k); // a pipeline keeps using the node it knew
            }
            StreamStoreException failure = RedisFailures.translate(key, e);
            if (RedisReadBack.maybeSent(e)) {
                throw new MaybeSent(failure);
            }
            throw failure;
        }
        return new Sent(responses, asked);
    }

    /** A pipeline's replies: one per {@code XADD}, and what its {@code WAIT} answered. */
    private record Sent(List<Response<byte[]>> responses, RedisWaits.Asked asked) {
    }

    /** A pipeline whose connection failed once its commands may have reached the server: every reply is lost. */
    private static final class MaybeSent extends RuntimeException {
        final transient StreamStoreException failure;

        MaybeSent(StreamStoreException failure) {
            super(failure.getMessage(), failure, false, false);
            this.failure = failure;
        }
    }

    @Override
    public BrandedId appendWithId(StreamKey stream, BrandedId id, LinkedHashMap<String, String> fields) {
        String key = java.util.Objects.requireNonNull(stream, "stream").toString();
        StreamAppendPort.requireEventId(id);
        StreamAppendPort.requireFields(fields);
        return xadd(key, id, fields);
    }

    /**
     * The caller's id: sent again under the same id when its reply was lost, read back when refused
     * or when every reply was lost; never minted again.
     */
    private BrandedId xadd(String key, BrandedId id, LinkedHashMap<String, String> fields) {
        StreamId entryId = id.streamId();
        boolean maybeLanded = false; // whether an earlier send may have landed
        for (int resent = 0; ; resent++) {
            try {
                if (durability.replication().isEmpty()) {
                    jedis.xadd(bytes(key), params(entryId), wireFields(id, fields));
                    return id;
                }
                return xaddDurably(key, id, fields);
            } catch (JedisException e) {
                boolean refused = RedisFailures.isNonMonotonic(e);
                boolean lost = !refused && RedisReadBack.maybeSent(e);
                if (!refused && !lost && !maybeLanded) {
                    throw RedisFailures.translate(key, e);
                }
                maybeLanded = true;
                if (!refused && AppendReadBack.sendAgain(resent)) {
                    java.util.concurrent.locks.LockSupport.parkNanos(AppendReadBack.resendDelay(resent).toNanos());
                    continue;
                }
                StreamStoreException failure = RedisFailures.translateAppend(key, entryId, e);
                AppendReadBack found;
                try {
                    found = RedisReadBack.of(jedis, key, id, fields);
                } catch (StreamStoreException unread) {
                    throw new StreamStoreException.OutcomeUnknown(key, entryId, unread);
                }
                AppendReadBack.Next next = refused ? found.afterRefusal(true, 0, MAX_REMINTS) : found.afterLostReplies();
                if (next == AppendReadBack.Next.ANSWER) {
                    // found landed: the replicas could not be asked on the connection that wrote it
                    durability.unconfirmed(key, List.of(id)).forEach(unknown -> {
                        throw unknown;
                    });
                    return id;
                }
                throw refused ? failure : new StreamStoreException.OutcomeUnknown(key, entryId, failure);
            }
        }
    }

    /** The caller's id sent in a pipeline with its {@code WAIT}: answered once the replicas hold it. */
    private BrandedId xaddDurably(String key, BrandedId id, LinkedHashMap<String, String> fields) {
        byte[] k = bytes(key);
        Response<byte[]> added;
        RedisWaits.Asked asked;
        try (AbstractPipeline p = jedis.pipelined()) {
            added = p.xadd(k, params(id.streamId()), wireFields(id, fields));
            asked = waits.ask(p, k, durability);
            p.sync();
        }
        try {
            added.get();
        } catch (IllegalStateException noReply) {
            throw new redis.clients.jedis.exceptions.JedisConnectionException("no reply to XADD " + id.streamId()
                    + " (the connection failed in the pipeline; it may have landed)", noReply);
        }
        asked.judge(durability, key, List.of(id)).forEach(failed -> {
            throw failed;
        });
        return id;
    }

    /**
     * All records in one pipeline, ids minted in order before anything is sent. If any is refused,
     * an {@link AppendBatchException} says which landed and which did not, so no receipt is lost.
     */
    @Override
    public List<BrandedId> appendBatch(StreamKey stream, List<LinkedHashMap<String, String>> records) {
        if (StreamAppendPort.requireBatch(stream, records).isEmpty()) {
            return List.of();
        }
        // after what other threads queued before it, and with nothing else sending: the batch is minted and sent in order
        List<Either<RuntimeException, BrandedId>> results = writer(stream).exclusively(() -> send(stream, records, GroupCommit.Landed.none()));
        List<BrandedId> landed = new ArrayList<>();
        List<StreamStoreException> failures = new ArrayList<>();
        for (Either<RuntimeException, BrandedId> r : results) {
            if (r.isRight()) {
                landed.add(r.get());
            } else if (r.getLeft() instanceof StreamStoreException f) {
                failures.add(f);
            } else {
                throw r.getLeft();
            }
        }
        if (!failures.isEmpty()) {
            throw AppendBatchException.of(stream.toString(), landed, failures);
        }
        return List.copyOf(landed);
    }

    private static XAddParams params(StreamId id) {
        return XAddParams.xAddParams().id(id.toString());
    }

    private static Map<byte[], byte[]> wireFields(BrandedId id, LinkedHashMap<String, String> fields) {
        List<String> items = xaddFields(id, fields);
        Map<byte[], byte[]> wire = new java.util.LinkedHashMap<>(items.size()); // insertion order is the wire order
        for (int i = 0; i < items.size(); i += 2) {
            wire.put(bytes(items.get(i)), bytes(items.get(i + 1)));
        }
        return wire;
    }

    /**
     * The field/value items of a record's {@code XADD}, in wire order: {@code id <branded>} first,
     * then the record's fields. For callers that append in a script of their own, so the wire
     * format is written down once.
     *
     * @param id     the record's branded id
     * @param fields the record's fields, in order
     * @return the items, field then value
     */
    public static List<String> xaddFields(BrandedId id, LinkedHashMap<String, String> fields) {
        return echomq.wire.Xadd.fields(id, fields);
    }
}
