package echomq.wire;

import java.util.List;
import java.util.Objects;

/**
 * The creation of a consumer group, whatever the client: what {@code XGROUP CREATE} carries and
 * which of its errors means the group is there already. Both adapters' {@code ensure()} send
 * {@link #create(String, String)} and pass a failure through {@link #alreadyExists(Throwable)}:
 * <pre>{@code
 * try {
 *     send("XGROUP", Xgroup.create(key, group));
 * } catch (RuntimeException e) {
 *     if (!Xgroup.alreadyExists(e)) {
 *         throw e;
 *     }
 * }
 * }</pre>
 */
public final class Xgroup {

    private Xgroup() {
    }

    /**
     * The arguments of {@code XGROUP} that create {@code group} on {@code key}, reading from the
     * start, and the stream with it if there is none: {@code CREATE key group 0 MKSTREAM}. The key
     * is the second.
     *
     * @param key   the stream's key
     * @param group the group's name
     * @return {@code [CREATE, key, group, 0, MKSTREAM]}
     * @throws NullPointerException when either is null
     */
    public static List<String> create(String key, String group) {
        return List.of("CREATE", Objects.requireNonNull(key, "key"), Objects.requireNonNull(group, "group"), "0", "MKSTREAM");
    }

    /**
     * Whether {@code failure} of a {@link #create(String, String)} says the group exists already
     * (the server's {@code BUSYGROUP} error), which creation ignores.
     *
     * @param failure a client's failure
     * @return whether it is a {@code BUSYGROUP} error
     */
    public static boolean alreadyExists(Throwable failure) {
        return failure != null && String.valueOf(failure.getMessage()).startsWith("BUSYGROUP");
    }
}
