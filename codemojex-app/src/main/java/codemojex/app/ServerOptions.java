package codemojex.app;

import codemojex.app.http.RateLimiter;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How a server runs: where it listens, how clients are limited, whether it scores, where the
 * details are served and how often the boards are checkpointed. Start from {@link #on} and
 * change what differs: {@code ServerOptions.on("127.0.0.1", 0).withRates(20, 50, 10, clock).withoutWorker()}.
 *
 * @param host            the address the API listens on
 * @param port            its port, 0 for a free one
 * @param writes          joins and guesses per client
 * @param reads           API reads per client
 * @param rooms           rooms opened per client
 * @param worker          whether the score workers run in this process
 * @param management      where the detailed {@code /health} and {@code /metrics} are served
 * @param checkpointEvery how often every game's board is checkpointed (the first that long after the start), 1s..1d
 */
public record ServerOptions(String host, int port, RateLimiter writes, RateLimiter reads, RateLimiter rooms, boolean worker,
                      Management management, Duration checkpointEvery) {
    public ServerOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(writes, "writes");
        Objects.requireNonNull(reads, "reads");
        Objects.requireNonNull(rooms, "rooms");
        Objects.requireNonNull(management, "management");
        requireCheckpointEvery(checkpointEvery);
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be 0 (a free one) or 1..65535, got " + port);
        }
        if (port != 0 && management.port() == port) {
            throw new IllegalArgumentException("--management-port must differ from --port, both are " + port);
        }
    }

    /** On {@code host:port}, nothing limited, with a score worker, the details on loopback, checkpoints every {@link #CHECKPOINT_EVERY}. */
    public static ServerOptions on(String host, int port) {
        return new ServerOptions(host, port, RateLimiter.unlimited(), RateLimiter.unlimited(), RateLimiter.unlimited(), true,
                Management.LOOPBACK, CHECKPOINT_EVERY);
    }

    /** These options with joins and guesses limited by {@code writes}. */
    public ServerOptions withWrites(RateLimiter writes) {
        return new ServerOptions(host, port, writes, reads, rooms, worker, management, checkpointEvery);
    }

    /** These options with API reads limited by {@code reads}. */
    public ServerOptions withReads(RateLimiter reads) {
        return new ServerOptions(host, port, writes, reads, rooms, worker, management, checkpointEvery);
    }

    /** These options with rooms opened limited by {@code rooms}. */
    public ServerOptions withRooms(RateLimiter rooms) {
        return new ServerOptions(host, port, writes, reads, rooms, worker, management, checkpointEvery);
    }

    /**
     * These options with at most {@code guessesPerSecond} joins and guesses and {@code readsPerSecond}
     * API reads per client, in bursts of twice that, and {@code roomsPerMinute} rooms opened, in bursts
     * of half that (0 or less: no limit), timed by {@code clock}.
     */
    public ServerOptions withRates(double guessesPerSecond, double readsPerSecond, double roomsPerMinute, Clock clock) {
        return withWrites(limiter(RateLimiter.WRITES, guessesPerSecond, clock)).withReads(limiter("reads", readsPerSecond, clock))
                .withRooms(rooms(roomsPerMinute, clock));
    }

    /** These options without a score worker in this process. */
    public ServerOptions withoutWorker() {
        return new ServerOptions(host, port, writes, reads, rooms, false, management, checkpointEvery);
    }

    /** These options with the details served on {@code management}. */
    public ServerOptions withManagement(Management management) {
        return new ServerOptions(host, port, writes, reads, rooms, worker, management, checkpointEvery);
    }

    /** These options with the boards checkpointed every {@code every}. */
    public ServerOptions withCheckpointEvery(Duration every) {
        return new ServerOptions(host, port, writes, reads, rooms, worker, management, every);
    }

    /** {@code perMinute} rooms a minute per client, in bursts of half a minute's (at least one); 0 or less: no limit. */
    public static RateLimiter rooms(double perMinute, Clock clock) {
        return perMinute <= 0 ? RateLimiter.unlimited()
                : new RateLimiter("rooms", perMinute / 60.0, (int) Math.max(1, Math.ceil(perMinute / 2)), clock);
    }

    private static RateLimiter limiter(String what, double perSecond, Clock clock) {
        return perSecond <= 0 ? RateLimiter.unlimited() : new RateLimiter(what, perSecond, (int) Math.max(1, perSecond * 2), clock);
    }

    /** How often {@code serve} checkpoints every game's board unless told otherwise (so that retention can remove what the checkpoint holds). */
    public static final Duration CHECKPOINT_EVERY = Duration.ofSeconds(10);

    /**
     * Where the detailed {@code /health} and {@code /metrics} are served: an address and a port of
     * their own, apart from the public API's (as Spring Boot Actuator's management port).
     *
     * @param host the address to listen on; loopback by default, so only the host itself (a
     *             scraper, an operator's shell, a sidecar) reads them
     * @param port the port, 0 for a free one
     */
    public record Management(String host, int port) {
        /** Loopback, a free port: what {@code serve} does without {@code --management-port}. */
        public static final Management LOOPBACK = new Management("127.0.0.1", 0);

        public Management {
            Objects.requireNonNull(host, "host");
            if (host.isBlank()) {
                throw new IllegalArgumentException("--management-host must be an address, got nothing");
            }
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("--management-port must be 0 (a free one) or 1..65535, got " + port);
            }
        }
    }

    /** The shortest and the longest time between two board checkpoints. */
    public static final Duration CHECKPOINT_EVERY_MIN = Duration.ofSeconds(1);
    public static final Duration CHECKPOINT_EVERY_MAX = Duration.ofDays(1);

    /**
     * {@code every}, when it is a period of board checkpoints: {@link #CHECKPOINT_EVERY_MIN} (a fold of
     * the tail per second at most) to {@link #CHECKPOINT_EVERY_MAX} (retention keeps what no checkpoint
     * holds yet, so a rarer one would hold the log back for longer).
     *
     * @throws IllegalArgumentException naming the value otherwise
     */
    public static Duration requireCheckpointEvery(Duration every) {
        Objects.requireNonNull(every, "checkpointEvery");
        if (every.compareTo(CHECKPOINT_EVERY_MIN) < 0 || every.compareTo(CHECKPOINT_EVERY_MAX) > 0) {
            throw new IllegalArgumentException("checkpoint-every must be 1s..1d, got " + every);
        }
        return every;
    }

}
