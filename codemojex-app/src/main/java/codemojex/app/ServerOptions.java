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
                      Server.Management management, Duration checkpointEvery) {
    public ServerOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(writes, "writes");
        Objects.requireNonNull(reads, "reads");
        Objects.requireNonNull(rooms, "rooms");
        Objects.requireNonNull(management, "management");
        Server.requireCheckpointEvery(checkpointEvery);
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be 0 (a free one) or 1..65535, got " + port);
        }
        if (port != 0 && management.port() == port) {
            throw new IllegalArgumentException("--management-port must differ from --port, both are " + port);
        }
    }

    /** On {@code host:port}, nothing limited, with a score worker, the details on loopback, checkpoints every {@link Server#CHECKPOINT_EVERY}. */
    public static ServerOptions on(String host, int port) {
        return new ServerOptions(host, port, RateLimiter.unlimited(), RateLimiter.unlimited(), RateLimiter.unlimited(), true,
                Server.Management.LOOPBACK, Server.CHECKPOINT_EVERY);
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
    public ServerOptions withManagement(Server.Management management) {
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
}
