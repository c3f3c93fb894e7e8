package codemojex.app.redis;

import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotencyKey;
import codemojex.app.redis.jedis.JedisConnection;
import codemojex.app.redis.lettuce.LettuceConnection;
import codemojex.projections.GamePartitions;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.control.Option;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The records of {@code Idempotency-Key}s on a real Redis, through either client: a key is held
 * for one owner, answered or let go by that owner only, its record where {@link Keys} puts it
 * (the game's partition slot, {@code {cm}} for a room) and always expiring.
 */
class RedisIdempotencyRecordsTest {

    static Connection open(String client, String uri) {
        return client.equals("jedis") ? JedisConnection.open(uri, 4) : LettuceConnection.open(uri);
    }

    static Idempotency.Request request(Option<String> game, String body) {
        return new Idempotency.Request(new IdempotencyKey("key-1"), Idempotency.Scope.session("abc"), game,
                Idempotency.fingerprint("POST", "/games/G1/guesses", body.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jedis", "lettuce"})
    void aKeyIsHeldAnsweredAndLetGoByItsOwnerOnly(String client) {
        try (RedisServerProcess redis = TestRedis.privateServer(); Connection c = open(client, redis.uri())) {
            Keys keys = new Keys(new GamePartitions(3));
            RedisIdempotencyRecords records = new RedisIdempotencyRecords(c.calls(), keys);
            Idempotency.Request r = request(Option.some("G1"), "{\"guess\":\"x\"}");
            String key = keys.idempotency(r.game(), r.recordId());
            assertThat(key).startsWith(new GamePartitions(3).prefixOf("G1") + "idempotency:");

            assertThat(records.reserve(r, "owner-a", Duration.ofSeconds(30))).as("held now").isEmpty();
            assertThat(records.reserve(r, "owner-b", Duration.ofSeconds(30))).contains(new Idempotency.Held.Running(r.fingerprint()));
            assertThat(Long.parseLong(redis.command("PTTL", key))).isPositive().isLessThanOrEqualTo(30_000);
            assertThat(records.complete(r, "owner-b", "sealed-b", Duration.ofHours(24))).as("another owner answers").isFalse();
            assertThat(records.release(r, "owner-b")).as("another owner lets go").isFalse();

            assertThat(records.complete(r, "owner-a", "sealed-a", Duration.ofHours(24))).isTrue();
            assertThat(records.reserve(r, "owner-c", Duration.ofSeconds(30))).contains(new Idempotency.Held.Done(r.fingerprint(), "sealed-a"));
            assertThat(Long.parseLong(redis.command("PTTL", key))).isGreaterThan(Duration.ofHours(23).toMillis());
            assertThat(records.release(r, "owner-a")).as("an answered key is never let go").isFalse();
            assertThat(records.complete(r, "owner-a", "again", Duration.ofHours(24))).as("nor answered twice").isFalse();

            Idempotency.Request room = request(Option.none(), "{}");
            assertThat(records.reserve(room, "owner-d", Duration.ofSeconds(30))).isEmpty();
            assertThat(redis.command("EXISTS", "emq:{cm}:idempotency:" + room.recordId())).isEqualTo("1");
            assertThat(records.release(room, "owner-d")).isTrue();
            assertThat(redis.command("EXISTS", "emq:{cm}:idempotency:" + room.recordId())).as("let go").isEqualTo("0");
            assertThat(records.reserve(room, "owner-e", Duration.ofMillis(1))).isEmpty();
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (redis.command("EXISTS", "emq:{cm}:idempotency:" + room.recordId()).equals("1") && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(records.reserve(room, "owner-f", Duration.ofSeconds(30))).as("held again once the lease ended").isEmpty();
            assertThat(records.complete(room, "owner-e", "late", Duration.ofHours(24))).as("an attempt whose lease ended").isFalse();
        }
    }
}
