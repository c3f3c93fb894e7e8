package echomq.wire;

/**
 * Where the library's Lua scripts live (resources beside this class), each documenting its KEYS
 * and ARGV: {@code checkpoint-save.lua}, {@code stream-observe.lua}, {@code server-time.lua}, and the partition leases' {@code lease-acquire.lua}, {@code lease-release.lua}, {@code lease-read.lua}, {@code members-beat.lua}, {@code members-leave.lua}, and a rollup's {@code rollup-append.lua}. Each adapter runs them
 * through its own client, by SHA-1 first.
 * <p>
 * A script that writes starts with the shebang {@code #!lua} (Redis 7), which declares it a
 * writing script: a Redis that refuses writes (out of memory under {@code noeviction}, or unable to
 * persist: {@code MISCONF}) refuses it whole, before it runs, with the same {@code OOM} or
 * {@code MISCONF} error a plain write gets. A script without one would be refused only at its first
 * command that grows memory, and one whose first write does not (a {@code DEL}, an {@code XACK})
 * would then run through, past {@code maxmemory}. Read-only scripts have no shebang: they are
 * served while writes are refused, as every read is.
 */
public final class Scripts {

    /** The checkpoint save: proves the stored checkpoint is not further in the same history, then replaces it. */
    public static final String CHECKPOINT_SAVE = "checkpoint-save.lua";

    /** {@code XINFO STREAM} and a probe {@code XRANGE}, at one instant. */
    public static final String STREAM_OBSERVE = "stream-observe.lua";

    /** {@code TIME} on the node of a key's slot. */
    public static final String SERVER_TIME = "server-time.lua";

    /** A partition's lease acquired or renewed, its fencing epoch incremented on a change of owner. */
    public static final String LEASE_ACQUIRE = "lease-acquire.lua";

    /** A partition's lease let go of by its owner. */
    public static final String LEASE_RELEASE = "lease-release.lua";

    /** A partition's lease as stored (read-only). */
    public static final String LEASE_READ = "lease-read.lua";

    /** A member's heartbeat, answering the live members. */
    public static final String MEMBERS_BEAT = "members-beat.lua";

    /** A member's clean leave. */
    public static final String MEMBERS_LEAVE = "members-leave.lua";

    /** An entry appended at the caller's id, or the stream's top answered when the id is not above it. */
    public static final String ROLLUP_APPEND = "rollup-append.lua";

    private Scripts() {
    }
}
