package echomq.redis;

import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.retention.Retention;
import echomq.domain.retention.SafeRetention;
import echomq.domain.retention.TrimReport;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Trims that hear their readers, on a real Redis: a consumer group's pending and undelivered entries, a checkpoint's tail. */
class SafeRetentionTest {

    static final String Q = "safe";

    final RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(21, Clock.systemUTC()));

    List<BrandedId> fill(String name, int n) {
        List<BrandedId> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i))));
        }
        return ids;
    }

    List<StreamId> remaining(String name) {
        return new RedisStreamRange(SharedRedis.client()).rangeFrom(StreamKey.of(Q, name), StreamId.MIN, 100_000).stream()
                .map(StreamEntry::id).toList();
    }

    SafeRetention safe(String name, String... projections) {
        return new SafeRetention(new RedisStreamRetention(SharedRedis.client()), new RedisStreamReaders(SharedRedis.client()),
                new RedisCheckpoints(SharedRedis.client()), new RedisStreamState(SharedRedis.client()),
                HashMap.of(StreamKey.of(Q, name), HashSet.of(projections)));
    }

    @Test
    void aTrimNeverRemovesWhatAConsumerGroupHasNotAcknowledgedOrDelivered() {
        String name = "group-" + UUID.randomUUID();
        List<BrandedId> ids = fill(name, 50);
        RedisConsumerGroup group = new RedisConsumerGroup(SharedRedis.client(), echomq.domain.group.ConsumerGroup.of(StreamKey.of(Q, name), "workers").consumer("w1"));
        group.ensure();
        List<StreamEntry> got = group.read(30, Duration.ofMillis(10));
        got.subList(0, 20).forEach(e -> group.ack(e.id())); // 20..29 pending, 30..49 undelivered
        for (boolean exact : new boolean[] {true, false}) {
            TrimReport r = safe(name).trimReported(StreamKey.of(Q, name), Retention.minAge(Instant.now().plusSeconds(60), !exact));
            assertThat(r.plan().heldBack()).isTrue();
            assertThat(r.plan().holds()).extracting(h -> h.reader()).containsExactly("group workers");
            assertThat(r.plan().holds().head().why()).contains("10 delivered and not acknowledged");
            assertThat(remaining(name)).contains(ids.subList(20, 50).stream().map(BrandedId::streamId).toArray(StreamId[]::new));
            if (exact) {
                assertThat(r.removed()).isEqualTo(20);
                assertThat(remaining(name)).hasSize(30);
            }
        }
        // acknowledged everything delivered: what is not delivered yet still stays
        got.subList(20, 30).forEach(e -> group.ack(e.id()));
        TrimReport r = safe(name).trimReported(StreamKey.of(Q, name), Retention.maxLen(0, false));
        assertThat(r.removed()).isEqualTo(10);
        assertThat(remaining(name)).hasSize(20).first().isEqualTo(ids.get(30).streamId());
    }

    @Test
    void aTrimKeepsTheTailOfARegisteredWholeLogProjectionAndAllOfItWithoutACheckpoint() {
        String name = "projection-" + UUID.randomUUID();
        fill(name, 40);
        TrimReport none = safe(name, "sum").trimReported(StreamKey.of(Q, name), Retention.maxLen(5, false));
        assertThat(none.removed()).isZero();
        assertThat(none.plan().holds().head().why()).contains("no checkpoint yet");

        new Checkpoints(new RedisStreamRange(SharedRedis.client()), new RedisStreamState(SharedRedis.client()),
                new RedisCheckpoints(SharedRedis.client()), Clock.systemUTC()).foldLog(StreamKey.of(Q, name), CheckpointsTest.SUM, CheckpointsTest.TEXT, 1);
        StreamId upTo = remaining(name).get(39);
        fill(name, 10);
        TrimReport held = safe(name, "sum").trimReported(StreamKey.of(Q, name), Retention.maxLen(5, false));
        assertThat(held.plan().holds()).extracting(h -> h.reader()).containsExactly("projection sum");
        assertThat(held.removed()).isEqualTo(39);
        assertThat(remaining(name)).hasSize(11).first().isEqualTo(upTo);
        // an unregistered projection's checkpoint does not hold anything
        assertThat(safe(name).trimReported(StreamKey.of(Q, name), Retention.maxLen(5, false)).removed()).isEqualTo(6);
    }

    @Test
    void aCheckpointThatNoLongerHoldsHoldsTheWholeLog() {
        String name = "stale-" + UUID.randomUUID();
        fill(name, 20);
        new Checkpoints(new RedisStreamRange(SharedRedis.client()), new RedisStreamState(SharedRedis.client()),
                new RedisCheckpoints(SharedRedis.client()), Clock.systemUTC()).foldLog(StreamKey.of(Q, name), CheckpointsTest.SUM, CheckpointsTest.TEXT, 1);
        SharedRedis.client().del(StreamKey.of(Q, name).toString()); // created again: the checkpoint's entry is gone
        fill(name, 30);
        TrimReport r = safe(name, "sum").trimReported(StreamKey.of(Q, name), Retention.maxLen(5, false));
        assertThat(r.removed()).isZero();
        assertThat(r.plan().holds().head().why()).contains("no longer holds").contains("needs the whole log");
        assertThat(remaining(name)).hasSize(30);
    }
}
