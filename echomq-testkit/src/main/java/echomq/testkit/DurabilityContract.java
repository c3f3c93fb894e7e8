package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.domain.partition.HashSlot;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.Durability;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of durable writes ({@link Durability#replicated}): an append, a batch, an append at
 * the caller's id and a script are answered only once their replicas hold them, and when the
 * replicas do not acknowledge in time the caller is told so, typed
 * ({@link StreamStoreException.NotReplicated}, naming the receipts, the write on the master), never
 * a success. On one server with a replica that reaches its master through a {@link FaultyProxy}
 * ({@link ReplicatedRedis}: the link held, the replica paused or stopped) and on a three-master
 * cluster with a replica each (a replica paused: only the streams of its master wait in vain, so
 * each stream's wait goes to its own master, on the connection that wrote). With
 * {@link Durability#NONE}, the default, no {@code WAIT} is sent. Extend it once per adapter.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DurabilityContract {

    /**
     * For a subclass that names the adapter under test.
     */
    public DurabilityContract() {
    }

    /** The adapter's ports over one client, and its durable script run, closed together. */
    public interface Client extends AutoCloseable {
        /**
         * The ports over the client.
         *
         * @return the ports
         */
        EchoPorts ports();

        /**
         * Runs the script {@link #PROBE_SCRIPT} (beside this class: {@code SET KEYS[1] ARGV[1]},
         * answering 1) through the adapter's script run, acknowledged as {@code durability} says.
         *
         * @param key        its key
         * @param value      the value it writes
         * @param durability when its write is acknowledged
         * @return its reply
         */
        Object runProbe(String key, String value, Durability durability);

        /** Closes the client. */
        @Override
        void close();
    }

    /**
     * The adapter's client of {@code uri} ({@code redis://} or {@code redis-cluster://}), with
     * command timeouts of several seconds (above the waits these tests ask for).
     *
     * @param uri the server or the cluster's seed nodes
     * @return the client
     */
    protected abstract Client connect(String uri);

    /** Where the writes go: one server with a replica, or a cluster with a replica per master. */
    enum Target {
        SERVER, CLUSTER
    }

    /** The resource, beside this class, of the script {@link Client#runProbe} runs. */
    public static final String PROBE_SCRIPT = "durability-probe.lua";
    private static final Duration PATIENT = Duration.ofSeconds(10);
    private static final Duration SHORT = Duration.ofMillis(300);

    private ReplicatedRedis pair;
    private RedisClusterProcess cluster;
    private final Map<Target, Client> clients = new EnumMap<>(Target.class);
    private int node = 1;

    private Client client(Target target) {
        return clients.computeIfAbsent(target, t -> {
            if (t == Target.SERVER) {
                pair = ReplicatedRedis.start();
                return connect(pair.master().uri());
            }
            cluster = RedisClusterProcess.startWithReplicas();
            return connect(cluster.uri());
        });
    }

    /** Closes the clients, then stops the servers. */
    @AfterAll
    void stop() {
        clients.values().forEach(Client::close);
        if (pair != null) {
            pair.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    private StreamAppendPort appender(Target target, Durability durability) {
        return client(target).ports().append(new Snowflake(node++ % 1024, Clock.systemUTC()), ClockBound.DEFAULT, EchoListener.NONE, durability);
    }

    /** A stream of a queue of its own: its own hash tag, so on a cluster it falls on any master. */
    private static StreamKey fresh() {
        return StreamKey.of("d-" + UUID.randomUUID(), "s");
    }

    /** A key beside {@code stream}, in its slot. */
    private static String probeKey(StreamKey stream) {
        return "emq:{" + stream.queue() + "}:probe:" + UUID.randomUUID();
    }

    private static LinkedHashMap<String, String> record(int i) {
        return LinkedHashMap.of("i", Integer.toString(i));
    }

    private RedisServerProcess masterOf(Target target, String key) {
        return target == Target.SERVER ? pair.master() : cluster.currentMasterOf(HashSlot.of(key));
    }

    private RedisServerProcess replicaOf(Target target, String key) {
        return target == Target.SERVER ? pair.replica() : cluster.replicaOf(masterOf(target, key));
    }

    /** Whether {@code server} (a master or a replica) holds {@code id} in {@code key}. */
    private static boolean holds(RedisServerProcess server, StreamKey key, BrandedId id) {
        return read(server, "XRANGE", key.toString(), id.streamId().toString(), id.streamId().toString()).contains(id.toString());
    }

    /** A read of a master's or a replica's own data (a cluster replica serves it after {@code READONLY}); an error fails the test. */
    private static String read(RedisServerProcess server, String... args) {
        String reply = server.readOnly(args);
        if (reply.startsWith("-")) {
            throw new AssertionError(String.join(" ", args) + " on " + server.port() + " answered " + reply);
        }
        return reply;
    }

    private static <T> CompletableFuture<T> inBackground(Supplier<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(work.get());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        }, "durable-write");
        t.setDaemon(true);
        t.start();
        return f;
    }

    private static <T> T within(CompletableFuture<T> f, Duration d) throws Exception {
        try {
            return f.get(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    /**
     * While the replica is paused nothing durable is answered; once it is back, everything is,
     * and every receipt is on the replica at the moment it is answered.
     */
    @ParameterizedTest
    @EnumSource(Target.class)
    void aWriteIsAnsweredOnlyOnceItsReplicaHoldsIt(Target target) throws Exception {
        StreamKey key = fresh();
        Durability d = Durability.replicated(1, PATIENT);
        StreamAppendPort append = appender(target, d);
        append.append(key, record(0)); // the connections are open before the replica stops answering
        RedisServerProcess replica = replicaOf(target, key.toString());
        String probeKey = probeKey(key);
        replica.pause();
        List<CompletableFuture<List<BrandedId>>> writes = new ArrayList<>();
        CompletableFuture<Object> script;
        try {
            writes.add(inBackground(() -> List.of(append.append(key, record(1)))));
            writes.add(inBackground(() -> List.of(append.appendAsync(key, record(2)).join())));
            writes.add(inBackground(() -> append.appendBatch(key, List.of(record(3), record(4), record(5)))));
            // on a stream of its own: the others' ids, minted later, may land first, and a caller's id is never minted again
            StreamKey ownKey = StreamKey.of(key.queue(), "own");
            BrandedId own = new Snowflake(900, Clock.systemUTC()).nextId();
            writes.add(inBackground(() -> List.of(append.appendWithId(ownKey, own, record(6)))));
            script = inBackground(() -> client(target).runProbe(probeKey, "v", d));
            Thread.sleep(500);
            assertThat(writes).as("no write answered while its replica is paused").noneMatch(CompletableFuture::isDone);
            assertThat(script).as("no script answered while its replica is paused").isNotDone();
        } finally {
            replica.resume();
        }
        for (CompletableFuture<List<BrandedId>> w : writes) {
            for (BrandedId id : within(w, PATIENT)) {
                assertThat(holds(replica, key, id) || holds(replica, StreamKey.of(key.queue(), "own"), id)).as("%s on the replica once answered", id).isTrue();
            }
        }
        assertThat(within(script, PATIENT)).isEqualTo(1L);
        assertThat(read(replica, "GET", probeKey)).as("the script's write on the replica once answered").isEqualTo("v");
    }

    /**
     * A replica that does not acknowledge in time: every way to write answers
     * {@link StreamStoreException.NotReplicated}, naming what landed on the master; once the
     * replica is back, writes are answered again. On one server the replication link is held (the
     * proxy holds what crosses it for 2 s); on a cluster the replica is paused.
     */
    @ParameterizedTest
    @EnumSource(Target.class)
    void aReplicaThatDoesNotAcknowledgeInTimeIsToldTypedNeverASuccess(Target target) throws Exception {
        StreamKey key = fresh();
        Durability.Replicated d = Durability.replicated(1, SHORT);
        StreamAppendPort append = appender(target, d);
        RedisServerProcess master = masterOf(target, key.toString());
        awaitCaughtUp(target, master); // an earlier test's replica may still be catching up
        appender(target, Durability.replicated(1, PATIENT)).append(key, record(0));
        RedisServerProcess replica = replicaOf(target, key.toString());
        String probeKey = probeKey(key);
        if (target == Target.SERVER) {
            pair.holdLink(Duration.ofSeconds(3));
        } else {
            replica.pause();
        }
        List<BrandedId> landed = new ArrayList<>();
        try {
            StreamStoreException.NotReplicated one = catchNotReplicated(() -> append.append(key, record(1)));
            assertThat(one.receipts()).hasSize(1);
            assertThat(one.acknowledged()).isZero();
            assertThat(one.asked()).isEqualTo(d);
            assertThat(one.getMessage()).contains("0 of the 1 replica(s)", key.toString(), one.receipts().get(0).toString());
            landed.addAll(one.receipts());

            assertThatThrownBy(() -> append.appendAsync(key, record(2)).join()).isInstanceOf(CompletionException.class)
                    .cause().isInstanceOf(StreamStoreException.NotReplicated.class)
                    .satisfies(e -> landed.addAll(((StreamStoreException.NotReplicated) e).receipts()));

            StreamStoreException.NotReplicated batch = catchNotReplicated(() -> append.appendBatch(key, List.of(record(3), record(4), record(5))));
            assertThat(batch.receipts()).as("the batch's receipts, in order").hasSize(3);
            landed.addAll(batch.receipts());

            BrandedId own = new Snowflake(901, Clock.systemUTC()).nextId();
            StreamStoreException.NotReplicated withId = catchNotReplicated(() -> append.appendWithId(key, own, record(6)));
            assertThat(withId.receipts()).containsExactly(own);
            landed.add(own);

            StreamStoreException.NotReplicated script = catchNotReplicated(() -> client(target).runProbe(probeKey, "w", d));
            assertThat(script.receipts()).isEmpty();
            assertThat(script.acknowledged()).isZero();
            assertThat(script.reply()).as("the script's reply on the master").contains(1L);
        } finally {
            if (target == Target.CLUSTER) {
                replica.resume();
            }
        }
        for (BrandedId id : landed) {
            assertThat(holds(master, key, id)).as("%s, answered NotReplicated, landed on the master", id).isTrue();
        }
        assertThat(read(master, "GET", probeKey)).as("the script ran on the master").isEqualTo("w");
        awaitCaughtUp(target, master);
        // patient: a chunk the proxy read at the end of the hold is held its whole length again
        BrandedId after = appender(target, Durability.replicated(1, PATIENT)).append(key, record(7));
        assertThat(holds(replica, key, after)).as("answered again once the replica is back").isTrue();
    }

    /** A replica that is gone: the write lands on the master, and is answered {@code NotReplicated}. */
    @Test
    void aStoppedReplicaLeavesEveryWriteNotReplicated() throws Exception {
        StreamKey key = fresh();
        StreamAppendPort append = appender(Target.SERVER, Durability.replicated(1, SHORT));
        awaitCaughtUp(Target.SERVER, pair.master());
        appender(Target.SERVER, Durability.replicated(1, PATIENT)).append(key, record(0));
        pair.replica().stop();
        try {
            StreamStoreException.NotReplicated e = catchNotReplicated(() -> append.append(key, record(1)));
            assertThat(e.acknowledged()).isZero();
            assertThat(holds(pair.master(), key, e.receipts().get(0))).isTrue();
        } finally {
            pair.replica().restart();
            pair.awaitInSync();
        }
        BrandedId after = append.append(key, record(2));
        assertThat(holds(pair.replica(), key, after)).isTrue();
    }

    /** Asking for more replicas than there are is never a success, however long one waits. */
    @ParameterizedTest
    @EnumSource(Target.class)
    void moreReplicasThanThereAreIsNeverASuccess(Target target) {
        StreamKey key = fresh();
        StreamAppendPort append = appender(target, Durability.replicated(2, SHORT));
        StreamStoreException.NotReplicated e = catchNotReplicated(() -> append.append(key, record(1)));
        assertThat(e.acknowledged()).as("the one replica there is").isEqualTo(1);
        assertThat(e.asked().replicas()).isEqualTo(2);
    }

    /** The default asks nothing of the replicas: no {@code WAIT} reaches the master. */
    @ParameterizedTest
    @EnumSource(Target.class)
    void theDefaultSendsNoWait(Target target) {
        StreamKey key = fresh();
        client(target);
        RedisServerProcess master = masterOf(target, key.toString());
        long before = master.calls("wait");
        StreamAppendPort plain = client(target).ports().append(new Snowflake(node++ % 1024, Clock.systemUTC()), EchoListener.NONE);
        StreamAppendPort none = appender(target, Durability.NONE);
        List<BrandedId> ids = new ArrayList<>();
        ids.add(plain.append(key, record(1)));
        ids.add(none.append(key, record(2)));
        ids.addAll(none.appendBatch(key, List.of(record(3), record(4))));
        ids.add(none.appendAsync(key, record(5)).join());
        client(target).runProbe(probeKey(key), "x", Durability.NONE);
        assertThat(ids).allMatch(id -> holds(master, key, id));
        assertThat(master.calls("wait")).as("WAITs on the master").isEqualTo(before);
    }

    /**
     * Fsynced durability waits with {@code WAITAOF} where the server has it (Redis 7.2+) and with
     * {@code WAIT} where it does not (Redis 7.0, what CI runs): either way answered once the
     * replica holds the record.
     */
    @ParameterizedTest
    @EnumSource(Target.class)
    void fsyncedWaitsWithWaitAofWhereTheServerHasItAndWithWaitElsewhere(Target target) {
        StreamKey key = fresh();
        client(target);
        RedisServerProcess master = masterOf(target, key.toString());
        boolean waitAof = !master.command("COMMAND", "INFO", "WAITAOF").isBlank();
        long waits = master.calls("wait");
        long aofs = master.calls("waitaof");
        BrandedId id = appender(target, Durability.replicated(1, PATIENT).fsynced()).append(key, record(1));
        assertThat(holds(replicaOf(target, key.toString()), key, id)).isTrue();
        if (waitAof) {
            assertThat(master.calls("waitaof")).as("WAITAOFs on a server that has it").isGreaterThan(aofs);
        } else {
            assertThat(master.calls("wait")).as("WAITs on a server without WAITAOF").isGreaterThan(waits);
            assertThat(master.calls("waitaof")).isZero();
        }
    }

    /**
     * On a cluster each stream's wait goes to its own master, on the connection that wrote: with
     * the replica of one master paused, the streams of that master wait in vain and the others are
     * answered (a wait sent to another node would answer for the wrong writes).
     */
    @Test
    void onAClusterEachStreamWaitsOnItsOwnMaster() throws Exception {
        client(Target.CLUSTER);
        List<StreamKey> keys = new ArrayList<>(); // one stream on each master, in the masters' order
        for (RedisServerProcess m : cluster.masters()) {
            StreamKey k;
            do {
                k = fresh();
            } while (cluster.masterOf(HashSlot.of(k.toString())) != m); // no failover in these tests: the slots are where they were created
            keys.add(k);
        }
        StreamAppendPort append = appender(Target.CLUSTER, Durability.replicated(1, Duration.ofMillis(500)));
        keys.forEach(k -> append.append(k, record(0)));
        RedisServerProcess paused = cluster.replicaOf(cluster.masters().get(1));
        paused.pause();
        try {
            assertThat(append.append(keys.get(0), record(1))).isNotNull();
            catchNotReplicated(() -> append.append(keys.get(1), record(1)));
            assertThat(append.append(keys.get(2), record(1))).isNotNull();
            assertThat(append.append(keys.get(0), record(2))).as("the first master again, after the wait that failed").isNotNull();
        } finally {
            paused.resume();
        }
        awaitCaughtUp(Target.CLUSTER, cluster.masters().get(1));
    }

    /**
     * Writes one after the other, each waiting alone, some refused (a wait after a write that wrote
     * nothing is answered at once: on loopback before its sender has finished sending it): every
     * one answered, none left waiting for a wait that is never sent.
     */
    @ParameterizedTest
    @EnumSource(Target.class)
    void writesOneAfterTheOtherAreEachAnswered(Target target) throws Exception {
        StreamKey key = fresh();
        StreamAppendPort append = appender(target, Durability.replicated(1, PATIENT));
        String probe = probeKey(key);
        List<BrandedId> ids = within(inBackground(() -> {
            List<BrandedId> out = new ArrayList<>();
            BrandedId below = new Snowflake(902, Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-1))).nextId(); // below every append here
            for (int i = 0; i < 300; i++) {
                out.add(append.append(key, record(i)));
                try {
                    append.appendWithId(key, below, record(-i)); // below the top: refused, nothing written
                    throw new AssertionError("an append below the stream's top was answered");
                } catch (echomq.domain.stream.NonMonotonicAppendException refused) {
                    // as it should
                }
                if (i % 10 == 0) {
                    client(target).runProbe(probe, Integer.toString(i), Durability.replicated(1, PATIENT));
                }
            }
            return out;
        }), Duration.ofSeconds(60));
        assertThat(ids).hasSize(300).doesNotHaveDuplicates();
        assertThat(holds(replicaOf(target, key.toString()), key, ids.get(299))).isTrue();
    }

    /**
     * Concurrent appends share their waits (a group commit): every one answered and on the replica,
     * with fewer {@code WAIT}s than appends.
     */
    @ParameterizedTest
    @EnumSource(Target.class)
    void concurrentAppendsShareTheirWaits(Target target) throws Exception {
        StreamKey key = fresh();
        StreamAppendPort append = appender(target, Durability.replicated(1, PATIENT));
        append.append(key, record(0));
        RedisServerProcess master = masterOf(target, key.toString());
        RedisServerProcess replica = replicaOf(target, key.toString());
        long waitsBefore = master.calls("wait");
        int threads = 8;
        int each = 40;
        List<CompletableFuture<List<BrandedId>>> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int w = t;
            all.add(inBackground(() -> {
                List<BrandedId> ids = new ArrayList<>();
                for (int i = 0; i < each; i++) {
                    ids.add(append.append(key, record(w * 1000 + i)));
                }
                return ids;
            }));
        }
        List<BrandedId> ids = new ArrayList<>();
        for (CompletableFuture<List<BrandedId>> f : all) {
            ids.addAll(within(f, Duration.ofSeconds(60)));
        }
        assertThat(ids).hasSize(threads * each).doesNotHaveDuplicates();
        String onReplica = read(replica, "XRANGE", key.toString(), "-", "+");
        assertThat(ids).allMatch(id -> onReplica.contains(id.toString()));
        long waits = master.calls("wait") - waitsBefore;
        assertThat(waits).as("WAITs for %d concurrent appends", ids.size()).isPositive().isLessThan(ids.size());
    }

    private void awaitCaughtUp(Target target, RedisServerProcess master) {
        if (target == Target.SERVER) {
            pair.awaitInSync();
        } else {
            master.awaitCaughtUp(cluster.replicaOf(master), Duration.ofSeconds(30));
        }
    }

    private static StreamStoreException.NotReplicated catchNotReplicated(Supplier<?> write) {
        Object answered;
        try {
            answered = write.get();
        } catch (StreamStoreException.NotReplicated e) {
            return e;
        }
        throw new AssertionError("the write was answered as a success (" + answered + "): expected NotReplicated");
    }
}
