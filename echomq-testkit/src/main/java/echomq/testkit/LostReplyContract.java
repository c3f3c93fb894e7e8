package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.AppendBatchException;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of an appender whose replies are lost: the {@code XADD} reaches Redis and is applied,
 * and a {@link FaultyProxy} cuts the connection instead of forwarding the reply
 * ({@link FaultyProxy#cutNextReplies}). Every append lands exactly once: read back, the stream holds
 * each record once, every receipt among them, and an append that failed did so typed and is not in
 * the stream. Single appends, batches, async and concurrent ones, the caller's own ids; on one server
 * and on a three-master cluster behind a proxy per master ({@link ProxiedCluster}). And an entry
 * of another writer at the id is not a landing. Extend it once per adapter.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class LostReplyContract {

    /**
     * For a subclass that names the adapter under test.
     */
    public LostReplyContract() {
    }

    /** The adapter's appender and range port over one client, closed together. */
    public interface Ports extends AutoCloseable {
        /**
         * The appender.
         *
         * @return an appender minting with node 1
         */
        StreamAppendPort append();

        /**
         * The range port.
         *
         * @return the range port
         */
        StreamRangePort range();

        /** Closes the client. */
        @Override
        void close();

        /**
         * The ports a factory gives over one client, its appender minting with node 1.
         *
         * @param ports the ports over the client
         * @param close closes the client
         * @return the ports, the appender built once
         */
        static Ports of(EchoPorts ports, Runnable close) {
            return new OneClientPorts(ports, close);
        }
    }

    /**
     * The adapter's ports on a client of {@code uri} ({@code redis://} or {@code redis-cluster://}),
     * with timeouts of a few seconds.
     *
     * @param uri the server or the cluster's seed nodes
     * @return the ports
     */
    protected abstract Ports connect(String uri);

    /** Where the appender writes: one server, or a cluster. */
    enum Target {
        SERVER, CLUSTER
    }

    private RedisServerProcess server;
    private FaultyProxy proxy;
    private ProxiedCluster cluster;

    /** The faulty side of a target: a proxy in front of the server, or of each master. */
    private final class Faults {
        final String proxied;
        final String direct;

        Faults(Target target) {
            if (target == Target.SERVER) {
                if (server == null) {
                    server = TestRedis.privateServer();
                    proxy = FaultyProxy.start(server.port());
                }
                proxied = proxy.uri();
                direct = server.uri();
            } else {
                if (cluster == null) {
                    cluster = ProxiedCluster.start();
                }
                proxied = cluster.uri();
                direct = cluster.cluster().uri();
            }
            cutNextReplies(0);
        }

        void cutNextReplies(int n) {
            if (proxy != null) {
                proxy.cutNextReplies("XADD", 0);
            }
            if (cluster != null) {
                cluster.cutNextReplies("XADD", 0);
            }
            if (direct.startsWith("redis-cluster")) {
                cluster.cutNextReplies("XADD", n);
            } else {
                proxy.cutNextReplies("XADD", n);
            }
        }

        /** An {@code XADD} of another writer's, straight to the node that holds the key. */
        String rawXadd(StreamKey key, StreamId at, String... fieldsAndValues) {
            RedisServerProcess node = direct.startsWith("redis-cluster")
                    ? cluster.cluster().masterOf(echomq.domain.partition.HashSlot.of(key.toString())) : server;
            List<String> args = new ArrayList<>(List.of("XADD", key.toString(), at.toString()));
            args.addAll(List.of(fieldsAndValues));
            return node.command(args.toArray(String[]::new));
        }

        long repliesCut() {
            return direct.startsWith("redis-cluster") ? cluster.repliesCut() : proxy.repliesCut();
        }
    }

    @AfterAll
    void stopServers() {
        if (proxy != null) {
            proxy.close();
        }
        if (server != null) {
            server.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    private static StreamKey freshKey() {
        return StreamKey.of("lost", "s-" + UUID.randomUUID());
    }

    private static LinkedHashMap<String, String> record(String n) {
        return LinkedHashMap.of("n", n);
    }

    /** The stream read back whole: each record's {@code n} with every branded id it is under. */
    private static Map<String, List<BrandedId>> readBack(StreamRangePort range, StreamKey key) {
        Map<String, List<BrandedId>> copies = new HashMap<>();
        for (StreamEntry e : range.rangeFrom(key, StreamId.MIN, 1_000_000)) {
            copies.computeIfAbsent(e.field("n").get(), k -> new ArrayList<>()).add(e.branded().get());
        }
        return copies;
    }

    /**
     * Exactly once: no record twice, every answered one under its receipt, every failed one typed
     * and absent, and nothing that was not appended.
     */
    private static void assertExactlyOnce(Map<String, List<BrandedId>> stream, Map<String, BrandedId> answered, Map<String, Throwable> failed) {
        assertThat(stream.entrySet().stream().filter(c -> c.getValue().size() > 1).map(Map.Entry::getKey).toList())
                .as("records appended twice").isEmpty();
        answered.forEach((n, id) -> assertThat(stream.get(n)).as("the answered record " + n).containsExactly(id));
        failed.forEach((n, e) -> {
            assertThat(e).as("the failure of " + n).isInstanceOf(StreamStoreException.class);
            assertThat(stream).as("record " + n + " failed (" + e + ") yet landed").doesNotContainKey(n);
        });
        assertThat(stream.keySet()).as("every record in the stream was appended and answered").isSubsetOf(answered.keySet());
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aSingleAppendWhoseReplyIsCutLandsOnceAndIsAnswered(Target target) {
        Faults faults = new Faults(target);
        try (Ports cut = connect(faults.proxied); Ports direct = connect(faults.direct)) {
            StreamKey key = freshKey();
            Map<String, BrandedId> answered = new HashMap<>();
            cut.append().append(key, record("warm-up")); // connections and slot map in place
            answered.put("warm-up", direct.range().rangeFrom(key, StreamId.MIN, 1).get(0).branded().get());
            long before = faults.repliesCut();
            int n = 10;
            for (int i = 0; i < n; i++) {
                faults.cutNextReplies(1);
                answered.put("a" + i, cut.append().append(key, record("a" + i)));
            }
            faults.cutNextReplies(0);
            assertThat(faults.repliesCut() - before).as("replies cut").isEqualTo(n);
            assertExactlyOnce(readBack(direct.range(), key), answered, Map.of());
            assertThat(readBack(direct.range(), key)).hasSize(n + 1);
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aBatchAndACallersOwnIdWhoseRepliesAreCutLandOnce(Target target) {
        Faults faults = new Faults(target);
        try (Ports cut = connect(faults.proxied); Ports direct = connect(faults.direct)) {
            StreamKey key = freshKey();
            Map<String, BrandedId> answered = new HashMap<>();
            answered.put("warm-up", cut.append().append(key, record("warm-up")));
            long before = faults.repliesCut();
            List<BrandedId> batchLanded = new ArrayList<>();
            List<String> batchFailed = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                faults.cutNextReplies(1);
                List<LinkedHashMap<String, String>> batch = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    batch.add(record("b" + round + "-" + i));
                }
                try {
                    List<BrandedId> receipts = cut.append().appendBatch(key, batch);
                    for (int i = 0; i < 5; i++) {
                        answered.put("b" + round + "-" + i, receipts.get(i));
                    }
                } catch (AppendBatchException partly) {
                    // records the cut kept from being sent at all (a client that sends them one by one
                    // finds its connection gone) fail typed; those that landed are named
                    batchLanded.addAll(partly.landed());
                    for (int i = 0; i < 5; i++) {
                        batchFailed.add("b" + round + "-" + i);
                    }
                }
            }
            Snowflake own = new Snowflake(7, Clock.systemUTC());
            for (int i = 0; i < 3; i++) {
                faults.cutNextReplies(1);
                BrandedId id = own.nextId();
                assertThat(cut.append().appendWithId(key, id, record("own" + i))).isEqualTo(id);
                answered.put("own" + i, id);
            }
            faults.cutNextReplies(0);
            assertThat(faults.repliesCut() - before).as("replies cut").isEqualTo(6);
            Map<String, List<BrandedId>> stream = readBack(direct.range(), key);
            // a batch that failed in part: exactly its landed receipts are in the stream, once each
            List<BrandedId> ofFailedBatches = new ArrayList<>();
            batchFailed.forEach(n -> {
                if (stream.containsKey(n)) {
                    ofFailedBatches.addAll(stream.remove(n));
                }
            });
            assertThat(ofFailedBatches).as("the records of batches that failed in part").containsExactlyInAnyOrderElementsOf(batchLanded);
            assertExactlyOnce(stream, answered, Map.of());
            assertThat(stream.size() + ofFailedBatches.size()).isEqualTo(1 + 15 + 3 - batchFailed.size() + batchLanded.size());
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void manyConcurrentAndAsyncAppendsWithRepliesCutLandExactlyOnce(Target target) throws InterruptedException {
        Faults faults = new Faults(target);
        try (Ports cut = connect(faults.proxied); Ports direct = connect(faults.direct)) {
            StreamKey key = freshKey();
            StreamAppendPort append = cut.append();
            append.append(key, record("warm-up"));
            Map<String, BrandedId> answered = new ConcurrentHashMap<>();
            Map<String, Throwable> failed = new ConcurrentHashMap<>();
            answered.put("warm-up", direct.range().rangeFrom(key, StreamId.MIN, 1).get(0).branded().get());
            long before = faults.repliesCut();
            faults.cutNextReplies(12);
            List<Thread> writers = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                int writer = t;
                Thread w = new Thread(() -> {
                    List<Map.Entry<String, CompletableFuture<BrandedId>>> pending = new ArrayList<>();
                    for (int i = 0; i < 40; i++) {
                        String n = writer + ":" + i;
                        if (writer % 2 == 0) {
                            pending.add(Map.entry(n, append.appendAsync(key, record(n))));
                        } else {
                            try {
                                answered.put(n, append.append(key, record(n)));
                            } catch (RuntimeException e) {
                                failed.put(n, e);
                            }
                        }
                    }
                    for (Map.Entry<String, CompletableFuture<BrandedId>> p : pending) {
                        try {
                            answered.put(p.getKey(), p.getValue().join());
                        } catch (CompletionException e) {
                            failed.put(p.getKey(), e.getCause());
                        }
                    }
                }, "lost-reply-writer-" + writer);
                w.start();
                writers.add(w);
            }
            for (Thread w : writers) {
                w.join();
            }
            long cuts = faults.repliesCut() - before;
            faults.cutNextReplies(0);
            Map<String, List<BrandedId>> stream = readBack(direct.range(), key);
            System.out.printf("[lost replies] %s: %d replies cut; %d appends answered, %d failed, %d records in the stream%n",
                    target, cuts, answered.size(), failed.size(), stream.size());
            assertThat(cuts).as("replies cut").isPositive();
            assertExactlyOnce(stream, answered, failed);
            assertThat(answered.size() + failed.size()).isEqualTo(1 + 6 * 40);
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void anotherWritersEntryAtTheIdIsNotALanding(Target target) {
        Faults faults = new Faults(target);
        try (Ports cut = connect(faults.proxied); Ports direct = connect(faults.direct)) {
            StreamKey key = freshKey();
            Snowflake own = new Snowflake(9, Clock.systemUTC());
            // another writer's entry at the very id the caller appends under, another branded id in its
            // id field; the refusal's reply cut on the way: sent again, refused, read back, not ours
            BrandedId taken = own.nextId();
            BrandedId theirs = BrandedId.event(taken.snowflake() + 1);
            assertThat(faults.rawXadd(key, taken.streamId(), "id", theirs.toString(), "n", "theirs")).isEqualTo(taken.streamId().toString());
            faults.cutNextReplies(1);
            assertThatThrownBy(() -> cut.append().appendWithId(key, taken, record("mine")))
                    .isInstanceOf(NonMonotonicAppendException.class).hasMessageContaining(taken.streamId().toString());
            faults.cutNextReplies(0);
            // a foreign entry (no id field) at the id: not ours
            BrandedId foreign = own.nextId();
            faults.rawXadd(key, foreign.streamId(), "n", "foreign");
            assertThatThrownBy(() -> cut.append().appendWithId(key, foreign, record("mine")))
                    .isInstanceOf(NonMonotonicAppendException.class);
            // the entry at the id is this very append's (an earlier send landed): answered, not appended twice
            BrandedId landed = own.nextId();
            direct.append().appendWithId(key, landed, record("landed"));
            assertThat(cut.append().appendWithId(key, landed, record("landed"))).isEqualTo(landed);
            // a minted append below another writer's top: nothing of its own at its id, minted again above it, once
            BrandedId ahead = BrandedId.event(own.nextId().snowflake() + (2_000L << 22));
            direct.append().appendWithId(key, ahead, record("ahead"));
            BrandedId mine = cut.append().append(key, record("mine"));
            assertThat(mine.streamId()).isGreaterThan(ahead.streamId());
            Map<String, List<BrandedId>> stream = new HashMap<>();
            for (StreamEntry e : direct.range().rangeFrom(key, StreamId.MIN, 100)) {
                stream.computeIfAbsent(e.field("n").get(), k -> new ArrayList<>()).add(e.branded().getOrElse(BrandedId.event(0)));
            }
            assertThat(stream).containsOnlyKeys("theirs", "foreign", "landed", "ahead", "mine");
            assertThat(stream.get("theirs")).containsExactly(theirs);
            assertThat(stream.get("landed")).containsExactly(landed);
            assertThat(stream.get("mine")).containsExactly(mine);
        }
    }
}
