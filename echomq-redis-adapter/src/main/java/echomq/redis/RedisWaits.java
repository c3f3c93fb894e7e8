package echomq.redis;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.Durability;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.Waits;
import io.vavr.control.Option;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

import java.util.List;
import java.util.Objects;

/**
 * How a write over Jedis waits for its replicas: {@code WAIT n timeout} (or {@code WAITAOF 0 n
 * timeout}) appended to the pipeline that wrote, so it runs on the same connection, after the
 * writes (Redis counts the replicas that acknowledged everything that connection wrote; a
 * {@code WAIT} on another pooled connection would answer for other writes). On a cluster the
 * pipeline's {@code WAIT} is routed by the written key's slot ({@code waitReplicas(sampleKey, …)}),
 * to the pipeline's connection to that master.
 */
final class RedisWaits {

    private final UnifiedJedis jedis;
    /** Whether the server has {@code WAITAOF} (Redis 7.2+); asked once, at the first fsynced write. */
    private volatile Boolean waitAof;

    RedisWaits(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    /** One per client, so that a client asks once whether its server has {@code WAITAOF}. */
    private static final java.util.Map<UnifiedJedis, RedisWaits> OF = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** The waits of {@code jedis}, shared by every caller of that client. */
    static RedisWaits of(UnifiedJedis jedis) {
        return OF.computeIfAbsent(jedis, RedisWaits::new);
    }

    /** What a pipeline's wait answered, judged once the pipeline is synced. */
    interface Asked {
        /** Nothing was asked: the promise of {@link Durability#NONE}. */
        Asked NOTHING = (d, key, receipts) -> Option.none();

        /**
         * The outcome for the writes the wait covered.
         *
         * @return none when {@code durability} is kept; else the failure
         */
        Option<StreamStoreException.NotReplicated> judge(Durability durability, String key, List<BrandedId> receipts);
    }

    /** Appends {@code durability}'s wait to {@code p}, after what it holds, routed by {@code key}; call before {@code p.sync()}. */
    Asked ask(AbstractPipeline p, byte[] key, Durability durability) {
        Option<Durability.Replicated> r = durability.replication();
        if (r.isEmpty()) {
            return Asked.NOTHING;
        }
        Durability.Replicated asked = r.get();
        if (asked.fsync() && hasWaitAof(key)) {
            Response<redis.clients.jedis.util.KeyValue<Long, Long>> both = p.waitAOF(key, 0, asked.replicas(), asked.timeoutMillis());
            return (d, k, receipts) -> answered(d, k, receipts, () -> both.get().getValue());
        }
        Response<Long> acks = p.waitReplicas(key, asked.replicas(), asked.timeoutMillis());
        return (d, k, receipts) -> answered(d, k, receipts, acks::get);
    }

    /**
     * The judgement of a wait's reply: a reply that cannot be had (the connection failed after the
     * writes; the server refused {@code WAIT}, as a master turned replica does) confirms nothing.
     */
    private static Option<StreamStoreException.NotReplicated> answered(Durability d, String key, List<BrandedId> receipts,
                                                                     java.util.function.Supplier<Long> reply) {
        long acks;
        try {
            Long a = reply.get();
            acks = a == null ? -1 : a;
        } catch (JedisException | IllegalStateException unanswered) {
            return d.unconfirmed(key, receipts);
        }
        return acks < 0 ? d.unconfirmed(key, receipts) : d.judge(key, acks, receipts);
    }

    /**
     * Whether the server (the node of {@code key}) has {@code WAITAOF}: {@code COMMAND INFO WAITAOF}
     * names it, or answers nil; asked once.
     */
    boolean hasWaitAof(byte[] key) {
        Boolean known = waitAof;
        if (known == null) {
            Object reply = RedisFailures.on("", () -> jedis.sendCommand(key, redis.clients.jedis.Protocol.Command.COMMAND,
                    "INFO".getBytes(java.nio.charset.StandardCharsets.US_ASCII), Waits.WAITAOF.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
            known = Waits.knowsCommand(reply);
            waitAof = known;
        }
        return known;
    }
}
