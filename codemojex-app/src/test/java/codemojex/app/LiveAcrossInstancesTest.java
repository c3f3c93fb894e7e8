package codemojex.app;

import codemojex.app.LiveEventsTest.Event;
import codemojex.app.LiveEventsTest.Stream;
import codemojex.app.http.RateLimiter;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three instances on one Redis push the same live values (#54): one of them leads (it alone computes the
 * feed and the lobby and closes the chart's buckets and the play sessions, the others follow no stream
 * for them), and a page on any instance gets the same feed, lobby, buckets and sessions, event for event.
 * When the lead stops, another instance leads and the pages of the others go on with the same answers:
 * the chart and the sessions resume after the last the old lead handed out. Every wait is bounded.
 */
class LiveAcrossInstancesTest {

    static Settings settings(int k) {
        return Settings.builder().node(41 + k).partitions(3).chartBucket(Duration.ofSeconds(1)).sessionGap(Duration.ofSeconds(1))
                .lease(Duration.ofMillis(1500)).build();
    }

    /** One page's events as they came, kept. */
    static final class Page implements AutoCloseable {
        final Stream stream;
        final List<Event> seen = new ArrayList<>();

        Page(HttpClient http, AppFixture f, String path) {
            this.stream = new Stream(http, f, path, null, true);
        }

        synchronized List<Event> of(String kind) {
            stream.events.drainTo(seen);
            return seen.stream().filter(e -> kind.equals(e.name())).toList();
        }

        Option<Event> last(String kind) {
            List<Event> l = of(kind);
            return l.isEmpty() ? Option.none() : Option.some(l.get(l.size() - 1));
        }

        /** The buckets with entries, by their start. */
        Map<String, String> filledBuckets() {
            Map<String, String> m = new TreeMap<>();
            for (Event e : of("bucket")) {
                if (e.data().get("entries").asLong() > 0) {
                    m.put(e.data().get("from").asText(), e.data().toString());
                }
            }
            return m;
        }

        long bucketEntries() {
            Map<String, Long> byStart = new TreeMap<>(); // a bucket handed out twice (at least once, across a change of lead) counts once
            for (Event e : of("bucket")) {
                byStart.put(e.data().get("from").asText(), e.data().get("entries").asLong());
            }
            return byStart.values().stream().mapToLong(Long::longValue).sum();
        }

        List<String> sessions() {
            return of("session").stream().map(e -> e.data().toString()).distinct().toList();
        }

        @Override
        public void close() {
            stream.close();
        }
    }

    @Test
    void everyInstancePushesTheLeadsCastsAndANewLeadGoesOn() throws Exception {
        List<AutoCloseable> open = new ArrayList<>();
        try {
            RedisServerProcess redis = opened(open, TestRedis.privateServer());
            AppFixture a = opened(open, new AppFixture(redis.uri(), () -> { }, settings(0), RateLimiter.unlimited()));
            AppFixture b = opened(open, new AppFixture(redis.uri(), () -> { }, settings(1), RateLimiter.unlimited()));
            AppFixture c = opened(open, new AppFixture(redis.uri(), () -> { }, settings(2), RateLimiter.unlimited()));
            List<AppFixture> all = List.of(a, b, c);
            assertThat(all.stream().filter(f -> f.server.leads()).toList()).as("one lead: the first to start").containsExactly(a);
            for (AppFixture f : List.of(b, c)) {
                assertThat(f.server.live().leads()).as("a follower computes no feed nor lobby").isFalse();
                assertThat(f.server.live().feedMetrics()).isEmpty();
                assertThat(f.app.chart().running() || f.app.closingSessions().running()).as("nor closes buckets or sessions").isFalse();
                assertThat(f.server.live().followerMetrics().followers()).as("it follows no stream while no game is watched").isZero();
            }

            HttpClient http = HttpClient.newHttpClient();
            String game = a.post("/rooms", Map.of("room", "across")).json().get("game").asText();
            List<Page> pages = new ArrayList<>();
            for (AppFixture f : all) {
                pages.add(opened(open, new Page(http, f, "/events?game=" + game)));
            }
            for (Page p : pages) {
                AppFixture.await("a page with the feed, the lobby, the game and a bucket",
                        () -> p.last("feed").isDefined() && p.last("lobby").isDefined() && p.last("game").isDefined() && p.last("bucket").isDefined());
            }
            // each player through an instance of their own, as behind a balancer
            a.awaitScore(game, LiveEventsTest.guess(a, game, "ada", 0));
            b.awaitScore(game, LiveEventsTest.guess(b, game, "bob", 1));
            c.awaitScore(game, LiveEventsTest.guess(c, game, "cy", 2));

            sameOnEveryPage(pages, 3, 3);
            for (AppFixture f : all) {
                assertThat(f.server.casts().latest("feed")).as("what each instance read back").isEqualTo(a.server.casts().latest("feed"));
            }
            assertThat(b.server.live().feedMetrics()).as("still no feed computed but by the lead").isEmpty();

            // the lead stops (its lease let go): another leads, and the two left go on alike
            close(open, pages.remove(0));
            close(open, a);
            AppFixture.await("another instance leads", () -> b.server.leads() || c.server.leads());
            assertThat(b.server.leads() && c.server.leads()).as("one lead at a time").isFalse();
            c.awaitScore(game, LiveEventsTest.guess(c, game, "dan", 3));
            sameOnEveryPage(pages, 4, 4);
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                open.get(i).close(); // the pages, the instances, then Redis
            }
        }
    }

    static <T extends AutoCloseable> T opened(List<AutoCloseable> open, T x) {
        open.add(x);
        return x;
    }

    static void close(List<AutoCloseable> open, AutoCloseable x) throws Exception {
        open.remove(x);
        x.close();
    }

    /**
     * Waits until every page has the feed of {@code guesses} and the same latest feed and lobby, {@code sessions}
     * sessions and buckets holding every guess; then checks they got the same sessions and the same buckets.
     */
    private static void sameOnEveryPage(List<Page> pages, int guesses, int sessions) {
        Predicate<Page> told = p -> p.last("feed").exists(e -> e.data().get("guesses").asInt() == guesses)
                && p.sessions().size() >= sessions && p.bucketEntries() >= guesses;
        AppFixture.await("every page told of " + guesses + " guesses, their buckets and sessions", () -> pages.stream().allMatch(told));
        for (String kind : List.of("feed", "lobby")) {
            AppFixture.await("the same latest " + kind + " on every page",
                    () -> pages.stream().map(p -> p.last(kind).map(e -> e.id() + " " + e.data())).distinct().count() == 1);
        }
        Page first = pages.get(0);
        for (Page p : pages) {
            assertThat(p.sessions()).as("the sessions, in the order they closed").isEqualTo(first.sessions()).hasSize(sessions);
            assertThat(p.filledBuckets()).as("the buckets that hold guesses").isEqualTo(first.filledBuckets());
            assertThat(p.bucketEntries()).as("every guess in one bucket").isEqualTo(guesses);
        }
        // a feed event the pages share is the same event everywhere: one computation, cast once
        Map<String, String> byId = new TreeMap<>();
        for (Page p : pages) {
            for (Event e : p.of("feed")) {
                String before = byId.putIfAbsent(e.id(), e.data().toString());
                assertThat(before == null || before.equals(e.data().toString())).as("feed %s alike on every page", e.id()).isTrue();
            }
        }
    }
}
