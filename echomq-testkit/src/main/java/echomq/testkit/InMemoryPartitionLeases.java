package echomq.testkit;

import echomq.domain.lease.Lease;
import echomq.domain.lease.LeaseOutcome;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link PartitionLeasePort} in memory, judging expiry by a clock a test moves ({@link MovableClock}):
 * for tests of what runs ownership without Redis. It keeps the same rules as the Redis adapters
 * (the contract holds for it).
 */
public final class InMemoryPartitionLeases implements PartitionLeasePort {

    private record Slot(PartitionedChannel channel, int p) {
    }

    private record Stored(String owner, long epoch, Instant expires) {
    }

    private final Clock clock;
    private final Map<Slot, Stored> leases = new HashMap<>();
    private final Map<PartitionedChannel, Map<String, Instant>> members = new HashMap<>();

    /**
     * Leases judged by {@code clock}.
     *
     * @param clock the store's clock
     */
    public InMemoryPartitionLeases(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public synchronized LeaseOutcome acquire(PartitionedChannel channel, int p, String owner, Duration ttl) {
        Slot slot = new Slot(channel, PartitionLeasePort.requirePartition(channel, p));
        PartitionLeasePort.requireMember(owner);
        PartitionLeasePort.requireTtl(ttl);
        Instant now = clock.instant();
        Stored s = leases.getOrDefault(slot, new Stored(null, 0, Instant.EPOCH));
        if (s.owner() != null && !s.owner().equals(owner) && s.expires().isAfter(now)) {
            return new LeaseOutcome.HeldByAnother(new Lease(p, s.owner(), s.epoch(), s.expires()));
        }
        long epoch = owner.equals(s.owner()) ? s.epoch() : s.epoch() + 1;
        Stored granted = new Stored(owner, epoch, now.plusMillis(ttl.toMillis()));
        leases.put(slot, granted);
        return new LeaseOutcome.Granted(new Lease(p, owner, epoch, granted.expires()));
    }

    @Override
    public synchronized boolean release(PartitionedChannel channel, int p, String owner) {
        Slot slot = new Slot(channel, PartitionLeasePort.requirePartition(channel, p));
        PartitionLeasePort.requireMember(owner);
        Stored s = leases.get(slot);
        if (s == null || !owner.equals(s.owner())) {
            return false;
        }
        leases.put(slot, new Stored(null, s.epoch(), Instant.EPOCH));
        return true;
    }

    @Override
    public synchronized Option<Lease> read(PartitionedChannel channel, int p) {
        Stored s = leases.get(new Slot(channel, PartitionLeasePort.requirePartition(channel, p)));
        return s == null || s.owner() == null ? Option.none() : Option.some(new Lease(p, s.owner(), s.epoch(), s.expires()));
    }

    @Override
    public synchronized long epoch(PartitionedChannel channel, int p) {
        Stored s = leases.get(new Slot(channel, PartitionLeasePort.requirePartition(channel, p)));
        return s == null ? 0 : s.epoch();
    }

    @Override
    public synchronized List<String> heartbeat(PartitionedChannel channel, String member, Duration ttl) {
        Objects.requireNonNull(channel, "channel");
        PartitionLeasePort.requireMember(member);
        PartitionLeasePort.requireTtl(ttl);
        Instant now = clock.instant();
        Map<String, Instant> of = members.computeIfAbsent(channel, c -> new HashMap<>());
        of.put(member, now.plusMillis(ttl.toMillis()));
        of.values().removeIf(until -> until.isBefore(now));
        List<String> live = new ArrayList<>(of.keySet());
        live.sort(null);
        return List.copyOf(live);
    }

    @Override
    public synchronized void leave(PartitionedChannel channel, String member) {
        Objects.requireNonNull(channel, "channel");
        PartitionLeasePort.requireMember(member);
        members.getOrDefault(channel, new HashMap<>()).remove(member);
    }
}
