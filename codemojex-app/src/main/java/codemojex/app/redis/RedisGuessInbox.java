package codemojex.app.redis;

import codemojex.app.core.port.out.GuessInbox;
import codemojex.projections.Channels;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;

import java.time.Duration;
import java.util.List;

/** {@link GuessInbox} as consumer {@code consumer} of the group {@value #GROUP} on one partition's {@code guesses}, over either client. */
public final class RedisGuessInbox implements GuessInbox {

    /** The consumer group of the score workers. */
    public static final String GROUP = "scorers";

    private final ConsumerGroupPort group;

    /** Consumer {@code consumer} (one per worker process) on {@code redis}, with one partition. */
    public RedisGuessInbox(Connection redis, String consumer) {
        this(redis, Channels.QUEUE, consumer);
    }

    /** Consumer {@code consumer} (one per worker process) of the {@code guesses} of partition queue {@code queue}. */
    public RedisGuessInbox(Connection redis, String queue, String consumer) {
        this.group = redis.group(ConsumerGroup.of(StreamKey.of(queue, Channels.GUESSES), GROUP).consumer(consumer));
    }

    @Override
    public void ensure() {
        group.ensure();
    }

    @Override
    public List<StreamEntry> next(int count, Duration block) {
        return group.read(count, block);
    }

    @Override
    public List<StreamEntry> pending(StreamId after, int count) {
        return group.pending(after, count);
    }

    @Override
    public List<StreamEntry> claimIdle(Duration idle, int count) {
        return group.autoClaim(idle, count);
    }

    @Override
    public void ack(StreamId entry) {
        group.ack(entry);
    }

    @Override
    public long pendingCount() {
        return group.pendingCount();
    }
}
