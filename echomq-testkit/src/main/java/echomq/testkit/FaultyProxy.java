package echomq.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on a loopback port that forwards every connection to a target port on loopback, and
 * injects network faults on demand: {@link #cutAll()} closes every open connection at once (as a
 * broken link does), {@link #refuseFor(Duration)} resets every new connection for a while (a
 * server unreachable), {@link #delayFor(Duration, Duration)} holds every chunk forwarded, in either
 * direction, for a while (a slow link), {@link #cutNextReplies(String, int)} lets a command through to
 * the server and then cuts its connection instead of forwarding the reply (a reply lost: the command
 * was applied, the client cannot know). Put one between a client and its Redis:
 * <pre>{@code
 * try (FaultyProxy proxy = FaultyProxy.start(redis.port())) {
 *     String uri = proxy.uri(); // the client connects here
 *     proxy.cutAll();
 * }
 * }</pre>
 * Each connection is forwarded by two daemon threads, one per direction.
 */
public final class FaultyProxy implements AutoCloseable {

    private final int targetPort;
    private final ServerSocket server;
    private final Set<Link> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong cut = new AtomicLong();
    private final AtomicLong delayed = new AtomicLong();
    private final AtomicLong repliesCut = new AtomicLong();
    private final java.util.concurrent.atomic.AtomicInteger repliesToCut = new java.util.concurrent.atomic.AtomicInteger();
    private volatile byte[] cutAfter = new byte[0];
    private volatile long refuseUntil;
    private volatile long delayUntil;
    private volatile long delayMillis;
    private volatile boolean closed;

    private FaultyProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "faulty-proxy-" + server.getLocalPort());
        acceptor.setDaemon(true);
    }

    /**
     * Starts a proxy on a free loopback port forwarding to {@code targetPort} on loopback.
     *
     * @param targetPort the loopback port every connection is forwarded to
     * @return the running proxy; {@link #close()} it
     * @throws UncheckedIOException when no server socket can be opened
     */
    public static FaultyProxy start(int targetPort) {
        try {
            FaultyProxy p = new FaultyProxy(targetPort);
            p.acceptor.start();
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The loopback port clients connect to.
     *
     * @return the port
     */
    public int port() {
        return server.getLocalPort();
    }

    /**
     * Where a Redis client connects.
     *
     * @return {@code redis://127.0.0.1:<port>}
     */
    public String uri() {
        return "redis://127.0.0.1:" + port();
    }

    /**
     * Closes every open connection now, both sides (the client reads the end of its stream or a
     * reset); new connections are forwarded as before.
     *
     * @return how many connections were cut
     */
    public int cutAll() {
        int n = 0;
        // A link counts as cut only if this call took it out of the set: its pump threads take it
        // out too when the closing wakes them, and a count of what an iteration happened to see
        // would race with them.
        for (Link link : List.copyOf(open)) {
            if (open.remove(link)) {
                link.close();
                n++;
            }
        }
        cut.addAndGet(n);
        return n;
    }

    /**
     * Resets every connection accepted from now on for {@code duration} (accepted and closed at
     * once with a TCP reset); open connections are left alone.
     *
     * @param duration how long new connections are refused
     */
    public void refuseFor(Duration duration) {
        refuseUntil = System.nanoTime() + duration.toNanos();
    }

    /**
     * Holds every chunk forwarded, in either direction, {@code delay} before it is sent on, for
     * {@code duration} from now.
     *
     * @param delay    how long each chunk is held
     * @param duration how long the link is slow
     */
    public void delayFor(Duration delay, Duration duration) {
        delayMillis = delay.toMillis();
        delayUntil = System.nanoTime() + duration.toNanos();
    }

    /**
     * Cuts the replies to the next {@code n} commands named {@code command} (any case): each such
     * command is forwarded to the server whole, and when the server's reply comes back its
     * connection is closed, both sides, instead (the client sees its connection reset; the command
     * was applied). What else the same reply chunk carried, replies to commands pipelined before it,
     * is lost with it, as on a broken link. {@code n} replaces what was left of an earlier call.
     * <pre>{@code
     * proxy.cutNextReplies("XADD", 3);   // the next three XADDs land, their callers hear nothing
     * }</pre>
     *
     * @param command the command whose replies are cut, e.g. {@code XADD}
     * @param n       how many replies to cut, 0 to stop
     * @throws IllegalArgumentException for a blank command or a negative {@code n}
     */
    public void cutNextReplies(String command, int n) {
        if (command == null || command.isBlank() || command.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("command must be one word, got \"" + command + "\"");
        }
        if (n < 0) {
            throw new IllegalArgumentException("the number of replies to cut must be >= 0, got " + n);
        }
        // a command on the wire (RESP) is an array of bulk strings, its name first: $<length>\r\n<NAME>\r\n
        String upper = command.toUpperCase(java.util.Locale.ROOT);
        cutAfter = ("$" + upper.length() + "\r\n" + upper + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        repliesToCut.set(n);
    }

    /**
     * How many replies are still to be cut ({@link #cutNextReplies}).
     *
     * @return the count left
     */
    public int repliesLeftToCut() {
        return repliesToCut.get();
    }

    /**
     * How many replies {@link #cutNextReplies} cut (each one a connection closed).
     *
     * @return the count since start
     */
    public long repliesCut() {
        return repliesCut.get();
    }

    /** Ends every fault in progress: new connections are forwarded again, chunks without delay, no reply cut. */
    public void heal() {
        refuseUntil = System.nanoTime();
        delayUntil = System.nanoTime();
        repliesToCut.set(0);
    }

    /**
     * How many connections were accepted, refused ones included.
     *
     * @return the count since start
     */
    public long accepted() {
        return accepted.get();
    }

    /**
     * How many connections were reset at accept by {@link #refuseFor(Duration)}.
     *
     * @return the count since start
     */
    public long refused() {
        return refused.get();
    }

    /**
     * How many connections {@link #cutAll()} closed.
     *
     * @return the count since start
     */
    public long cut() {
        return cut.get();
    }

    /**
     * How many chunks were held by {@link #delayFor(Duration, Duration)}.
     *
     * @return the count since start
     */
    public long delayed() {
        return delayed.get();
    }

    /**
     * How many connections are open now.
     *
     * @return the count
     */
    public int openConnections() {
        return open.size();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            accepted.incrementAndGet();
            if (System.nanoTime() - refuseUntil < 0) {
                refused.incrementAndGet();
                try {
                    client.setSoLinger(true, 0); // a reset, not an orderly close
                } catch (SocketException ignored) {
                    // closed anyway
                }
                closeQuietly(client);
                continue;
            }
            Socket target = new Socket();
            try {
                target.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 2000);
                client.setTcpNoDelay(true);
                target.setTcpNoDelay(true);
            } catch (IOException e) {
                closeQuietly(client); // the target is down: so is the connection
                closeQuietly(target);
                continue;
            }
            Link link = new Link(client, target);
            open.add(link);
            pump(link, client, target, "up");
            pump(link, target, client, "down");
        }
    }

    /**
     * One forwarded connection: the client's socket and the proxy's socket to the target; armed once
     * a command whose reply is to be cut was forwarded whole on it.
     */
    private record Link(Socket client, Socket target, java.util.concurrent.atomic.AtomicInteger armed) {
        static final int IDLE = 0;
        static final int WRITING = 1;
        static final int WRITTEN = 2;

        Link(Socket client, Socket target) {
            this(client, target, new java.util.concurrent.atomic.AtomicInteger(IDLE));
        }

        void close() {
            closeQuietly(client);
            closeQuietly(target);
        }
    }

    private void pump(Link link, Socket from, Socket to, String direction) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) != -1; ) {
                    if (System.nanoTime() - delayUntil < 0) {
                        delayed.incrementAndGet();
                        Thread.sleep(delayMillis);
                    }
                    boolean up = from == link.client();
                    if (!up && link.armed().get() != Link.IDLE && takeOneReply()) {
                        // cut only once the command went through whole: its reply (and this chunk) is lost
                        while (link.armed().get() == Link.WRITING) {
                            Thread.onSpinWait();
                        }
                        repliesCut.incrementAndGet();
                        break;
                    }
                    if (!up && link.armed().get() == Link.WRITTEN) {
                        link.armed().compareAndSet(Link.WRITTEN, Link.IDLE); // the budget ran out: this reply passes
                    }
                    boolean arm = up && repliesToCut.get() > 0 && contains(buffer, n, cutAfter);
                    if (arm) {
                        // armed before the write: on loopback the reply can be back before the write call returns
                        link.armed().set(Link.WRITING);
                    }
                    try {
                        out.write(buffer, 0, n);
                        out.flush();
                    } finally {
                        if (arm) {
                            link.armed().set(Link.WRITTEN);
                        }
                    }
                }
            } catch (IOException | InterruptedException e) {
                // cut, or the other side went away
            } finally {
                open.remove(link);
                link.close();
            }
        }, "faulty-proxy-" + port() + "-" + direction);
        t.setDaemon(true);
        t.start();
    }

    /** Takes one reply from the budget of {@link #cutNextReplies}, if any is left. */
    private boolean takeOneReply() {
        for (int left = repliesToCut.get(); left > 0; left = repliesToCut.get()) {
            if (repliesToCut.compareAndSet(left, left - 1)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code buffer[0..n)} holds {@code needle}, ignoring ASCII case. */
    private static boolean contains(byte[] buffer, int n, byte[] needle) {
        if (needle.length == 0) {
            return false;
        }
        outer:
        for (int i = 0; i + needle.length <= n; i++) {
            for (int j = 0; j < needle.length; j++) {
                byte b = buffer[i + j];
                if (b >= 'a' && b <= 'z') {
                    b -= 32;
                }
                if (b != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** Stops accepting and closes every open connection. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Link link : List.copyOf(open)) {
            open.remove(link);
            link.close();
        }
    }
}
