package echomq.wire;

import java.util.List;

/**
 * What both adapters send to wait for a write's replicas, and how they read whether the server
 * can: {@code WAIT numreplicas timeout} (every Redis), {@code WAITAOF numlocal numreplicas timeout}
 * (Redis 7.2 and later; asked for with {@link echomq.domain.stream.Durability.Replicated#fsync()},
 * and replaced by {@code WAIT} on a server without it, found by {@code COMMAND INFO WAITAOF}).
 * Either must run on the connection that wrote, after the writes, and on the master that took them
 * (Redis counts the replicas that acknowledged all that connection wrote); neither can run inside a
 * Lua script.
 */
public final class Waits {

    /** The command that waits for the replicas' acknowledgement in memory. */
    public static final String WAIT = "WAIT";
    /** The command that waits for the replicas' (and the master's) append-only file fsync, Redis 7.2+. */
    public static final String WAITAOF = "WAITAOF";

    private Waits() {
    }

    /**
     * Whether a {@code COMMAND INFO <name>} reply describes the command: Redis answers an array
     * of one item per name asked, nil for a command it does not have.
     *
     * @param reply the raw reply (a list, as either client hands it)
     * @return whether the one command asked about exists
     */
    public static boolean knowsCommand(Object reply) {
        return reply instanceof List<?> items && !items.isEmpty() && items.get(0) instanceof List<?> info && !info.isEmpty();
    }
}
