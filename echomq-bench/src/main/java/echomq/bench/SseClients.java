package echomq.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Event-stream clients of bench case 14, each its own TCP connection from one of several loopback
 * source addresses (Linux routes all of 127/8 to {@code lo}), all read by one selector thread: a
 * thousand clients cost the bench one thread, not a thousand, so what the server's process holds
 * per client is what is measured. Each client notes when it first saw its stream's event and when
 * it first saw the current marker (a string a new event holds).
 */
final class SseClients implements AutoCloseable {

    /** One client: its connection, the text kept between reads, what it saw and when. */
    private static final class Client {
        final SocketChannel channel;
        String tail = "";
        volatile boolean opened;
        volatile boolean closed;
        volatile long markerSeen;

        Client(SocketChannel channel) {
            this.channel = channel;
        }
    }

    /** Source addresses the clients are spread over. */
    static final int ADDRESSES = 8;

    private final int port;
    private final String request;
    private final String event;
    private final Selector selector;
    private final List<Client> clients = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Queue<Client> pending = new ConcurrentLinkedQueue<>();
    private final Thread reader;
    private volatile String marker;
    private volatile boolean running = true;

    /** Clients of {@code path} on {@code 127.0.0.1:port}; a client is open once it saw {@code event: <event>}. */
    SseClients(int port, String path, String event) throws IOException {
        this.port = port;
        this.request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: text/event-stream\r\n\r\n";
        this.event = "event: " + event;
        this.selector = Selector.open();
        this.reader = new Thread(this::readAll, "sse-clients");
        this.reader.setDaemon(true);
        this.reader.start();
    }

    /** Connects {@code n} more clients, the k-th from 127.0.0.(1 + k mod {@link #ADDRESSES}). */
    void add(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            SocketChannel ch = SocketChannel.open();
            ch.bind(new InetSocketAddress("127.0.0." + (1 + clients.size() % ADDRESSES), 0));
            ch.connect(new InetSocketAddress("127.0.0.1", port));
            ch.write(ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII)));
            ch.configureBlocking(false);
            Client c = new Client(ch);
            clients.add(c);
            pending.add(c);
        }
        selector.wakeup();
    }

    /** Waits up to {@code timeoutMs} until every client saw its first event; how many did. */
    int awaitOpened(long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline && opened() < clients.size()) {
            Thread.sleep(20);
        }
        return opened();
    }

    private int opened() {
        return (int) clients.stream().filter(c -> c.opened).count();
    }

    /** Clients connected so far. */
    int size() {
        return clients.size();
    }

    /** Clients whose connection the server closed. */
    int closed() {
        return (int) clients.stream().filter(c -> c.closed).count();
    }

    /** From now on, every client notes when it first reads {@code text}. */
    void watchFor(String text) {
        clients.forEach(c -> c.markerSeen = 0);
        marker = text;
    }

    /**
     * Waits up to {@code timeoutMs} until every open client read the marker; the milliseconds from
     * {@code sinceNanos} to each that did, sorted; the others are missing from the array.
     */
    double[] awaitMarker(long sinceNanos, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline && clients.stream().anyMatch(c -> !c.closed && c.markerSeen == 0)) {
            Thread.sleep(2);
        }
        return clients.stream().filter(c -> c.markerSeen != 0).mapToDouble(c -> (c.markerSeen - sinceNanos) / 1e6).sorted().toArray();
    }

    private void readAll() {
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        while (running) {
            try {
                for (Client c; (c = pending.poll()) != null; ) {
                    c.channel.register(selector, SelectionKey.OP_READ, c);
                }
                selector.select(100);
                for (SelectionKey key : selector.selectedKeys()) {
                    Client c = (Client) key.attachment();
                    buffer.clear();
                    int read = c.channel.read(buffer);
                    if (read < 0) {
                        c.closed = true;
                        key.cancel();
                        continue;
                    }
                    // ISO-8859-1 maps each byte to one char: the ASCII markers are found whatever UTF-8 surrounds them
                    String text = c.tail + new String(buffer.array(), 0, buffer.position(), StandardCharsets.ISO_8859_1);
                    if (!c.opened && text.contains(event)) {
                        c.opened = true;
                    }
                    String m = marker;
                    if (m != null && c.markerSeen == 0 && text.contains(m)) {
                        c.markerSeen = System.nanoTime();
                    }
                    // keep enough of the end for a marker split across two reads
                    c.tail = text.length() > 256 ? text.substring(text.length() - 256) : text;
                }
                selector.selectedKeys().clear();
            } catch (IOException e) {
                if (running) {
                    System.out.println("   sse client read failed: " + e.getMessage());
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        running = false;
        selector.wakeup();
        try {
            reader.join(5_000); // the channels close after the reader has left the selector
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Client c : clients) {
            c.channel.close();
        }
        selector.close();
    }
}
