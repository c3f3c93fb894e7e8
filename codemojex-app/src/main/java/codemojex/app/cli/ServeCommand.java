package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.KeepPass;
import codemojex.app.Server;
import codemojex.app.ServerOptions;
import codemojex.app.core.DurationFields;
import codemojex.app.core.GameKeeping;
import echomq.domain.stream.Durability;
import echomq.engine.retention.RetentionDriver;
import io.vavr.collection.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run the HTTP API, the web page and the score worker until interrupted.")
final class ServeCommand implements Runnable {

    @Mixin
    RedisOption redis;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "address to listen on (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", defaultValue = "8080", description = "port to listen on, 0 for a free one (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--management-port", defaultValue = "0", paramLabel = "PORT",
            description = "port of the detailed /health and of /metrics (the public port's /health says only UP), "
                    + "0 for a free one, said at start (default: ${DEFAULT-VALUE})")
    int managementPort;

    @Option(names = "--management-host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "address the management port listens on: loopback, so that only this host reads it, unless told "
                    + "otherwise (default: ${DEFAULT-VALUE})")
    String managementHost;

    @Option(names = "--guess-rate", defaultValue = "20", description = "joins and guesses per second per client address, more than 0 (default: ${DEFAULT-VALUE})")
    double rate;

    @Option(names = "--read-rate", defaultValue = "50",
            description = "API reads (board, feed, results, guesses, event streams) per second per client address, 0 for no limit "
                    + "(default: ${DEFAULT-VALUE})")
    double readRate;

    @Option(names = "--room-rate", defaultValue = "10", paramLabel = "PER_MINUTE",
            description = "rooms opened (POST /rooms) a minute per client address, in bursts of half that (at least one), "
                    + "more than 0 and at most " + MAX_ROOM_RATE + " (default: ${DEFAULT-VALUE})")
    double roomRate;

    /** The most rooms a minute {@code --room-rate} allows a client address: ten a second. */
    static final int MAX_ROOM_RATE = 600;

    @Option(names = "--ephemeral", description = "run the app's own Redis without persistence: nothing is kept after it stops")
    boolean ephemeral;

    @Option(names = "--no-worker", description = "serve the API and the page only: guesses wait for a score worker elsewhere")
    boolean noWorker;

    @Option(names = "--claim-idle", defaultValue = "30s", paramLabel = "DURATION",
            description = "how long a guess delivered to a silent worker (another instance that died) waits before this one "
                    + "takes it over, at most two --lease periods, e.g. 30s, 2s (default: ${DEFAULT-VALUE})")
    String claimIdle;

    @Option(names = "--lease", defaultValue = "10s", paramLabel = "DURATION",
            description = "the partition lease: each partition is scored by the one instance holding it, renewed every third of it; "
                    + "a dead instance's partitions are taken over within about 4/3 of it, 50ms..1h (default: ${DEFAULT-VALUE})")
    String lease;

    @Option(names = "--commit-batch", defaultValue = "100", paramLabel = "N",
            description = "guesses the score worker commits per script call, 1..1000 (default: ${DEFAULT-VALUE})")
    int commitBatch;

    @Option(names = "--partitions", paramLabel = "P",
            description = "spread the games over P partitions (1..16), each its own hash slot, so a Redis Cluster shares them out; "
                    + "fixed by the first instance on a Redis: every other must give the same P or leave it out "
                    + "(default: what the Redis holds, 1 on a new one)")
    Integer partitions;

    @Option(names = "--session-ttl", defaultValue = "12h", paramLabel = "DURATION",
            description = "how long a player's session lasts after joining a game, e.g. 12h, 30m (default: ${DEFAULT-VALUE})")
    String sessionTtl;

    @Option(names = "--keep", defaultValue = "30d", paramLabel = "DURATION",
            description = "how long a game is kept after its last guess, and what every channel was sent: a game idle that long "
                    + "is ended (closed first when open; its state removed, one small record of it kept: its result and final "
                    + "board), and every channel trimmed to the last DURATION, never past what a reader needs (the score "
                    + "workers' guesses not yet acknowledged, every game's board checkpoint) (default: ${DEFAULT-VALUE})")
    String keep;

    @Option(names = "--trim-every", defaultValue = "10m", paramLabel = "DURATION",
            description = "how often --keep ends idle games and trims the channels, 1s..1d (default: ${DEFAULT-VALUE})")
    String trimEvery;

    @Option(names = "--checkpoint-every", defaultValue = "10s", paramLabel = "DURATION",
            description = "how often every game's board is checkpointed (a restart folds only what came after; retention keeps "
                    + "what no checkpoint holds yet), 1s..1d, e.g. 10s, 1m (default: ${DEFAULT-VALUE})")
    String checkpointEvery;

    @Option(names = "--chart-bucket", defaultValue = "1m", paramLabel = "DURATION",
            description = "the live chart's bucket, each pushed on /feed/events as it closes, 1s..1d, e.g. 1m, 2s (default: ${DEFAULT-VALUE})")
    String chartBucket;

    @Option(names = "--durability", defaultValue = "none", paramLabel = "none|replicated|replicated-fsync",
            description = "when a write is acknowledged: none, as Redis answers (a write a master had not yet sent its replicas dies with "
                    + "it); replicated, once --replicas replicas hold it (WAIT), each guess answered 202, each score commit, room "
                    + "opened, join and kept Idempotency-Key answer; replicated-fsync, once they wrote it to their append-only files "
                    + "(WAITAOF, Redis 7.2+; WAIT on an older Redis). A write the replicas do not acknowledge within "
                    + "--durability-timeout is a 503 to retry with the same Idempotency-Key (default: ${DEFAULT-VALUE})")
    String durability;

    @Option(names = "--replicas", defaultValue = "1", paramLabel = "N",
            description = "with --durability replicated: how many replicas must hold a write, 1..100 (default: ${DEFAULT-VALUE})")
    int replicas;

    @Option(names = "--durability-timeout", defaultValue = "1s", paramLabel = "DURATION",
            description = "with --durability replicated: how long a write waits for its replicas, 1ms..4s (below the Redis "
                    + "client's command timeout) (default: ${DEFAULT-VALUE})")
    String durabilityTimeout;

    /** The longest --durability-timeout: below the Redis clients' command timeouts (Jedis' 5 s), which would cut a WAIT. */
    static final Duration MAX_DURABILITY_TIMEOUT = Duration.ofSeconds(4);

    private static final Logger log = LoggerFactory.getLogger(ServeCommand.class);

    /** What a retention run did: the entries each trim removed and who held it back, or why it failed. */
    static void logTrims(List<RetentionDriver.Outcome> outcomes) {
        for (RetentionDriver.Outcome o : outcomes) {
            String held = o.holds().isEmpty() ? "" : " (held back by " + o.holds().map(h -> h.reader()).mkString(", ") + ")";
            if (o.removed().isLeft()) {
                log.warn("could not trim {}: {}; tried again at the next run", o.trim().stream(), o.removed().getLeft().getMessage());
            } else if (o.removed().get() > 0 || !o.holds().isEmpty()) {
                log.info("trimmed {}: {} entries removed{}", o.trim().stream(), o.removed().get(), held);
            }
        }
    }

    /** What a pass of --keep did: the games it ended, and the trims. */
    static void logPass(KeepPass.Report r) {
        if (!r.ended().isEmpty()) {
            log.info("ended {} games idle for --keep ({} closed unsolved)", r.ended().size(),
                    r.ended().count(e -> e instanceof GameKeeping.End.Close));
        }
        logTrims(r.trims());
    }

    @Override
    public void run() {
        // every option checked before anything starts: a bad one is a startup error naming it
        Duration chart = DurationFields.parse("chart-bucket", chartBucket, Duration.ofSeconds(1), Duration.ofDays(1));
        Duration ttl = DurationFields.parse("session-ttl", sessionTtl, Duration.ofSeconds(1), DurationFields.MAX);
        Duration checkpoints = DurationFields.parse("checkpoint-every", checkpointEvery, ServerOptions.CHECKPOINT_EVERY_MIN, ServerOptions.CHECKPOINT_EVERY_MAX);
        Duration idle = DurationFields.parse("claim-idle", claimIdle);
        Duration leaseFor = DurationFields.parse("lease", lease, Duration.ofMillis(50), Duration.ofHours(1));
        if (idle.isZero()) {
            // zero would take every delivered guess away from the worker that is scoring it
            throw new IllegalArgumentException("--claim-idle must be more than 0, got " + claimIdle);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            // 0 once meant no limit without saying so: joins and guesses are always limited
            throw new IllegalArgumentException("--guess-rate must be a number of guesses per second more than 0, got " + rate);
        }
        if (!(readRate >= 0) || Double.isInfinite(readRate)) {
            throw new IllegalArgumentException("--read-rate must be 0 (no limit) or a number of reads per second more than 0, got " + readRate);
        }
        if (!(roomRate > 0) || !(roomRate <= MAX_ROOM_RATE)) {
            // rooms are always limited: a flood of empty rooms would push every played game out of the lobby
            throw new IllegalArgumentException("--room-rate must be a number of rooms a minute more than 0 and at most " + MAX_ROOM_RATE
                    + ", got " + roomRate);
        }
        Duration waitFor = DurationFields.parse("durability-timeout", durabilityTimeout, Duration.ofMillis(1), MAX_DURABILITY_TIMEOUT);
        Durability durable;
        try {
            durable = Durability.of(durability, replicas, waitFor);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--durability " + durability + " --replicas " + replicas + ": " + e.getMessage(), e);
        }
        if (durable.replication().isDefined() && (ephemeral || !redis.given())) {
            // the app's own Redis has no replica: every write would wait in vain and be answered 503
            throw new IllegalArgumentException("--durability " + durability + " needs a Redis with replicas (--redis or REDIS_URL): "
                    + "the app's own Redis has none");
        }
        Duration kept = DurationFields.parse("keep", keep, Duration.ofSeconds(1), DurationFields.MAX);
        Duration every = DurationFields.parse("trim-every", trimEvery, Duration.ofSeconds(1), Duration.ofDays(1));
        // checked before any Redis is reached
        ServerOptions options = ServerOptions.on(host, port).withManagement(new ServerOptions.Management(managementHost, managementPort))
                .withCheckpointEvery(checkpoints);
        options = noWorker ? options.withoutWorker() : options;
        Codemojex app = redis.serve(ephemeral, s -> {
            s.claimIdle(idle).lease(leaseFor).commitBatch(commitBatch).sessionTtl(ttl).chartBucket(chart).durability(durable);
            return partitions == null ? s : s.partitions(partitions);
        });
        Server server;
        try {
            server = Server.start(app, options.withRates(rate, readRate, roomRate, app.clock()));
        } catch (RuntimeException e) {
            app.close(); // an embedded Redis must not outlive a server that could not start
            throw e;
        }
        ScheduledExecutorService retention = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "retention");
            t.setDaemon(true);
            return t;
        });
        app.keepPass(kept, every, ServeCommand::logPass).start(retention, every);
        durable.replication().forEach(r -> System.out.println("Acknowledging each write once " + r.replicas() + " replica(s) hold it, "
                + "waiting at most " + r.timeoutMillis() + " ms (--durability " + durability + "): a write they do not acknowledge is a 503 to retry"));
        System.out.println("Keeping " + DurationFields.format(kept) + " after a game's last guess and of every channel, every "
                + DurationFields.format(every) + ": idle games ended (their record kept), channels trimmed never past what a reader "
                + "needs (the score workers' guesses not yet acknowledged, every game's board checkpoint)");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            retention.shutdownNow();
            server.close();
            app.close();
            stopped.countDown();
        }, "shutdown"));
        System.out.println("Codemojex is serving at http://" + host + ":" + server.port() + "/  (Ctrl-C to stop); /health and /metrics at http://"
                + managementHost + ":" + server.managementPort() + "/");
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
