package echomq.wire;

import echomq.domain.lease.Lease;
import echomq.domain.lease.LeaseOutcome;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamKey;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The partition leases on Redis, whatever the client: their keys, the scripts that keep them
 * ({@code lease-acquire.lua}, {@code lease-release.lua}, {@code lease-read.lua},
 * {@code members-beat.lua}, {@code members-leave.lua}, beside {@link Scripts}) and their replies. An
 * adapter says only how its client runs a script ({@link Runner}); both adapters read and write the
 * same keys.
 * <ul>
 *   <li>Partition {@code p}'s lease: the hash {@code emq:{<partition queue>}:lease:<name>} (fields
 *       {@code owner}, {@code epoch}, {@code expires} in Unix ms), in the partition's slot, so a
 *       script writing to the partition can read its epoch ({@link #key}). It never expires.</li>
 *   <li>The members: the sorted set {@code emq:{<queue>}:members:<name>} (member to the Unix ms it
 *       counts as alive until), in the channel's queue's slot.</li>
 * </ul>
 */
public final class PartitionLeases implements PartitionLeasePort {

    private static final LuaScript ACQUIRE = LuaScript.load(Scripts.class, Scripts.LEASE_ACQUIRE);
    private static final LuaScript RELEASE = LuaScript.load(Scripts.class, Scripts.LEASE_RELEASE);
    private static final LuaScript READ = LuaScript.load(Scripts.class, Scripts.LEASE_READ);
    private static final LuaScript BEAT = LuaScript.load(Scripts.class, Scripts.MEMBERS_BEAT);
    private static final LuaScript LEAVE = LuaScript.load(Scripts.class, Scripts.MEMBERS_LEAVE);

    /** How a client runs a script: its raw reply (bulk strings as {@code byte[]} or text, integers as {@code Long}, arrays as {@code List}). */
    @FunctionalInterface
    public interface Runner {
        /**
         * Runs {@code script}.
         *
         * @param script the script
         * @param keys   its KEYS (one)
         * @param argv   its ARGV
         * @return its raw reply
         * @throws echomq.domain.stream.StreamStoreException a typed failure naming the key
         */
        Object run(LuaScript script, List<String> keys, List<String> argv);
    }

    private final Runner runner;

    /**
     * The leases, their scripts run by {@code runner}.
     *
     * @param runner how the adapter's client runs a script
     */
    public PartitionLeases(Runner runner) {
        this.runner = Objects.requireNonNull(runner, "runner");
    }

    /**
     * The key of partition {@code p}'s lease hash, in the partition's slot: a script writing to the
     * partition takes it as one of its KEYS to check a caller's epoch (field {@code epoch}).
     *
     * @param channel the channel
     * @param p       the partition
     * @return {@code emq:{<partition queue>}:lease:<name>}
     * @throws IllegalArgumentException when {@code p} is not a partition of {@code channel}
     */
    public static String key(PartitionedChannel channel, int p) {
        return StreamKey.prefix(channel.partitionQueue(PartitionLeasePort.requirePartition(channel, p))) + "lease:" + channel.name();
    }

    /**
     * The key of the channel's members' sorted set, in the channel's queue's slot.
     *
     * @param channel the channel
     * @return {@code emq:{<queue>}:members:<name>}
     */
    public static String membersKey(PartitionedChannel channel) {
        return StreamKey.prefix(channel.queue()) + "members:" + channel.name();
    }

    @Override
    public LeaseOutcome acquire(PartitionedChannel channel, int p, String owner, Duration ttl) {
        String key = key(channel, p);
        List<String> argv = List.of(PartitionLeasePort.requireMember(owner), Long.toString(PartitionLeasePort.requireTtl(ttl).toMillis()));
        List<?> reply = list(key, runner.run(ACQUIRE, List.of(key), argv), 4);
        Lease lease = new Lease(p, Replies.text(reply.get(1)), number(key, reply.get(2)), Instant.ofEpochMilli(number(key, reply.get(3))));
        return switch (Replies.text(reply.get(0))) {
            case "GRANTED" -> new LeaseOutcome.Granted(lease);
            case "HELD" -> new LeaseOutcome.HeldByAnother(lease);
            default -> throw new IllegalStateException(Scripts.LEASE_ACQUIRE + " answered " + reply + " for " + key);
        };
    }

    @Override
    public boolean release(PartitionedChannel channel, int p, String owner) {
        String key = key(channel, p);
        return number(key, runner.run(RELEASE, List.of(key), List.of(PartitionLeasePort.requireMember(owner)))) == 1;
    }

    @Override
    public Option<Lease> read(PartitionedChannel channel, int p) {
        String key = key(channel, p);
        List<?> reply = list(key, runner.run(READ, List.of(key), List.of()), 3);
        String owner = Replies.text(reply.get(0));
        return owner.isEmpty() ? Option.none()
                : Option.some(new Lease(p, owner, number(key, reply.get(1)), Instant.ofEpochMilli(number(key, reply.get(2)))));
    }

    @Override
    public long epoch(PartitionedChannel channel, int p) {
        String key = key(channel, p);
        return number(key, list(key, runner.run(READ, List.of(key), List.of()), 3).get(1));
    }

    @Override
    public List<String> heartbeat(PartitionedChannel channel, String member, Duration ttl) {
        String key = membersKey(Objects.requireNonNull(channel, "channel"));
        List<String> argv = List.of(PartitionLeasePort.requireMember(member), Long.toString(PartitionLeasePort.requireTtl(ttl).toMillis()));
        Object raw = runner.run(BEAT, List.of(key), argv);
        if (!(raw instanceof List<?> reply)) {
            throw new IllegalStateException(Scripts.MEMBERS_BEAT + " answered " + raw + " for " + key);
        }
        List<String> live = new ArrayList<>(reply.size());
        reply.forEach(m -> live.add(Replies.text(m)));
        live.sort(null);
        return List.copyOf(live);
    }

    @Override
    public void leave(PartitionedChannel channel, String member) {
        String key = membersKey(Objects.requireNonNull(channel, "channel"));
        runner.run(LEAVE, List.of(key), List.of(PartitionLeasePort.requireMember(member)));
    }

    private static List<?> list(String key, Object raw, int size) {
        if (raw instanceof List<?> l && l.size() == size) {
            return l;
        }
        throw new IllegalStateException("a lease script answered " + raw + " for " + key);
    }

    private static long number(String key, Object raw) {
        if (raw instanceof Long n) {
            return n;
        }
        String text = Replies.text(raw);
        if (!text.matches("[0-9]{1,18}")) {
            throw new IllegalStateException("a lease script answered '" + text + "' for " + key + ", not a number");
        }
        return Long.parseLong(text);
    }
}
