package codemojex.app;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Watchers cost what they receive (#54): pages each watching its own game, over real event-stream
 * connections (the page's {@code /events?game=}), read by one thread of the test. Between 10 and 1,000
 * pages the JVM's threads do not grow (a started stream holds no thread; no follower per game) and stay
 * at most 100, nor do the Redis commands a second of an idle server (no poll per watcher: one per
 * followed stream; at most 40), and a guess in one game wakes that
 * game's view only: its Redis commands do not grow with the games watched. Counts are compared, not
 * times; every wait is bounded.
 */
class WatchersTest {

    static final int FEW = 10;
    static final int MANY = 1_000;
    /** #54's caps for 1,000 pages each watching its own game: JVM threads, and Redis commands a second while the games are idle. */
    static final int THREADS_CAP = 100;
    static final double IDLE_RATE_CAP = 40;

    @Test
    void threadsIdleCommandsAndAGuessCostTheSameForTenPagesAndAThousand() throws Exception {
        try (AppFixture f = new AppFixture(); Pages pages = new Pages(URI.create(f.server.url()))) {
            List<String> games = new ArrayList<>();
            for (int i = 0; i < MANY; i++) {
                games.add(f.app.useCases().rooms().open("watched-" + (i % 20)).game());
            }
            pages.open(games.subList(0, FEW), false);
            Cost few = cost(f, pages, games.get(0));

            // the rest at once, as pages open after a link is shared: the pools grow for the burst, then let the idle
            // threads go (Jetty's pool ended one a minute: idle threads that looked like a thread per watcher)
            pages.open(games.subList(FEW, MANY), true);
            assertThat(f.server.live().watchedGames()).isEqualTo(MANY);
            long deadline = System.nanoTime() + 3 * codemojex.app.http.HttpApi.THREAD_IDLE.toNanos() + TimeUnit.SECONDS.toNanos(5);
            while (serverThreads() > few.threads + 8 && System.nanoTime() < deadline) {
                AppFixture.sleep(200);
            }
            Cost many = cost(f, pages, games.get(FEW + 1));

            System.out.printf("[watchers] %d pages: %d JVM threads, %.1f idle Redis commands a second (%d XREAD in %d s; %s), %d for a scored guess;"
                            + " %d pages: %d threads, %.1f idle a second (%d XREAD; %s), %d for a scored guess%n", FEW, few.threads, few.idleRate(),
                    few.polls, IDLE_SECONDS, few.idleBy, few.guess, MANY, many.threads, many.idleRate(), many.polls, many.idleBy, many.guess);
            // a thread per page, or a follower (a thread and a poll) per game, would add ~990 of each
            assertThat(many.threads).as("JVM threads with %d pages against %d", MANY, FEW).isLessThanOrEqualTo(few.threads + 8)
                    .isLessThanOrEqualTo(THREADS_CAP);
            assertThat(many.polls).as("XREAD calls of an idle server").isLessThanOrEqualTo(few.polls + IDLE_SECONDS);
            // #54's cap; and no poll per watcher (that would add ~1,000 a second). Not within 10% of 10 pages' yet: ~3 a second
            // each of EVALSHA (a cached fold's proof on a stream not there), EXISTS and XRANGE more with 1,000 watched games
            assertThat(many.idleRate()).as("Redis commands a second of an idle server, %d pages", MANY)
                    .isLessThanOrEqualTo(few.idleRate() + 13).isLessThanOrEqualTo(IDLE_RATE_CAP);
            assertThat(few.idleRate()).as("Redis commands a second of an idle server, %d pages", FEW).isLessThanOrEqualTo(IDLE_RATE_CAP);
            // a guess woke every watched game of its partition: ~330 more views computed, several commands each
            assertThat(many.guess).as("Redis commands around one scored guess").isLessThanOrEqualTo(few.guess + 130);
            assertThat(pages.withAGameEvent()).isEqualTo(MANY);
        }
    }

    /** An idle window: one period of the board checkpoints ({@link ServerOptions#CHECKPOINT_EVERY}), so that each window holds one. */
    static final int IDLE_SECONDS = (int) ServerOptions.CHECKPOINT_EVERY.toSeconds();

    /** The threads, the idle commands in {@link #IDLE_SECONDS} (the most frequent of them in {@code idleBy}), the XREADs, a guess's commands. */
    record Cost(int threads, long idle, String idleBy, long polls, long guess) {
        double idleRate() {
            return idle / (double) IDLE_SECONDS;
        }
    }

    /** The server's threads, its Redis commands over {@link #IDLE_SECONDS} idle, then around one scored guess in {@code game}. */
    private static Cost cost(AppFixture f, Pages pages, String game) throws Exception {
        AppFixture.sleep(1000); // what the last page's start woke has settled
        int threads = serverThreads();
        Map<String, Long> c0;
        Map<String, Long> c1;
        long lobby;
        int windows = 0;
        do {
            // the lobby's tick (a minute; it reads each of the 20 listed games) is no cost of idle watchers: a window it fell in is measured again
            lobby = f.server.live().lobby().metrics().computes();
            c0 = calls(f);
            AppFixture.sleep(IDLE_SECONDS * 1000L);
            c1 = calls(f);
        } while (f.server.live().lobby().metrics().computes() != lobby && ++windows < 3);
        long idle = 0;
        Map<String, Long> by = new java.util.TreeMap<>();
        for (Map.Entry<String, Long> e : c1.entrySet()) {
            long d = e.getValue() - c0.getOrDefault(e.getKey(), 0L);
            idle += d;
            if (d > 0) {
                by.put(e.getKey(), d);
            }
        }
        long polls = by.getOrDefault("xread", 0L);
        String idleBy = by.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(8)
                .map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(" "));

        var keys = f.app.useCases().games().game(game).keyboard().keys();
        f.awaitScore(game, f.guessId(game, "ada", keys.take(6).mkString())); // ada joins, her first guess: not what is counted
        awaitTold(pages, game, 1);
        AppFixture.sleep(1000);
        int before = pages.gameEvents(game);
        long g0 = calls(f, null);
        f.awaitScore(game, f.guessId(game, "ada", keys.drop(1).take(6).mkString()));
        awaitTold(pages, game, before);
        AppFixture.sleep(1000); // the views it woke computed
        return new Cost(threads, idle, idleBy, polls, calls(f, null) - g0);
    }

    /** Waits (up to 20 s) until the page of {@code game} has more than {@code seen} game events. */
    private static void awaitTold(Pages pages, String game, int seen) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (pages.gameEvents(game) <= seen) {
            assertThat(System.nanoTime()).as("the guess's page told").isLessThan(deadline);
            AppFixture.sleep(20);
        }
    }

    /** Threads of the server: the JVM's, but the test's HTTP client's. */
    private static int serverThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(t -> !t.getName().startsWith("HttpClient-")).count();
    }

    /** Calls of every command so far ({@code INFO commandstats}), by command, {@code INFO}'s left out. */
    private static Map<String, Long> calls(AppFixture f) {
        Matcher m = Pattern.compile("cmdstat_([^:]+):calls=(\\d+)").matcher(f.direct().info("commandstats"));
        Map<String, Long> by = new java.util.HashMap<>();
        while (m.find()) {
            if (!m.group(1).equals("info")) {
                by.put(m.group(1), Long.parseLong(m.group(2)));
            }
        }
        return by;
    }

    /** Calls of {@code command} so far ({@code INFO commandstats}), every command's when null. */
    private static long calls(AppFixture f, String command) {
        Matcher m = Pattern.compile("cmdstat_([^:]+):calls=(\\d+)").matcher(f.direct().info("commandstats"));
        long n = 0;
        while (m.find()) {
            if (command == null || m.group(1).equals(command)) {
                n += Long.parseLong(m.group(2));
            }
        }
        return n;
    }

    /** Pages' event streams, on non-blocking sockets read by one thread: the {@code game} events each got. */
    static final class Pages implements AutoCloseable {
        private final InetSocketAddress server;
        private final Selector selector = Selector.open();
        private final Map<String, Integer> gameEvents = new ConcurrentHashMap<>();
        private final List<SocketChannel> channels = new ArrayList<>();
        private final Thread reader;

        Pages(URI url) throws IOException {
            this.server = new InetSocketAddress(url.getHost(), url.getPort());
            this.reader = new Thread(this::read, "watchers-test-reader");
            reader.setDaemon(true);
            reader.start();
        }

        /**
         * Opens a page on each of {@code games}, each awaited until it has its game's first event: one after the other, or
         * {@code atOnce} (every request sent, then every page awaited).
         */
        void open(List<String> games, boolean atOnce) throws IOException {
            for (String game : games) {
                SocketChannel c = SocketChannel.open(server);
                c.write(ByteBuffer.wrap(("GET /events?game=" + game + " HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII)));
                c.configureBlocking(false);
                synchronized (channels) {
                    channels.add(c);
                }
                selector.wakeup();
                synchronized (this) {
                    pending.add(new Object[] {c, game});
                }
                selector.wakeup();
                if (!atOnce) {
                    await(List.of(game));
                }
            }
            await(games);
        }

        private void await(List<String> games) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (String game : games) {
                while (gameEvents(game) == 0) {
                    assertThat(System.nanoTime()).as("page of %s got its game", game).isLessThan(deadline);
                    AppFixture.sleep(2);
                }
            }
        }

        private final List<Object[]> pending = new ArrayList<>();

        int gameEvents(String game) {
            return gameEvents.getOrDefault(game, 0);
        }

        long withAGameEvent() {
            return gameEvents.values().stream().filter(n -> n > 0).count();
        }

        private void read() {
            ByteBuffer buf = ByteBuffer.allocate(1 << 16);
            try {
                while (selector.isOpen()) {
                    selector.select(200);
                    synchronized (this) {
                        for (Object[] p : pending) {
                            ((SocketChannel) p[0]).register(selector, SelectionKey.OP_READ, new Page((String) p[1]));
                        }
                        pending.clear();
                    }
                    for (SelectionKey k : selector.selectedKeys()) {
                        buf.clear();
                        int n = ((SocketChannel) k.channel()).read(buf);
                        if (n < 0) {
                            k.cancel();
                            continue;
                        }
                        ((Page) k.attachment()).take(new String(buf.array(), 0, n, StandardCharsets.UTF_8));
                    }
                    selector.selectedKeys().clear();
                }
            } catch (IOException | java.nio.channels.ClosedSelectorException closed) {
                // the test is over
            }
        }

        /** One page's stream: counts its {@code game} events (an event line followed by its data). */
        private final class Page {
            final String game;
            String rest = "";

            Page(String game) {
                this.game = game;
            }

            void take(String text) {
                String all = rest + text;
                int i;
                int from = 0;
                while ((i = all.indexOf('\n', from)) >= 0) {
                    if (all.startsWith("event: game", from)) {
                        gameEvents.merge(game, 1, Integer::sum);
                    }
                    from = i + 1;
                }
                rest = all.substring(from);
            }
        }

        @Override
        public void close() throws IOException {
            selector.close();
            synchronized (channels) {
                for (SocketChannel c : channels) {
                    c.close();
                }
            }
        }
    }
}
