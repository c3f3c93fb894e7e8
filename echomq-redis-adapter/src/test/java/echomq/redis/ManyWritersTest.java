package echomq.redis;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Four writer processes (separate JVMs, not threads) append to one stream at full speed with their
 * clocks skewed by -50, -17, +17 and +50 ms: an id that falls below the stream's top is minted again
 * above it. Every append lands exactly once, ids strictly increase, no id is behind its writer's
 * clock, the stream's top never runs away ahead of the fastest clock (sampled while they write), and
 * INV-TT holds for windows over the result. {@code -Dechomq.writerAppends=N} for longer runs.
 */
class ManyWritersTest {

    static final long[] OFFSETS = {-50, -17, 17, 50};
    static final int PER_WRITER = Integer.getInteger("echomq.writerAppends", 5_000);

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killWhatWasStarted() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void fourSkewedWriterProcessesLandEveryAppendOnceInOrder() throws Exception {
        String queue = "writers" + System.nanoTime();
        String name = "s";
        Path dir = Files.createTempDirectory("writers");
        List<Path> logs = new ArrayList<>();
        for (int w = 0; w < OFFSETS.length; w++) {
            Path log = dir.resolve("writer-" + w + ".log");
            logs.add(log);
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                    "-cp", System.getProperty("java.class.path"), SkewedWriter.class.getName(),
                    TestRedis.uri(), queue, name, Integer.toString(w + 1), Long.toString(OFFSETS[w]), Integer.toString(PER_WRITER));
            started.add(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        }
        // while they write: how far the stream's top runs ahead of the fastest writer's clock
        java.util.concurrent.atomic.AtomicLong topLead = new java.util.concurrent.atomic.AtomicLong(Long.MIN_VALUE);
        java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
        RedisStreamState states = new RedisStreamState(SharedRedis.client());
        Thread sampler = new Thread(() -> {
            while (writing.get()) {
                states.state(StreamKey.of(queue, name)).forEach(st ->
                        topLead.accumulateAndGet(st.lastGenerated().ms() - (System.currentTimeMillis() + OFFSETS[OFFSETS.length - 1]), Math::max));
                java.util.concurrent.locks.LockSupport.parkNanos(2_000_000L);
            }
        });
        sampler.start();
        long remints = 0;
        for (int w = 0; w < started.size(); w++) {
            Process p = started.get(w);
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("writer %d finished in time", w).isTrue();
            String out = Files.readString(logs.get(w));
            assertThat(p.exitValue()).as("writer %d: %s", w, out).isZero();
            assertThat(out).contains("landed " + PER_WRITER);
            remints += Long.parseLong(out.replaceAll("(?s).*remints (\\d+).*", "$1"));
        }
        writing.set(false);
        sampler.join();
        System.out.println("[writers] the stream's top ran at most " + topLead.get() + " ms ahead of the fastest writer's clock");
        // the ids stay near the clocks: a ratchet (writers taking turns above each other's tops) would run away by seconds
        assertThat(topLead.get()).as("ms the stream ran ahead of the fastest writer's clock")
                .isLessThanOrEqualTo(2 * RedisStreamAppend.DEFAULT_MAX_SKEW.toMillis());
        List<StreamEntry> all = new RedisStreamRange(SharedRedis.client()).rangeFrom(StreamKey.of(queue, name), StreamId.MIN,
                OFFSETS.length * PER_WRITER + 10);
        System.out.println("[writers] " + all.size() + " entries from " + OFFSETS.length + " processes, " + remints + " minted again above the top");
        assertThat(all).hasSize(OFFSETS.length * PER_WRITER);
        Set<String> records = new HashSet<>();
        StreamId previous = null;
        for (StreamEntry e : all) {
            assertThat(records.add(e.field("writer").get() + "/" + e.field("i").get())).as("%s landed once", e).isTrue();
            assertThat(e.branded()).as("%s carries its branded id", e).isNotEmpty();
            assertThat(e.branded().get().streamId()).isEqualTo(e.id());
            if (previous != null) {
                assertThat(e.id()).isGreaterThan(previous);
            }
            previous = e.id();
            int writer = Integer.parseInt(e.field("writer").get());
            long wall = Long.parseLong(e.field("wall").get());
            // minted at max(own clock, top + 1): never behind its own skewed clock at the call, never past the fastest clock by more than the run's wait
            assertThat(e.id().ms()).as("%s", e).isGreaterThanOrEqualTo(wall + OFFSETS[writer - 1] - 1);
            assertThat(Snowflake.node(e.branded().get().snowflake())).isEqualTo(writer);
        }
        for (int w = 1; w <= OFFSETS.length; w++) {
            for (int i = 0; i < PER_WRITER; i++) {
                assertThat(records).contains(w + "/" + i);
            }
        }
        // INV-TT over the result: a window holds exactly the entries whose id millisecond lies in it
        StreamWindows windows = new StreamWindows(new RedisStreamRange(SharedRedis.client()));
        Random r = Seeded.random("ManyWritersTest.windows");
        long first = all.get(0).id().ms();
        long last = all.get(all.size() - 1).id().ms();
        Fold<Vector<StreamId>> ids = Fold.of("ids", Vector.empty(), (acc, e) -> acc.append(e.id()));
        for (int k = 0; k < 200; k++) {
            long t0 = first - 2 + (long) (r.nextDouble() * (last - first + 4));
            long t1 = t0 + r.nextInt(50);
            List<StreamId> expected = all.stream().map(StreamEntry::id).filter(id -> id.ms() >= t0 && id.ms() <= t1).toList();
            assertThat(windows.foldWindow(StreamKey.of(queue, name), Window.closed(Instant.ofEpochMilli(t0), Instant.ofEpochMilli(t1)), ids, 1 + r.nextInt(100)))
                    .as("window [%d, %d]", t0, t1).containsExactlyElementsOf(expected);
        }
    }
}
