package echomq.redis;

import echomq.domain.lease.LeaseOutcome;
import echomq.domain.lease.Lease;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import echomq.wire.PartitionLeases;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * {@link PartitionLeasePort} over Jedis: the keys and scripts of {@link PartitionLeases} (a lease
 * hash in each partition's slot, the members' sorted set in the channel's), run by their SHA-1.
 */
public final class RedisPartitionLeases implements PartitionLeasePort {

    private final PartitionLeases leases;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisPartitionLeases(UnifiedJedis jedis) {
        Objects.requireNonNull(jedis, "jedis");
        this.leases = new PartitionLeases((script, keys, argv) -> RedisScript.of(script).runRaw(jedis, keys, argv));
    }

    @Override
    public LeaseOutcome acquire(PartitionedChannel channel, int p, String owner, Duration ttl) {
        return leases.acquire(channel, p, owner, ttl);
    }

    @Override
    public boolean release(PartitionedChannel channel, int p, String owner) {
        return leases.release(channel, p, owner);
    }

    @Override
    public Option<Lease> read(PartitionedChannel channel, int p) {
        return leases.read(channel, p);
    }

    @Override
    public long epoch(PartitionedChannel channel, int p) {
        return leases.epoch(channel, p);
    }

    @Override
    public List<String> heartbeat(PartitionedChannel channel, String member, Duration ttl) {
        return leases.heartbeat(channel, member, ttl);
    }

    @Override
    public void leave(PartitionedChannel channel, String member) {
        leases.leave(channel, member);
    }
}
