package codemojex.app.redis;

import codemojex.app.core.port.GuessInbox;
import codemojex.projections.Channels;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.redis.RedisConsumerGroup;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.List;

/** {@link GuessInbox} as consumer {@code consumer} of the group {@value #GROUP} on {@code guesses}. */
public final class RedisGuessInbox implements GuessInbox {

    /** The consumer group of the score workers. */
    public static final String GROUP = "scorers";

    private final RedisConsumerGroup group;

    /** Consumer {@code consumer} (one per worker process) over {@code jedis}. */
    public RedisGuessInbox(UnifiedJedis jedis, String consumer) {
        this.group = new RedisConsumerGroup(jedis, Channels.QUEUE, Channels.GUESSES, GROUP, consumer);
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
