package echomq.wire;

/**
 * Where the library's Lua scripts live (resources beside this class), each documenting its KEYS
 * and ARGV: {@code checkpoint-save.lua}, {@code stream-observe.lua}, {@code server-time.lua}. Each adapter runs them
 * through its own client, by SHA-1 first.
 */
public final class Scripts {

    /** The checkpoint save: proves the stored checkpoint is not further in the same history, then replaces it. */
    public static final String CHECKPOINT_SAVE = "checkpoint-save.lua";

    /** {@code XINFO STREAM} and a probe {@code XRANGE}, at one instant. */
    public static final String STREAM_OBSERVE = "stream-observe.lua";

    /** {@code TIME} on the node of a key's slot. */
    public static final String SERVER_TIME = "server-time.lua";

    private Scripts() {
    }
}
