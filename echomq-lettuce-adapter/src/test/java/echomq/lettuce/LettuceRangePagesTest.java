package echomq.lettuce;

import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static echomq.wire.Replies.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Lettuce's pages (two requests in flight while the caller folds, below the stream's top) keep at
 * most three pages ahead of the caller, leave the multiplexed connection in step when closed early, and fail with typed
 * errors rather than leave the caller waiting.
 */
class LettuceRangePagesTest {

    static final StreamKey KEY = StreamKey.of("q", "pages");

    private static List<StreamId> append(LettuceRedis redis, int n) {
        LettuceStreamAppend append = new LettuceStreamAppend(redis, new Snowflake(1, Clock.systemUTC()));
        List<StreamId> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(append.append(KEY, LinkedHashMap.of("i", Integer.toString(i))).streamId());
        }
        return ids;
    }

    /** How many {@code XRANGE}s the server has run. */
    private static long xranges(LettuceRedis redis) {
        return calls(redis, "xrange");
    }

    /** How many times the server has run {@code command}. */
    private static long calls(LettuceRedis redis, String command) {
        String stats = redis.sync().info("commandstats");
        Matcher m = Pattern.compile("cmdstat_" + command + ":calls=(\\d+)").matcher(stats);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    private static List<StreamId> ids(List<StreamEntry> entries) {
        return entries.stream().map(StreamEntry::id).toList();
    }

    /**
     * A caller that folds slowly has the read run at most three pages ahead of it (its three reply
     * buffers): the first page, then the top and the next page, then two slices below the top.
     */
    @Test
    void aCallerThatFoldsSlowlyHasAtMostThreePagesReadAhead() throws InterruptedException {
        try (RedisServerProcess server = TestRedis.privateServer(); LettuceRedis redis = LettuceConnections.connect(server.uri())) {
            // one entry a millisecond: no slice comes back empty (an empty one frees its buffer for another request)
            List<StreamId> ids = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                StreamId id = StreamId.of(1_700_000_000_000L + i, 0);
                redis.sync().xadd(bytes(KEY.toString()), new io.lettuce.core.XAddArgs().id(id.toString()), java.util.Map.of(bytes("i"), bytes("" + i)));
                ids.add(id);
            }
            long before = xranges(redis);
            try (RangePages pages = new LettuceStreamRange(redis).pages(KEY, StreamId.MIN, Option.none(), 5)) {
                List<StreamEntry> first = pages.next();
                assertThat(ids(first)).isEqualTo(ids.subList(0, 5));
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (xranges(redis) - before < 4 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                Thread.sleep(200); // time for a request too many to go out, were one sent
                // four by the plan (the first page, the next, two slices); once in about forty runs of this
                // class on a loaded machine Redis counted a fifth, cause not found (see the bench README).
                // A read that ran ahead of its buffers would ask for every one of the ~40 slices.
                assertThat(xranges(redis) - before).as("pages asked for while the caller folds the first").isBetween(4L, 5L);
                assertThat(calls(redis, "xrevrange")).as("reads of the top").isEqualTo(1);
                List<StreamId> read = new ArrayList<>(ids(first));
                for (List<StreamEntry> page = pages.next(); !page.isEmpty(); page = pages.next()) {
                    assertThat(page).hasSizeLessThanOrEqualTo(5);
                    read.addAll(ids(page));
                }
                assertThat(read).isEqualTo(ids);
            }
        }
    }

    /**
     * A long range below the stream's top is read in slices ({@link echomq.domain.stream.PagePlan}):
     * one read of the top, then about one request per page (slightly more: slices aim a little short
     * of a page), as the server itself counts them; the pages are the range's entries in order.
     */
    @Test
    void aLongRangeBelowTheTopIsReadInSlicesAfterOneReadOfTheTop() {
        try (RedisServerProcess server = TestRedis.privateServer(); LettuceRedis redis = LettuceConnections.connect(server.uri())) {
            echomq.testkit.SlicedRangeReads.check(server, new LettuceStreamRange(redis), KEY, (stream, ids, firstN) -> {
                var async = redis.async();
                List<io.lettuce.core.RedisFuture<?>> adds = new ArrayList<>();
                for (int i = 0; i < ids.size(); i++) {
                    adds.add(async.xadd(bytes(stream.toString()), new io.lettuce.core.XAddArgs().id(ids.get(i).toString()),
                            java.util.Map.of(bytes("n"), bytes(Integer.toString(firstN + i)))));
                }
                adds.forEach(f -> f.toCompletableFuture().join());
            });
        }
    }

    /** An {@code XRANGE} of the whole of {@link #KEY} through {@code redis}, into a reply buffer of its own. */
    static ReplyBytes xrange(LettuceRedis redis) {
        ReplyBytes reply = new ReplyBytes(KEY.toString());
        return redis.call(KEY.toString(), io.lettuce.core.protocol.CommandType.XRANGE, new EntriesOutput(reply),
                LettuceRedis.args(KEY.toString()).add("-").add("+"));
    }

    @Test
    void aConnectionOfOursFramesPagesFromRawBytesAndAClientHandedInParsesThemTheSame() {
        try (RedisServerProcess server = TestRedis.privateServer(); LettuceRedis ours = LettuceConnections.connect(server.uri())) {
            List<StreamId> ids = append(ours, 40);
            ReplyBytes framed = xrange(ours);
            assertThat(framed.framed()).as("read by the XRANGE handler our clients are given").isTrue();
            assertThat(ids(framed.entries())).isEqualTo(ids);
            io.lettuce.core.RedisClient client = io.lettuce.core.RedisClient.create(server.uri());
            try (LettuceRedis shared = LettuceConnections.on(client)) {
                ReplyBytes parsed = xrange(shared);
                assertThat(parsed.framed()).as("a client handed in keeps Lettuce's handler").isFalse();
                assertThat(ids(parsed.entries())).isEqualTo(ids);
            } finally {
                client.shutdown();
            }
        }
    }

    @Test
    void aFinishedReadLeavesItsReadersToTheNextAndAClosedOneOnceItsPageHasCome() throws InterruptedException {
        try (RedisServerProcess server = TestRedis.privateServer(); LettuceRedis redis = LettuceConnections.connect(server.uri())) {
            List<StreamId> ids = append(redis, 30);
            LettuceStreamRange range = new LettuceStreamRange(redis);
            for (int read = 0; read < 3; read++) {
                List<StreamId> got = new ArrayList<>();
                try (RangePages pages = range.pages(KEY, StreamId.MIN, Option.none(), 7)) {
                    assertThat(range.idleReaders()).as("read %d takes the readers left", read).isZero();
                    for (List<StreamEntry> page = pages.next(); !page.isEmpty(); page = pages.next()) {
                        got.addAll(ids(page));
                    }
                }
                assertThat(got).isEqualTo(ids);
                // the buffers the read made (lazily, up to its depth and one more) are left to the next
                assertThat(range.idleReaders()).as("after read %d", read).isBetween(2, 3);
            }
            RangePages early = range.pages(KEY, StreamId.MIN, Option.none(), 7);
            assertThat(ids(early.next())).isEqualTo(ids.subList(0, 7));
            early.close(); // the top and the second page are asked for, and may still be coming
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (range.idleReaders() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            // the first page's buffer at once, the second's once its page has come
            assertThat(range.idleReaders()).as("a closed read's readers, once its last pages have come").isBetween(2, 3);
            assertThat(ids(range.pages(KEY, StreamId.MIN, Option.none(), 100).next())).as("and they read the next read right").isEqualTo(ids);
        }
    }

    @Test
    void pagesClosedEarlyLeaveTheConnectionInStep() {
        try (RedisServerProcess server = TestRedis.privateServer(); LettuceRedis redis = LettuceConnections.connect(server.uri())) {
            List<StreamId> ids = append(redis, 30);
            LettuceStreamRange range = new LettuceStreamRange(redis);
            for (int round = 0; round < 20; round++) {
                try (RangePages pages = range.pages(KEY, StreamId.MIN, Option.none(), 3)) {
                    assertThat(ids(pages.next())).isEqualTo(ids.subList(0, 3));
                }
                assertThat(ids(range.range(KEY, ids.get(10), ids.get(12), 10))).isEqualTo(ids.subList(10, 13));
            }
        }
    }

    @Test
    void aKeyOfAnotherTypeIsATypedErrorAndTheConnectionStaysInStep() {
        try (RedisServerProcess server = TestRedis.privateServer(); LettuceRedis redis = LettuceConnections.connect(server.uri())) {
            List<StreamId> ids = append(redis, 4);
            StreamKey other = StreamKey.of("q", "not-a-stream");
            redis.sync().set(bytes(other.toString()), bytes("text"));
            try (RangePages pages = new LettuceStreamRange(redis).pages(other, StreamId.MIN, Option.none(), 2)) {
                assertThatThrownBy(pages::next).isInstanceOf(StreamStoreException.WrongType.class).hasMessageContaining(other.toString());
                assertThat(pages.next()).as("a failed read stays ended").isEmpty();
            }
            assertThat(ids(new LettuceStreamRange(redis).rangeFrom(KEY, StreamId.MIN, 10))).isEqualTo(ids);
        }
    }

    @Test
    void aServerThatStopsMidReadIsUnavailableAndNoCallerIsLeftWaiting() {
        try (RedisServerProcess server = TestRedis.privateServer();
             LettuceRedis redis = LettuceConnections.connect(server.uri(), Duration.ofMillis(500))) {
            List<StreamId> ids = append(redis, 40);
            try (RangePages pages = new LettuceStreamRange(redis).pages(KEY, StreamId.MIN, Option.none(), 4)) {
                List<StreamId> read = new ArrayList<>(ids(pages.next()));
                server.stop();
                assertThatThrownBy(() -> {
                    for (List<StreamEntry> page = pages.next(); !page.isEmpty(); page = pages.next()) {
                        read.addAll(ids(page));
                    }
                }).isInstanceOf(StreamStoreException.Unavailable.class).hasMessageContaining(KEY.toString());
                assertThat(read).as("the pages taken before the failure").isEqualTo(ids.subList(0, read.size()));
                assertThat(read.size()).isLessThan(ids.size());
            }
        }
    }
}
