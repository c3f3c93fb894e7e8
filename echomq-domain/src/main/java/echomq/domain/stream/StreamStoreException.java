package echomq.domain.stream;

/**
 * A failure of the stream store (Redis), as the domain sees it: typed, naming the key it concerns,
 * never swallowed. Subtypes say what went wrong, so a caller retries an {@link Unavailable} and
 * not a {@link WrongType}, and waits longer on a {@link WritesRefused}: the store is up and serves
 * reads, but refuses to write until an operator frees memory or disk.
 * <pre>{@code
 * try { windows.foldWindow(key, w, fold); }
 * catch (StreamStoreException.Unavailable e) { retryLater(e.key()); }
 * }</pre>
 */
public class StreamStoreException extends RuntimeException {

    /** The key the failed command concerned; empty when none. */
    private final String key;

    /**
     * A failure concerning {@code key}; the message names the key unless it already does.
     *
     * @param key     the key the failed command concerned, empty when none
     * @param message what went wrong
     * @param cause   the driver's exception
     */
    public StreamStoreException(String key, String message, Throwable cause) {
        super(message + (key.isEmpty() || message.contains("[key " + key + "]") ? "" : " [key " + key + "]"), cause);
        this.key = key;
    }

    /**
     * The key the failed command concerned.
     *
     * @return the key as text; empty when none
     */
    public String key() {
        return key;
    }

    /** The store cannot be reached, or the connection broke mid-command. */
    public static class Unavailable extends StreamStoreException {
        /**
         * The store could not be reached for {@code key}.
         *
         * @param key     the key the failed command concerned, empty when none
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public Unavailable(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /**
     * An append whose every send went unanswered (the connection failed after the command may have
     * been sent) and whose id could not be found to hold it: it may have landed or not, and the
     * adapter cannot tell. Thrown only when reading the id back could not settle it; see
     * {@link AppendReadBack}.
     */
    public static class OutcomeUnknown extends Unavailable {

        /** The entry id the append was sent under. */
        private final echomq.domain.id.StreamId sent;

        /**
         * An append to {@code key} under {@code sent} whose outcome is unknown.
         *
         * @param key   the stream's key
         * @param sent  the entry id it was sent under
         * @param cause the connection failure
         */
        public OutcomeUnknown(String key, echomq.domain.id.StreamId sent, Throwable cause) {
            super(key, "no reply to the append under " + sent + ", and reading it back could not tell: it is unknown whether it landed ("
                    + (cause == null ? "" : cause.getMessage()) + ")", cause);
            this.sent = sent;
        }

        /**
         * The entry id the append was sent under: read it back later to know.
         *
         * @return the id
         */
        public echomq.domain.id.StreamId sent() {
            return sent;
        }
    }

    /**
     * A write that landed on the master and was not acknowledged by as many replicas as its
     * {@link Durability} asks within its timeout: it is in the master's data, and it may or may not
     * survive the master's loss (a replica that takes over may not have it). Never a success, and
     * not an {@link Unavailable}: sending the write again would write it twice. Read it back (its
     * receipts) once the replicas are back, or answer the caller that the outcome is uncertain.
     * {@link #acknowledged()} is {@code -1} when the replicas could not be asked on the connection
     * that wrote it (its reply was lost and it was found by reading it back).
     */
    public static class NotReplicated extends StreamStoreException {

        private static final long serialVersionUID = 1L;

        /** The records the write landed. */
        private final transient java.util.List<echomq.domain.id.BrandedId> receipts;
        /** How many replicas acknowledged; -1 when they could not be asked. */
        private final long acknowledged;
        /** What was asked for. */
        private final transient Durability.Replicated asked;
        /** What the write answered on the master (a script's reply); none when not kept. */
        private final transient io.vavr.control.Option<Object> reply;

