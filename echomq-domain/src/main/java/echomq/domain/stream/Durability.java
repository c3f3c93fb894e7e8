package echomq.domain.stream;

import io.vavr.control.Option;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * When an append (or any write) is acknowledged: at once, as Redis answers it ({@link #NONE}, the
 * default), or only once {@code n} replicas hold it ({@link #replicated}: {@code WAIT n timeout}
 * sent after the writes on the same connection, to the master that took them). Redis replicates
 * asynchronously, so a write acknowledged at once dies with its master when the master is lost
 * before its replicas received it; a write acknowledged after {@code WAIT} survives the loss of the
 * master as long as one of the replicas that acknowledged it takes over. Kafka's
 * {@code acks=all} with {@code min.insync.replicas} is the same promise.
 *
 * <p>When fewer replicas acknowledge within the timeout, the write has landed on the master and may
 * or may not survive its loss: that is a {@link StreamStoreException.NotReplicated}, never a
 * success. {@link Replicated#fsynced()} asks for more: the replicas have written it to their
 * append-only files ({@code WAITAOF}, Redis 7.2 and later); on an older server it falls back to
 * {@code WAIT}, acknowledged in the replicas' memory.
 * <pre>{@code
 * Durability d = Durability.replicated(1, Duration.ofSeconds(1));
 * StreamAppendPort append = ports.append(minter, ClockBound.DEFAULT, EchoListener.NONE, d);
 * append.append(key, fields);   // answered once a replica holds the record, or NotReplicated
 * }</pre>
 */
public sealed interface Durability {

    /** Acknowledged as the master answers: what Redis does by itself, and the library's default. */
    Durability NONE = new None();

    /** The most replicas a write may be required to reach. */
    int MAX_REPLICAS = 100;

    /** The longest a write may wait for its replicas ({@code WAIT}'s timeout; 0, "for ever", is refused). */
    Duration MAX_TIMEOUT = Duration.ofSeconds(60);

    /**
     * Acknowledged once {@code replicas} replicas hold the write, waiting at most {@code timeout}.
     *
     * @param replicas how many replicas must acknowledge, 1 .. {@value #MAX_REPLICAS}
     * @param timeout  how long to wait for them, 1 ms .. 60 s
     * @return the durability
     * @throws IllegalArgumentException naming a count or timeout out of range
     */
    static Replicated replicated(int replicas, Duration timeout) {
        return new Replicated(replicas, timeout, false);
    }

    /**
     * Reads a durability as the command line and the properties spell it: {@code none}, or
     * {@code replicated} with its replicas and timeout given beside it.
     *
     * @param mode     {@code none} or {@code replicated} (any case)
     * @param replicas the replicas of {@code replicated}
     * @param timeout  the timeout of {@code replicated}
     * @return the durability
     * @throws IllegalArgumentException naming a mode that is neither, or a count or timeout out of range
     */
    static Durability of(String mode, int replicas, Duration timeout) {
        String m = String.valueOf(mode).trim().toLowerCase(java.util.Locale.ROOT);
        return switch (m) {
            case "none" -> NONE;
            case "replicated" -> replicated(replicas, timeout);
            case "replicated-fsync", "fsynced" -> replicated(replicas, timeout).fsynced();
            default -> throw new IllegalArgumentException("durability must be none, replicated or replicated-fsync, got \"" + mode + "\"");
        };
    }

    /**
     * What a writer waits for after its writes: none for {@link #NONE}.
     *
     * @return the replication to wait for, if any
     */
    Option<Replicated> replication();

    /**
     * Whether a write answered with {@code acknowledged} replicas (and {@code fsyncedLocally}, for
     * {@code WAITAOF}) keeps this promise; when it does not, the typed outcome to throw.
     *
     * @param key          the key written, named in the failure
     * @param acknowledged how many replicas acknowledged within the timeout
     * @param receipts     the records the write landed, named in the failure (none for a script)
     * @return none when the promise is kept; else the failure, for the caller to throw or hand over
     */
    Option<StreamStoreException.NotReplicated> judge(String key, long acknowledged, List<echomq.domain.id.BrandedId> receipts);

    /**
     * The outcome of a write that landed on the master but whose acknowledgement by the replicas
     * could not be asked on the connection that wrote it (its reply was lost; it was found landed by
     * reading it back): it may or may not survive, unless nothing was asked for.
     *
     * @param key      the key written
     * @param receipts the records found landed
     * @return none for {@link #NONE}; else the failure
     */
    Option<StreamStoreException.NotReplicated> unconfirmed(String key, List<echomq.domain.id.BrandedId> receipts);

    /** As Redis does by itself: acknowledged when the master answers. */
    record None() implements Durability {
        @Override
        public Option<Replicated> replication() {
            return Option.none();
        }

        @Override
        public Option<StreamStoreException.NotReplicated> judge(String key, long acknowledged, List<echomq.domain.id.BrandedId> receipts) {
            return Option.none();
        }

        @Override
        public Option<StreamStoreException.NotReplicated> unconfirmed(String key, List<echomq.domain.id.BrandedId> receipts) {
            return Option.none();
        }

        @Override
        public String toString() {
            return "none";
        }
    }

    /**
     * Acknowledged once {@code replicas} replicas hold the write ({@code WAIT replicas timeout});
     * with {@code fsync}, once they wrote it to their append-only files ({@code WAITAOF 0 replicas
     * timeout} where the server has it, Redis 7.2 and later; {@code WAIT} on an older one).
     *
     * @param replicas how many replicas must acknowledge, 1 .. {@value #MAX_REPLICAS}
     * @param timeout  how long to wait for them, 1 ms .. 60 s
     * @param fsync    whether the replicas must have fsynced it ({@code WAITAOF}) where the server can say so
     */
    record Replicated(int replicas, Duration timeout, boolean fsync) implements Durability {

        /**
         * Checks the count and the timeout.
         *
         * @param replicas how many replicas must acknowledge
         * @param timeout  how long to wait for them
         * @param fsync    whether they must have fsynced it
         * @throws IllegalArgumentException naming a count or timeout out of range
         */
        public Replicated {
            Objects.requireNonNull(timeout, "timeout");
            if (replicas < 1 || replicas > MAX_REPLICAS) {
                throw new IllegalArgumentException("a replicated write needs 1 .. " + MAX_REPLICAS + " replicas, got " + replicas);
            }
            if (timeout.isNegative() || timeout.toMillis() < 1 || timeout.compareTo(MAX_TIMEOUT) > 0) {
                throw new IllegalArgumentException("how long a write waits for its replicas must be 1 ms .. 60 s (0 would wait for ever), got "
                        + timeout);
            }
        }

        /**
         * This durability, the replicas to have written the write to their append-only files
         * ({@code WAITAOF}) where the server has it.
         *
         * @return the same count and timeout, fsynced
         */
        public Replicated fsynced() {
            return new Replicated(replicas, timeout, true);
        }

        /**
         * {@code WAIT}'s and {@code WAITAOF}'s timeout argument.
         *
         * @return the timeout in whole milliseconds, at least 1
         */
        public long timeoutMillis() {
            return timeout.toMillis();
        }

        @Override
        public Option<Replicated> replication() {
            return Option.some(this);
        }

        @Override
        public Option<StreamStoreException.NotReplicated> judge(String key, long acknowledged, List<echomq.domain.id.BrandedId> receipts) {
            return acknowledged >= replicas ? Option.none()
                    : Option.some(new StreamStoreException.NotReplicated(key, receipts, acknowledged, this));
        }

        @Override
        public Option<StreamStoreException.NotReplicated> unconfirmed(String key, List<echomq.domain.id.BrandedId> receipts) {
            return Option.some(new StreamStoreException.NotReplicated(key, receipts, -1, this));
        }

        @Override
        public String toString() {
            return "replicated to " + replicas + (replicas == 1 ? " replica" : " replicas") + (fsync ? ", fsynced," : "") + " within "
                    + timeout.toMillis() + " ms";
        }
    }
}
