package echomq.redis;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.engine.projection.ProjectionReader;
import echomq.domain.retention.Retention;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Rebuild = checkpoint + tail, on a real Redis; and the reader's checkpoints of sealed windows across a restart. */
class CheckpointsTest {

    static final String Q = "cp";

    /** The sum of field n and the count: a whole-log projection. */
    static final Fold<String> SUM = Fold.of("sum", 1, "0/0", (acc, e) -> {
        String[] p = acc.split("/");
        return (Long.parseLong(p[0]) + Long.parseLong(e.field("n").get())) + "/" + (Long.parseLong(p[1]) + 1);
    });

    static final StateCodec<String> TEXT = new StateCodec<>() {
        @Override
        public String encode(String value) {
            return value;
        }

        @Override
        public String decode(String text) {
            if (!text.matches("-?[0-9.]+/[0-9]+")) { // sum/count, the sum a decimal (ExistingKeysTest's)
                throw new IllegalArgumentException("not a sum/count: " + text);
            }
            return text;
        }
    };

    final RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(11, Clock.systemUTC()));
    final Checkpoints checkpoints = new Checkpoints(new RedisStreamRange(SharedRedis.client()), new RedisStreamState(SharedRedis.client()),
            new RedisCheckpoints(SharedRedis.client()), Clock.systemUTC());

    void appendN(String name, int from, int to) {
        for (int i = from; i < to; i++) {
            append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i)));
        }
    }

    String fresh(String name) {
        return new StreamWindows(new RedisStreamRange(SharedRedis.client())).foldWindow(StreamKey.of(Q, name), Window.since(Instant.EPOCH), SUM);
    }

    @Test
    void aRebuildIsTheCheckpointPlusTheTailAndOutlivesRetention() {
        String name = "log-" + UUID.randomUUID();
        appendN(name, 0, 100);
        Checkpoints.Resumed<String> first = checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, 1);
        assertThat(first.value()).isEqualTo(fresh(name)).isEqualTo("4950/100");
        assertThat(first.from()).isEmpty();
        assertThat(first.saved()).isTrue();

        appendN(name, 100, 130);
        Checkpoints.Resumed<String> second = checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, 1);
        assertThat(second.value()).isEqualTo(fresh(name));
        assertThat(second.from()).isNotEmpty();
        assertThat(second.tailEntries()).isEqualTo(30);
        String whole = second.value();

        // retention up to the checkpoint: the log alone no longer says it, checkpoint + tail does
        StreamId upTo = second.from().get().upTo().id(); // the checkpoint the second fold started from (entry 99)
        Checkpoints.Resumed<String> third = checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, 1); // checkpoint now at entry 129
        new RedisStreamRetention(SharedRedis.client()).trim(StreamKey.of(Q, name), Retention.minId(third.from().get().upTo().id(), false));
        appendN(name, 130, 135);
        Checkpoints.Resumed<String> afterTrim = checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, 1);
        long expectedSum = 134L * 135 / 2;
        assertThat(afterTrim.value()).isEqualTo(expectedSum + "/135");
        assertThat(fresh(name)).isNotEqualTo(afterTrim.value());
        assertThat(afterTrim.tailEntries()).isEqualTo(5);
        assertThat(upTo).isNotNull();
        assertThat(whole).isEqualTo((129L * 130 / 2) + "/130");
    }

    @Test
    void aCheckpointOfAnotherVersionIncarnationOrATrimmedTailIsNeverTrusted() {
        String name = "distrust-" + UUID.randomUUID();
        StreamKey key = StreamKey.of(Q, name);
        appendN(name, 0, 20);
        checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, 1);
        Fold<String> v2 = Fold.of("sum", 2, "0/0", SUM::step);
        Checkpoints.Resumed<String> other = checkpoints.foldLog(StreamKey.of(Q, name), v2, TEXT, Long.MAX_VALUE);
        assertThat(other.from()).isEmpty();
        assertThat(other.ignored().get()).contains("version 1");
        assertThat(other.value()).isEqualTo(fresh(name));

        // trimmed past the checkpoint: its tail is gone
        appendN(name, 20, 30);
        new RedisStreamRetention(SharedRedis.client()).trim(StreamKey.of(Q, name), Retention.maxLen(3, false));
        Checkpoints.Resumed<String> trimmed = checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, Long.MAX_VALUE);
        assertThat(trimmed.from()).isEmpty();
        assertThat(trimmed.ignored().get()).contains("tail was trimmed");
        assertThat(trimmed.value()).isEqualTo(fresh(name));

        // deleted and created again
        checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, 1);
        SharedRedis.client().del(key.toString());
        appendN(name, 0, 4);
        Checkpoints.Resumed<String> again = checkpoints.foldLog(StreamKey.of(Q, name), SUM, TEXT, 1);
        assertThat(again.from()).isEmpty();
        assertThat(again.ignored().get()).contains("not the one it was taken of");
        assertThat(again.value()).isEqualTo("6/4");
    }

    @Test
    void sealedWindowsAreReadFromCheckpointsAfterARestartUnlessADeleteReachedThem() {
        String name = "panes-" + UUID.randomUUID();
        StreamKey key = StreamKey.of(Q, name);
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 95_000_000L);
        RedisStreamAppend timed = new RedisStreamAppend(SharedRedis.client(), new Snowflake(12, clock::millis));
        Window.Closed sealed = Window.closed(clock.instant(), clock.instant().plusMillis(99));
        for (int i = 0; i < 50; i++) {
            timed.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i)));
            clock.advance(1);
        }
        clock.advance(200);
        timed.append(StreamKey.of(Q, name), LinkedHashMap.of("n", "1000")); // past the window: it is sealed now
        CombinableFold<String> sum = Checkpointable.of(CombinableFold.of("pane-sum", 1, "0/0", SUM::step, (a, b) -> {
            String[] x = a.split("/");
            String[] y = b.split("/");
            return (Long.parseLong(x[0]) + Long.parseLong(y[0])) + "/" + (Long.parseLong(x[1]) + Long.parseLong(y[1]));
        }), TEXT);
        RedisCheckpoints store = new RedisCheckpoints(SharedRedis.client());
        ProjectionReaderTest.Counting c = new ProjectionReaderTest.Counting();
        ProjectionReader before = new ProjectionReader(c, c, clock, 100, 1000, store, Duration.ofHours(2));
        assertThat(before.fold(StreamKey.of(Q, name), sealed, sum)).isEqualTo("1225/50");
        assertThat(before.metrics().checkpointsSaved()).isEqualTo(1);

        // a restart: a new reader with an empty cache reads the window from its checkpoint, no range read
        ProjectionReaderTest.Counting c2 = new ProjectionReaderTest.Counting();
        ProjectionReader after = new ProjectionReader(c2, c2, clock, 100, 1000, store, Duration.ofHours(2));
        assertThat(after.fold(StreamKey.of(Q, name), sealed, sum)).isEqualTo("1225/50");
        assertThat(after.metrics().checkpointsLoaded()).isEqualTo(1);
        assertThat(c2.ranges.get()).isZero();

        // a delete inside the window since the checkpoint: folded afresh
        StreamId victim = new RedisStreamRange(SharedRedis.client()).rangeFrom(key, StreamId.MIN, 1).get(0).id();
        SharedRedis.client().sendCommand(key.toString(), Protocol.Command.XDEL, key.toString(), victim.toString());
        ProjectionReaderTest.Counting c3 = new ProjectionReaderTest.Counting();
        ProjectionReader third = new ProjectionReader(c3, c3, clock, 100, 1000, store, Duration.ofHours(2));
        assertThat(third.fold(StreamKey.of(Q, name), sealed, sum)).isEqualTo("1225/49");
        assertThat(third.metrics().checkpointsLoaded()).isZero();
        assertThat(c3.ranges.get()).isPositive();
    }
}