        /**
         * A write to {@code key} that landed, {@code receipts} its records (none for a script),
         * acknowledged by {@code acknowledged} replicas when {@code asked} wanted more.
         *
         * @param key          the key written
         * @param receipts     the records it landed, in order; empty for a write that is not an append
         * @param acknowledged how many replicas acknowledged, -1 when they could not be asked
         * @param asked        the durability asked for
         */
        public NotReplicated(String key, java.util.List<echomq.domain.id.BrandedId> receipts, long acknowledged, Durability.Replicated asked) {
            super(key, (acknowledged < 0
                    ? "the write landed on the master, and whether " + asked.replicas() + " replica(s) hold it could not be asked (its reply was lost)"
                    : "the write landed on the master, and " + acknowledged + " of the " + asked.replicas() + " replica(s) asked for acknowledged it within "
                    + asked.timeoutMillis() + " ms")
                    + (receipts.isEmpty() ? "" : " (" + (receipts.size() == 1 ? receipts.get(0) : receipts.size() + " records, " + receipts.get(0) + " first") + ")")
                    + ": it may or may not survive the master's loss; do not send it again as new", null);
            this.receipts = java.util.List.copyOf(receipts);
            this.acknowledged = acknowledged;
            this.asked = java.util.Objects.requireNonNull(asked, "asked");
            this.reply = io.vavr.control.Option.none();
        }

        private NotReplicated(NotReplicated of, java.util.List<echomq.domain.id.BrandedId> receipts, io.vavr.control.Option<Object> reply) {
            super(of.key(), of.getMessage(), of.getCause());
            this.receipts = java.util.List.copyOf(receipts);
            this.acknowledged = of.acknowledged;
            this.asked = of.asked;
            this.reply = reply;
        }

        /**
         * What the write answered on the master, when it was kept: a script's reply (it ran, and
         * a script that wrote nothing, a refusal say, leaves nothing to lose).
         *
         * @return the reply; none when not kept
         */
        public io.vavr.control.Option<Object> reply() {
            return reply;
        }

        /**
         * The same outcome, with the write's reply on the master.
         *
         * @param answered the reply
         * @return the outcome carrying it
         */
        public NotReplicated withReply(Object answered) {
            return new NotReplicated(this, receipts, io.vavr.control.Option.of(answered));
        }

        /**
         * The records the write landed on the master, in order (empty for a write that is not an append).
         *
         * @return their branded ids
         */
        public java.util.List<echomq.domain.id.BrandedId> receipts() {
            return receipts;
        }

        /**
         * How many replicas acknowledged the write within the timeout.
         *
         * @return the count; -1 when they could not be asked
         */
        public long acknowledged() {
            return acknowledged;
        }

        /**
         * The durability the write asked for.
         *
         * @return its replicas and timeout
         */
        public Durability.Replicated asked() {
            return asked;
        }

        /**
         * The same outcome for {@code some} of the records only (a receipt of a group commit's batch).
         *
         * @param some the records to name
         * @return the outcome naming them
         */
        public NotReplicated of(java.util.List<echomq.domain.id.BrandedId> some) {
            return new NotReplicated(key(), some, acknowledged, asked);
        }
    }

    /** The store did not answer in time. */
    public static class Timeout extends Unavailable {
        /**
         * The store did not answer in time for {@code key}.
         *
         * @param key     the key the failed command concerned, empty when none
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public Timeout(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The store refused the credentials or the user lacks a permission. */
    public static class AccessDenied extends StreamStoreException {
        /**
         * The store refused a command on {@code key}.
         *
         * @param key     the key the failed command concerned, empty when none
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public AccessDenied(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The key holds something that is not a stream. */
    public static class WrongType extends StreamStoreException {
        /**
         * {@code key} is not a stream.
         *
         * @param key     the key the failed command concerned
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public WrongType(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /**
     * The writer's clock runs further ahead of the store's than its {@link ClockBound} allows:
     * nothing was appended (nothing reached the stream), and nothing will be until the writer's
     * clock is fixed. Not a failure of the store: the store is up.
     */
    public static class ClockAhead extends StreamStoreException {
        /** The writer's clock when it was refused, epoch ms. */
        private final long writerMs;
        /** The store's clock when the writer was refused, epoch ms. */
        private final long serverMs;

