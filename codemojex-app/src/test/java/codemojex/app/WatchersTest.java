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
 * connections (the page's {@code /events?game=}), read by one thread of the test. Between 10 and 300
 * pages the server's threads do not grow (a started stream holds no thread; no follower per game), nor
 * the Redis commands of an idle server (no poll per watcher: one per followed stream), and a guess in
 * one game wakes that game's view only: its Redis commands do not grow with the games watched.
 * Counts are compared, not times; every wait is bounded.
 */
class WatchersTest {

    static final int FEW = 10;
    static final int MANY = 300;

    @Test
    void threadsIdleCommandsAndAGuessCostTheSameForTenPagesAndThreeHundred() throws Exception {
        try (AppFixture f = new AppFixture(); Pages pages = new Pages(URI.create(f.server.url()))) {
            List<String> games = new ArrayList<>();
            for (int i = 0; i < MANY; i++) {
                games.add(f.app.play().open("watched-" + (i % 20)).game());
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

            System.out.printf("[watchers] %d pages: %d threads, %d idle Redis commands (%d XREAD) in %d s, %d for a scored guess;"
                            + " %d pages: %d threads, %d idle (%d XREAD), %d for a scored guess%n", FEW, few.threads, few.idle, few.polls,
                    IDLE_SECONDS, few.guess, MANY, many.threads, many.idle, many.polls, many.guess);
            // a thread per page, or a follower (a thread and a poll) per game, would add ~290 of each
            assertThat(many.threads).as("server threads with %d pages against %d", MANY, FEW).isLessThanOrEqualTo(few.threads + 8);
            assertThat(many.polls).as("XREAD calls of an idle server").isLessThanOrEqualTo(few.polls + IDLE_SECONDS);
            // the lobby's minute tick may fall in one window: up to 2 x 20 listed games read, 3 commands each
            assertThat(many.idle).as("Redis commands of an idle server").isLessThanOrEqualTo(few.idle + 130);
            // a guess woke every watched game of its partition: ~290 more views computed, several commands each
            assertThat(many.guess).as("Redis commands around one scored guess").isLessThanOrEqualTo(few.guess + 130);
            assertThat(pages.withAGameEvent()).isEqualTo(MANY);
        }
    }

    static final int IDLE_SECONDS = 3;

    record Cost(int threads, long idle, long polls, long guess) {
    }

    /** The server's threads, its Redis commands over {@link #IDLE_SECONDS} idle, then around one scored guess in {@code game}. */
    private static Cost cost(AppFixture f, Pages pages, String game) throws Exception {
        AppFixture.sleep(1000); // what the last page's start woke has settled
        int threads = serverThreads();
        long c0 = calls(f, null);
        long x0 = calls(f, "xread");
        AppFixture.sleep(IDLE_SECONDS * 1000L);
        long idle = calls(f, null) - c0;
        long polls = calls(f, "xread") - x0;

        var keys = f.app.play().game(game).keyboard().keys();
        f.awaitScore(game, f.guessId(game, "ada", keys.take(6).mkString())); // ada joins, her first guess: not what is counted
        awaitTold(pages, game, 1);
        AppFixture.sleep(1000);
        int before = pages.gameEvents(game);
        long g0 = calls(f, null);
        f.awaitScore(game, f.guessId(game, "ada", keys.drop(1).take(6).mkString()));
        awaitTold(pages, game, before);
        AppFixture.sleep(1000); // the views it woke computed
        return new Cost(threads, idle, polls, calls(f, null) - g0);
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
