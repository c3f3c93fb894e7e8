package echomq.testkit;


import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A {@code redis-server} from {@code PATH} run as a child process, on a free loopback port, without
 * persistence: {@code try (RedisServerProcess r = RedisServerProcess.start()) { … r.uri() … }}.
 * Tests run them, and stop, restart or pause them ({@code CLIENT PAUSE}) to inject faults. Its
 * data and log live in a temporary directory of its own. It can also be made to refuse writes, as a
 * Redis out of memory ({@link #fillMemory()}) or unable to persist ({@link #failPersistence()})
 * does, and to accept them again.
 */
public final class RedisServerProcess implements AutoCloseable {

    /** What a test fails with when there is no Redis to run against: how to install one, or point {@code REDIS_URL} at one. */
    public static final String HOW_TO_INSTALL = "redis-server was not found on PATH and REDIS_URL is not set: "
            + "install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set REDIS_URL=redis://host:port";

    private final int port;
    private final List<String> extraArgs;
    private final Path dir;
    private Process process;

    private RedisServerProcess(int port, List<String> extraArgs) {
        this.port = port;
        this.extraArgs = List.copyOf(extraArgs);
        try {
            this.dir = Files.createTempDirectory("echomq-redis-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts a server and waits until it accepts connections; {@code extraArgs} are more
     * {@code redis-server} options, e.g. {@code "--requirepass", "s3cret"}. It is killed when the JVM exits.
     *
     * @param extraArgs more {@code redis-server} options, after the fixture's own (a later option wins)
     * @return the running server
     * @throws IllegalStateException saying how to install Redis when there is no {@code redis-server},
     *                               or when it exits at start or does not accept connections in 15 s
     */
    public static RedisServerProcess start(String... extraArgs) {
        RedisServerProcess s = startOwned(extraArgs);
        Runtime.getRuntime().addShutdownHook(new Thread(s::stop));
        return s;
    }

    /**
     * As {@link #start}, without a shutdown hook: the caller stops it, in the order its own shutdown
     * needs (a test that stops its workers before their Redis).
     *
     * @param extraArgs more {@code redis-server} options, after the fixture's own
     * @return the running server; {@link #stop()} or {@link #close()} it
     * @throws IllegalStateException as {@link #start} does
     */
    public static RedisServerProcess startOwned(String... extraArgs) {
        for (int tries = 1; ; tries++) {
            RedisServerProcess s = new RedisServerProcess(freePort(), List.of(extraArgs));
            try {
                s.startProcess();
                return s;
            } catch (IllegalStateException e) {
                // the port (or a cluster node's bus port, port + 10000) was taken meanwhile by another
                // process of the machine: another free port
                if (tries >= 5 || !String.valueOf(e.getMessage()).contains("Address already in use")) {
                    throw e;
                }
            }
        }
    }

    /**
     * Starts a server that speaks only TLS on its port ({@code rediss://127.0.0.1:<port>}), with the
     * given PEM certificate, key and CA; clients need not present certificates. It is killed when
     * the JVM exits.
     * <pre>{@code
     * TestCertificates c = TestCertificates.create();
     * RedisServerProcess tls = RedisServerProcess.startTls(c.serverCertificate(), c.serverKey(), c.ca());
     * String uri = "rediss://127.0.0.1:" + tls.port();
     * }</pre>
     *
     * @param cert      the server's certificate (PEM)
     * @param key       the server's private key (PEM)
     * @param ca        the authority's certificate (PEM)
     * @param extraArgs more {@code redis-server} options
     * @return the running server; its {@link #uri()} is the plain one, use {@code rediss://} with {@link #port()}
     * @throws IllegalStateException as {@link #start} does
     */
    public static RedisServerProcess startTls(Path cert, Path key, Path ca, String... extraArgs) {
        int port = freePort();
        List<String> args = new ArrayList<>(List.of("--port", "0", "--tls-port", Integer.toString(port),
                "--tls-cert-file", cert.toString(), "--tls-key-file", key.toString(), "--tls-ca-cert-file", ca.toString(),
                "--tls-auth-clients", "no"));
        args.addAll(List.of(extraArgs));
        RedisServerProcess s = new RedisServerProcess(port, args);
        s.startProcess();
        Runtime.getRuntime().addShutdownHook(new Thread(s::stop));
        return s;
    }

    /**
     * The {@code redis-server} executable on {@code PATH}, if any.
     *
     * @return the first executable {@code redis-server} on {@code PATH}, or empty
     */
    public static Optional<Path> executable() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "redis-server");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * The loopback port it listens on (the TLS port of a TLS server), the same after a restart.
     *
     * @return the port
     */
    public int port() {
        return port;
    }

    /**
     * Where a client connects.
     *
     * @return {@code redis://127.0.0.1:<port>} (add credentials yourself when the server has them)
     */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /**
     * Whether the server's process is alive (a paused server is).
     *
     * @return false after {@link #stop()} or a crash
     */
    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Stops the server at once (SIGKILL, as a crash would); nothing is saved but what its options already wrote. */
    public synchronized void stop() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    /**
     * The server's replication offset ({@code master_repl_offset} of {@code INFO replication}):
     * on a master, how far its replication stream runs; on a replica, how far it has processed its
     * master's. A replica has everything its master wrote once its offset reaches the master's.
     *
     * @return the offset, 0 when it has none yet
     */
    public long replicationOffset() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("master_repl_offset:(\\d+)").matcher(command("INFO", "replication"));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /**
     * Waits until {@code replica} has processed everything this master wrote so far (its
     * replication offset reaches the master's).
     *
     * @param replica a replica of this server
     * @param within  how long to wait
     * @throws IllegalStateException when it has not within {@code within}
     */
    public void awaitCaughtUp(RedisServerProcess replica, java.time.Duration within) {
        long target = replicationOffset();
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() - deadline < 0) {
            if (replica.isRunning() && replica.replicationOffset() >= target) {
                return;
            }
            sleep(20);
        }
        throw new IllegalStateException("the replica on " + replica.port() + " did not reach offset " + target + " of its master on " + port
                + " within " + within + " (it is at " + replica.replicationOffset() + ")");
    }

    /**
     * Pauses the server's process (SIGSTOP), as a machine that hangs or a process starved of CPU
     * does: it answers nothing (clients, its master, its replicas) until {@link #resume()}.
     *
     * @throws IllegalStateException when it is not running or the signal cannot be sent
     */
    public synchronized void pause() {
        signal("STOP");
    }

    /**
     * Lets a paused server go on (SIGCONT); it answers what was sent to it meanwhile.
     *
     * @throws IllegalStateException when it is not running or the signal cannot be sent
     */
    public synchronized void resume() {
        signal("CONT");
    }

    /**
     * The server process's id.
     *
     * @return its pid
     * @throws IllegalStateException when it is not running
     */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException("redis-server on port " + port + " is not running");
        }
        return process.pid();
    }

    private void signal(String signal) {
        long pid = pid();
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
            String out = new String(kill.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed: " + out);
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not send SIG" + signal + " to " + pid + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts the server again on the same port and directory, with the same options: empty, unless
     * those options persist (a {@link RedisClusterProcess} node's append-only file is loaded again).
     *
     * @throws IllegalStateException when it does not start again
     */
    public synchronized void restart() {
        stop();
        startProcess();
    }

    /**
     * Sends one command over a connection of its own (authenticated with the server's
     * {@code --requirepass}, if it was started with one) and answers the reply as text: a status,
     * a bulk string, an integer, or an error prefixed with {@code -}; an array's items one a line.
     * Not for a TLS-only server.
     * <pre>{@code
     * String info = redis.command("INFO", "persistence");
     * }</pre>
     *
     * @param args the command and its arguments
     * @return the reply as text
     * @throws UncheckedIOException when the server cannot be reached
     */
    public String command(String... args) {
        return command(false, args);
    }

    /**
     * As {@link #command}, on a connection that said {@code READONLY} first: what a cluster
     * replica asks of a client before it serves it a read of its own data (it redirects others
     * to its master); a server that is not a cluster's node answers as {@link #command} does.
     * <pre>{@code
     * String entries = replica.readOnly("XRANGE", key, "-", "+");
     * }</pre>
     *
     * @param args the read and its arguments
     * @return the reply as text
     * @throws UncheckedIOException when the server cannot be reached
     */
    public String readOnly(String... args) {
        return command(true, args);
    }

    private String command(boolean readOnly, String... args) {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2000);
            s.setSoTimeout(10_000);
            java.io.OutputStream out = s.getOutputStream();
            java.io.BufferedInputStream in = new java.io.BufferedInputStream(s.getInputStream());
            int pass = extraArgs.indexOf("--requirepass");
            if (pass >= 0 && pass + 1 < extraArgs.size()) {
                out.write(resp(List.of("AUTH", extraArgs.get(pass + 1))));
                readReply(in);
            }
            if (readOnly) {
                out.write(resp(List.of("READONLY")));
                readReply(in); // an error on a server outside a cluster: the read is served all the same
            }
            out.write(resp(List.of(args)));
            out.flush();
            return readReply(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * How many times the server ran {@code command} since it started or since {@code CONFIG RESETSTAT}
     * ({@code INFO commandstats}).
     * <pre>{@code
     * server.command("CONFIG", "RESETSTAT");
     * ... a read ...
     * long pages = server.calls("xrange");
     * }</pre>
     *
     * @param command the command's name as {@code INFO commandstats} gives it, lower case ({@code xrange})
     * @return the count, 0 when the server has not run it
     */
    public long calls(String command) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("cmdstat_" + java.util.regex.Pattern.quote(command) + ":calls=(\\d+)")
                .matcher(command("INFO", "commandstats"));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /**
     * Makes the server refuse writes as a Redis whose memory is full does: {@code maxmemory} of one
     * byte under {@code noeviction}, so every command that may grow the data set (and every script
     * that declares writes) is answered {@code OOM command not allowed when used memory >
     * 'maxmemory'}; reads are served. {@link #freeMemory()} undoes it.
     *
     * @throws IllegalStateException when the server refuses the configuration
     */
    public void fillMemory() {
        require(command("CONFIG", "SET", "maxmemory-policy", "noeviction", "maxmemory", "1"));
    }

    /**
     * Gives the server its memory back ({@code maxmemory 0}, no limit): writes are accepted again.
     *
     * @throws IllegalStateException when the server refuses the configuration
     */
    public void freeMemory() {
        require(command("CONFIG", "SET", "maxmemory", "0"));
    }

    /**
     * Makes the server refuse writes as a Redis whose disk failed does: a save point is set, the
     * server's directory is moved to one that is then deleted, and a {@code BGSAVE} fails there, so
     * that every write command (and {@code PING}) is answered {@code MISCONF …} (the server stops
     * writes on a failed background save); reads are served. Waits for the failed save.
     * {@link #restorePersistence()} undoes it.
     *
     * @throws IllegalStateException when the server refuses the configuration or the save did not fail
     */
    public void failPersistence() {
        Path gone;
        try {
            gone = Files.createTempDirectory(dir, "gone-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        require(command("CONFIG", "SET", "save", "3600 1", "stop-writes-on-bgsave-error", "yes", "dir", gone.toString()));
        try {
            Files.delete(gone);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        saveAndWaitFor("err");
    }

    /**
     * Gives the server a directory it can write again and saves there once, successfully: writes
     * are accepted again (as after an operator freed the disk). The save point is removed.
     *
     * @throws IllegalStateException when the server refuses the configuration or the save failed
     */
    public void restorePersistence() {
        require(command("CONFIG", "SET", "dir", dir.toString()));
        saveAndWaitFor("ok");
        require(command("CONFIG", "SET", "save", ""));
    }

    /** Starts a {@code BGSAVE} and waits until it is over with {@code status} ({@code ok} or {@code err}). */
    private void saveAndWaitFor(String status) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        String started = command("BGSAVE");
        if (started.startsWith("-") && !started.contains("in progress")) {
            throw new IllegalStateException("BGSAVE refused: " + started);
        }
        while (System.nanoTime() < deadline) {
            String info = command("INFO", "persistence");
            if (info.contains("rdb_bgsave_in_progress:0") && info.contains("rdb_last_bgsave_status:" + status)) {
                return;
            }
            sleep(20);
        }
        throw new IllegalStateException("the background save did not end with " + status + ": " + command("INFO", "persistence"));
    }

    private static void require(String reply) {
        if (reply.startsWith("-")) {
            throw new IllegalStateException("redis-server refused: " + reply);
        }
    }

    private static byte[] resp(List<String> args) {
        StringBuilder b = new StringBuilder("*").append(args.size()).append("\r\n");
        for (String a : args) {
            byte[] bytes = a.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            b.append('$').append(bytes.length).append("\r\n").append(a).append("\r\n");
        }
        return b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String readReply(java.io.InputStream in) throws IOException {
        String line = readLine(in);
        if (line.isEmpty()) {
            throw new IOException("the connection closed");
        }
        char type = line.charAt(0);
        String rest = line.substring(1);
        switch (type) {
            case '+', ':' -> {
                return rest;
            }
            case '-' -> {
                return line;
            }
            case '$' -> {
                int n = Integer.parseInt(rest);
                if (n < 0) {
                    return "";
                }
                byte[] bytes = in.readNBytes(n + 2);
                return new String(bytes, 0, n, java.nio.charset.StandardCharsets.UTF_8);
            }
            case '*' -> {
                int n = Integer.parseInt(rest);
                List<String> items = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    items.add(readReply(in));
                }
                return String.join("\n", items);
            }
            default -> throw new IOException("unexpected reply " + line);
        }
    }

    private static String readLine(java.io.InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c; (c = in.read()) != -1; ) {
            if (c == '\r') {
                in.read(); // the \n
                return b.toString();
            }
            b.append((char) c);
        }
        return b.toString();
    }

    /** Stops the server, as {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    private synchronized void startProcess() {
        Path exe = executable().orElseThrow(() -> new IllegalStateException(HOW_TO_INSTALL));
        List<String> cmd = new ArrayList<>(List.of(exe.toString(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no",
                "--dir", dir.toString(), "--logfile", "", "--enable-protected-configs", "local"));
        cmd.addAll(extraArgs);
        Path log = dir.resolve("redis.log");
        try {
            process = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + exe + ": " + e.getMessage(), e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server exited at start: " + tail(log));
            }
            if (ready()) {
                return;
            }
            sleep(25);
        }
        stop();
        throw new IllegalStateException("redis-server did not accept connections on port " + port + ": " + tail(log));
    }

    /**
     * Whether the server accepts connections and has loaded its data: a raw PING answered with
     * anything but {@code -LOADING} ({@code -NOAUTH} counts: a password is the caller's business).
     * A TLS-only port accepts the connection and that is all a plain probe can tell.
     */
    private boolean ready() {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            if (extraArgs.contains("--tls-port")) {
                return true;
            }
            s.setSoTimeout(1000);
            s.getOutputStream().write("PING\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            byte[] reply = new byte[64];
            int n = s.getInputStream().read(reply);
            return n > 0 && !new String(reply, 0, n, java.nio.charset.StandardCharsets.US_ASCII).startsWith("-LOADING");
        } catch (IOException notYet) {
            return false;
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Sleeps, or fails with the interrupt kept (the cluster fixture waits with it too). */
    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * A port that was free a moment ago on loopback.
     *
     * @return the port (another process may take it before it is used)
     * @throws UncheckedIOException when no socket can be opened
     */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