        /**
         * The refusal, naming both clocks and the bound.
         *
         * @param key      the stream
         * @param writerMs the writer's clock, epoch ms
         * @param serverMs the store's clock, epoch ms
         * @param maxAhead the bound
         */
        public ClockAhead(String key, long writerMs, long serverMs, java.time.Duration maxAhead) {
            super(key, "the writer's clock (" + java.time.Instant.ofEpochMilli(writerMs) + ") is " + (writerMs - serverMs)
                    + " ms ahead of the store's (" + java.time.Instant.ofEpochMilli(serverMs) + "), more than the " + maxAhead
                    + " allowed: nothing was appended; fix the writer's clock (NTP)", null);
            this.writerMs = writerMs;
            this.serverMs = serverMs;
        }

        /**
         * The writer's clock when it was refused.
         *
         * @return epoch ms
         */
        public long writerMs() {
            return writerMs;
        }

        /**
         * The store's clock when the writer was refused.
         *
         * @return epoch ms
         */
        public long serverMs() {
            return serverMs;
        }
    }

    /**
     * The store is up and answers reads, but refuses every command that would write: it is out of
     * memory ({@link OutOfMemory}) or cannot persist what it holds ({@link PersistenceFailure}).
     * Not an {@link Unavailable}: reconnecting does not help, and the refusal lasts until memory or
     * disk is freed. A refused command wrote nothing: a refused script was refused before its first
     * write (Redis refuses a script that declares writes before it runs, and one that does not at
     * its first write, never after one), so a caller may send it again as it is.
     */
    public static class WritesRefused extends StreamStoreException {
        /**
         * The store refused a write on {@code key}.
         *
         * @param key     the key the refused command concerned, empty when none
         * @param message what the store said
         * @param cause   the driver's exception
         */
        public WritesRefused(String key, String message, Throwable cause) {
            super(key, message, cause);
        }

        /**
         * Why writes are refused, in a few words for an operator ({@code out of memory},
         * {@code cannot persist}).
         *
         * @return the reason
         */
        public String reason() {
            return "writes refused";
        }
    }

    /**
     * The store's memory is full ({@code maxmemory} reached with the {@code noeviction} policy, or
     * nothing left to evict): Redis answers {@code OOM command not allowed when used memory >
     * 'maxmemory'} to every command that may grow the data set.
     */
    public static class OutOfMemory extends WritesRefused {
        /**
         * The store refused a write on {@code key} for want of memory.
         *
         * @param key     the key the refused command concerned, empty when none
         * @param message what the store said
         * @param cause   the driver's exception
         */
        public OutOfMemory(String key, String message, Throwable cause) {
            super(key, message, cause);
        }

        /**
         * {@inheritDoc}
         *
         * @return {@code out of memory}
         */
        @Override
        public String reason() {
            return "out of memory";
        }
    }

    /**
     * The store cannot persist its data (a background save or an append-only file write failed,
     * e.g. on a full disk) and is configured to refuse writes until it can: Redis answers
     * {@code MISCONF ...} to every write command (and to {@code PING}).
     */
    public static class PersistenceFailure extends WritesRefused {
        /**
         * The store refused a write on {@code key} as it cannot persist.
         *
         * @param key     the key the refused command concerned, empty when none
         * @param message what the store said
         * @param cause   the driver's exception
         */
        public PersistenceFailure(String key, String message, Throwable cause) {
            super(key, message, cause);
        }

        /**
         * {@inheritDoc}
         *
         * @return {@code cannot persist to disk}
         */
        @Override
        public String reason() {
            return "cannot persist to disk";
        }
    }
}
