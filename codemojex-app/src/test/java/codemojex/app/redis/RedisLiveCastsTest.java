package codemojex.app.redis;

import codemojex.app.core.CastReader;
import codemojex.app.core.port.out.LiveCasts;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.control.Option;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live casts on a real Redis, through either client (#54): what the lead casts is read back by
 * every reader in the order it was cast, a kind kept as latest handed to a reader that starts later
 * and to every listener as it connects (never an older one after a newer), a game's cast only to
 * that game's listeners, a listener that fails dropped, and a reader that started before a cast and
 * one that started after agree. Both keys live an hour after the last cast, and the lead's keep renews
 * the latest only past half its life, or writes it again when it is gone.
 */
class RedisLiveCastsTest {

    static LiveCasts.Cast cast(String kind, String game, String id, String data) {
        return new LiveCasts.Cast(kind, game, id, data);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jedis", "lettuce"})
    void castsAreReadBackInOrderByEveryReaderAndTheLatestByOneThatStartsLater(String client) throws Exception {
        ExecutorService dispatch = Executors.newFixedThreadPool(2);
        try (RedisServerProcess redis = TestRedis.privateServer(); Connection c = RedisIdempotencyRecordsTest.open(client, redis.uri());
             CastReader early = new CastReader(new RedisLiveCasts(c.calls(), c.tail(), c.states()), dispatch)) {
            RedisLiveCasts casts = new RedisLiveCasts(c.calls(), c.tail(), c.states());
            assertThat(casts.latest()).isEmpty();
            early.start();
            List<String> buckets = Collections.synchronizedList(new ArrayList<>());
            List<String> feeds = Collections.synchronizedList(new ArrayList<>());
            List<String> sessionsOfA = Collections.synchronizedList(new ArrayList<>());
            early.listen("bucket", Option.none(), x -> buckets.add(x.data()));
            early.listen("feed", Option.none(), x -> feeds.add(x.id()));
            early.listen("session", Option.some("GAMa"), x -> sessionsOfA.add(x.data()));
            List<String> failing = Collections.synchronizedList(new ArrayList<>());
            early.listen("bucket", Option.none(), x -> {
                failing.add(x.data());
                throw new IllegalStateException("this page left");
            });
            await("the reader found where the casts stand", early::reading);

            for (int i = 1; i <= 50; i++) {
                casts.cast(cast("bucket", "", "", "{\"b\":" + i + "}"), false);
                casts.cast(cast("feed", "", "1-0." + i, "{\"f\":" + i + "}"), true);
            }
            casts.cast(cast("session", "GAMa", "", "{\"s\":\"a1\"}"), false);
            casts.cast(cast("session", "GAMb", "", "{\"s\":\"b1\"}"), false);
            casts.cast(cast("session", "GAMa", "", "{\"s\":\"a2\"}"), false);
            casts.cast(cast("lobby", "", "2-0.1", "{\"l\":1}"), true);

            await("every bucket read, in order", () -> buckets.size() == 50);
            for (int i = 0; i < 50; i++) {
                assertThat(buckets.get(i)).isEqualTo("{\"b\":" + (i + 1) + "}");
            }
            await("the sessions of GAMa", () -> sessionsOfA.size() == 2);
            assertThat(sessionsOfA).containsExactly("{\"s\":\"a1\"}", "{\"s\":\"a2\"}");
            await("the last feed", () -> early.latest("feed").exists(x -> x.id().equals("1-0.50")));
            // a listener of the newest only may skip feeds, never go back
            for (int i = 1; i < feeds.size(); i++) {
                assertThat(Double.parseDouble(feeds.get(i).substring(4))).isGreaterThan(Double.parseDouble(feeds.get(i - 1).substring(4)));
            }
            assertThat(feeds.get(feeds.size() - 1)).isEqualTo("1-0.50");
            assertThat(failing).as("a listener that threw heard no more").hasSize(1);
            assertThat(early.metrics().listeners()).isEqualTo(3);

            // a reader that starts now: the latest feed and lobby at once, nothing older, then what comes
            try (CastReader late = new CastReader(new RedisLiveCasts(c.calls(), c.tail(), c.states()), dispatch)) {
                late.start();
                await("the latest, read at the start", () -> late.latest("feed").isDefined() && late.latest("lobby").isDefined());
                assertThat(late.latest("feed").get().data()).isEqualTo("{\"f\":50}");
                List<String> joined = Collections.synchronizedList(new ArrayList<>());
                late.listen("feed", Option.none(), x -> joined.add(x.data()));
                await("a listener that connects gets the latest", () -> joined.contains("{\"f\":50}"));
                casts.cast(cast("feed", "", "1-0.51", "{\"f\":51}"), true);
                await("and what comes after", () -> joined.contains("{\"f\":51}"));
                await("the early reader too", () -> early.latest("feed").exists(x -> x.id().equals("1-0.51")));
                assertThat(late.latest("feed").get()).isEqualTo(early.latest("feed").get());
            }
            assertThat(casts.latest()).extracting(r -> r.cast().kind()).containsExactlyInAnyOrder("feed", "lobby");
        } finally {
            dispatch.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jedis", "lettuce"})
    void theCastsLiveAnHourAndTheLeadKeepsTheLatestPastHalfItsLifeOrWritesItAgainWhenGone(String client) {
        try (RedisServerProcess redis = TestRedis.privateServer("--save", ""); Connection c = RedisIdempotencyRecordsTest.open(client, redis.uri())) {
            RedisLiveCasts casts = new RedisLiveCasts(c.calls(), c.tail(), c.states());
            String latest = RedisLiveCasts.LATEST;
            String stream = RedisLiveCasts.STREAM.toString();
            long hour = RedisLiveCasts.TTL.toMillis();
            var feed = new LiveCasts.Read(casts.cast(cast("feed", "", "1-0.1", "{\"f\":1}"), true), cast("feed", "", "1-0.1", "{\"f\":1}"));
            casts.cast(cast("bucket", "", "", "{\"b\":1}"), false);
            var lobby = new LiveCasts.Read(casts.cast(cast("lobby", "", "2-0.1", "{\"l\":1}"), true), cast("lobby", "", "2-0.1", "{\"l\":1}"));
            for (String key : List.of(latest, stream)) {
                assertThat(Long.parseLong(redis.command("PTTL", key))).as(key + " lives an hour after the last cast")
                        .isGreaterThan(hour - 60_000).isLessThanOrEqualTo(hour);
            }

            // young: nothing written
            long changes = changes(redis);
            casts.keep(List.of(feed, lobby));
            assertThat(changes(redis)).as("a keep of a latest young enough writes nothing").isEqualTo(changes);

            // past half its life: its whole life again, its values as they were
            redis.command("PEXPIRE", latest, Long.toString(hour / 2 - 1000));
            casts.keep(List.of(feed, lobby));
            assertThat(Long.parseLong(redis.command("PTTL", latest))).isGreaterThan(hour - 60_000);
            assertThat(casts.latest()).containsExactlyInAnyOrder(feed, lobby);

            // gone (expired while nobody led): written again from the lead's last casts, with their places
            redis.command("DEL", latest);
            assertThat(casts.latest()).isEmpty();
            casts.keep(List.of(feed, lobby));
            assertThat(casts.latest()).containsExactlyInAnyOrder(feed, lobby);
            assertThat(Long.parseLong(redis.command("PTTL", latest))).isGreaterThan(hour - 60_000).isLessThanOrEqualTo(hour);

            // a lead with nothing cast yet writes no empty hash
            redis.command("DEL", latest);
            casts.keep(List.of());
            assertThat(redis.command("EXISTS", latest)).isEqualTo("0");
        }
    }

    /** Redis' count of changes since its last save (it never saves here). */
    static long changes(RedisServerProcess redis) {
        for (String line : redis.command("INFO", "persistence").split("\r?\n")) {
            if (line.startsWith("rdb_changes_since_last_save:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new IllegalStateException("no rdb_changes_since_last_save");
    }

    static void await(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(10);
        }
    }
}
