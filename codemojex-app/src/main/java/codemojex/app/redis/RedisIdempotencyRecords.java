package codemojex.app.redis;

import codemojex.app.core.Idempotency;
import codemojex.app.core.port.out.IdempotencyRecords;
import echomq.domain.stream.Durability;
import echomq.wire.LuaScript;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * {@link IdempotencyRecords} as one hash per key ({@link Keys#idempotency}), in the slot of the
 * request's game, or {@code {cm}} for a room: {@code idempotency-reserve.lua} holds a key or answers
 * its record without writing, {@code idempotency-complete.lua} keeps the sealed answer for 24 h,
 * {@code idempotency-release.lua} lets a key go. Every record expires: a held key at the end of its
 * lease, an answered one after {@link Idempotency#KEPT}. Over calls that wait for their replicas
 * ({@code serve --durability replicated}), an answer is kept once they hold it, and one is given
 * again once they do ({@code idempotency-confirm.lua}, {@link #confirm}).
 */
public final class RedisIdempotencyRecords implements IdempotencyRecords {

    static final LuaScript RESERVE = LuaScript.load(RedisIdempotencyRecords.class, "idempotency-reserve.lua");
    static final LuaScript COMPLETE = LuaScript.load(RedisIdempotencyRecords.class, "idempotency-complete.lua");
    static final LuaScript RELEASE = LuaScript.load(RedisIdempotencyRecords.class, "idempotency-release.lua");
    static final LuaScript CONFIRM = LuaScript.load(RedisIdempotencyRecords.class, "idempotency-confirm.lua");

    private final RedisCalls redis;
    /** The same calls without waiting for the replicas. */
    private final RedisCalls plain;
    private final Keys keys;

    /** Over {@code redis}, each record where {@code keys} puts it. */
    public RedisIdempotencyRecords(RedisCalls redis, Keys keys) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.plain = redis.durably(Durability.NONE);
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    private String key(Idempotency.Request request) {
        return keys.idempotency(request.game(), request.recordId());
    }

    @Override
    public Option<Idempotency.Held> reserve(Idempotency.Request request, String owner, Duration lease) {
        String key = key(request);
        // not waited for: a reservation lost with its master lets a retry run, and the write's own wait answers for it
        Option<Object> reply = plain.run(RESERVE, List.of(key), List.of(request.fingerprint(), owner, Long.toString(Math.max(1, lease.toMillis()))));
        if (reply.contains(1L)) {
            return Option.none();
        }
        if (reply.isDefined() && reply.get() instanceof List<?> held && held.size() == 3 && held.get(0) instanceof String state
                && held.get(1) instanceof String fingerprint) {
            if (state.equals("done") && held.get(2) instanceof String answer) {
                return Option.some(new Idempotency.Held.Done(fingerprint, answer));
            }
            if (state.equals("running")) {
                return Option.some(new Idempotency.Held.Running(fingerprint));
            }
        }
        throw new IllegalStateException("idempotency-reserve.lua answered " + reply + " for " + key + ": neither 1 nor a record");
    }

    @Override
    public boolean complete(Idempotency.Request request, String owner, String sealed, Duration kept) {
        return redis.run(COMPLETE, List.of(key(request)), List.of(owner, sealed, Long.toString(kept.toMillis()))).contains(1L);
    }

    @Override
    public boolean release(Idempotency.Request request, String owner) {
        return plain.run(RELEASE, List.of(key(request)), List.of(owner)).contains(1L);
    }

    /** With durable calls, {@code idempotency-confirm.lua} and the wait after it; else nothing. */
    @Override
    public void confirm(Idempotency.Request request) {
        if (redis.durability().replication().isDefined()) {
            redis.run(CONFIRM, List.of(key(request)), List.of());
        }
    }
}
