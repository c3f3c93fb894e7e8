package echomq.domain.observe;

import echomq.domain.stream.StreamKey;

import java.util.Objects;

/**
 * What the library did, told to an {@link EchoListener}: folds and their cache, stream state reads,
 * appends and their refusals, retention, consumer groups, subscriptions. Names are bounded (stream
 * keys, projection and value names), never per-entry or per-request values, so each is safe as a
 * metric tag. Sealed: a listener can switch over every kind.
 * <pre>{@code
 * EchoListener log = event -> {
 *     if (event instanceof EchoEvent.Folded f && f.kind() == EchoEvent.FoldKind.FULL) {
 *         System.out.println(f.projection() + " folded " + f.entries() + " entries of " + f.stream());
 *     }
 * };
 * }</pre>
 */
public sealed interface EchoEvent {

    /** How a projection read was answered. */
    enum FoldKind {
        /** From the cache as it was: no range read. */
        HIT,
        /** A cached fold brought up to date with what was appended since. */
        INCREMENTAL,
        /** Folded afresh from the stream. */
        FULL,
        /** From a checkpoint of a sealed window. */
        CHECKPOINT
    }

    /**
     * A projection read one stream's part of a window.
     *
     * @param projection the projection's name
     * @param stream     the stream
     * @param kind       how it was answered
     * @param entries    entries folded for it (0 for a hit)
     */
    record Folded(String projection, StreamKey stream, FoldKind kind, long entries) implements EchoEvent {
        /**
         * Checks the parts.
         *
         * @param projection the projection's name
         * @param stream     the stream
         * @param kind       how it was answered
         * @param entries    entries folded for it (0 for a hit)
         * @throws NullPointerException naming a missing part
         */
        public Folded {
            Objects.requireNonNull(projection, "projection");
            Objects.requireNonNull(stream, "stream");
            Objects.requireNonNull(kind, "kind");
        }
    }

    /**
     * A read of one stream's window through the projection reader, from call to answer (a
     * partitioned read is one per partition).
     *
     * @param projection the projection's name
     * @param nanos      how long it took
     */
    record Read(String projection, long nanos) implements EchoEvent {
        /**
         * Checks the parts.
         *
         * @param projection the projection's name
         * @param nanos      how long it took
         * @throws NullPointerException when {@code projection} is missing
         */
        public Read {
            Objects.requireNonNull(projection, "projection");
        }
    }

    /** A cached fold pushed out of the reader's cache by newer ones. */
    record Evicted() implements EchoEvent {
    }

    /**
     * The state of a stream was read (one {@code XINFO STREAM} or probe).
     *
     * @param stream the stream
     */
    record StateRead(StreamKey stream) implements EchoEvent {
        /**
         * Checks the stream.
         *
         * @param stream the stream
         * @throws NullPointerException when {@code stream} is missing
         */
        public StateRead {
            Objects.requireNonNull(stream, "stream");
        }
    }

    /**
     * Records were appended: one pipeline of a group commit.
     *
     * @param stream  the stream
     * @param records how many landed
     * @param nanos   how long the round trip(s) took
     */
    record Appended(StreamKey stream, int records, long nanos) implements EchoEvent {
        /**
         * Checks the parts.
         *
         * @param stream  the stream
         * @param records how many landed
         * @param nanos   how long the round trip(s) took
         * @throws NullPointerException when {@code stream} is missing
         */
        public Appended {
            Objects.requireNonNull(stream, "stream");
        }
    }

    /** Why an append was refused by the stream. */
    enum Refusal {
        /** Below the stream's top and minted again above it. */
        REMINTED,
        /** Below the stream's top for good: a {@code NonMonotonicAppendException}. */
        NON_MONOTONIC
    }

    /**
     * Records were refused as below the stream's top.
     *
     * @param stream  the stream
     * @param reason  minted again, or refused for good
     * @param records how many
     */
    record AppendRefused(StreamKey stream, Refusal reason, int records) implements EchoEvent {
        /**
         * Checks the parts.
         *
         * @param stream  the stream
         * @param reason  minted again, or refused for good
         * @param records how many
         * @throws NullPointerException naming a missing part
         */
        public AppendRefused {
            Objects.requireNonNull(stream, "stream");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * Retention ran on a stream.
     *
     * @param stream   the stream
     * @param removed  entries removed
     * @param heldBack whether readers (groups, checkpoints) kept it from removing all it was asked to
     */
    record Trimmed(StreamKey stream, long removed, boolean heldBack) implements EchoEvent {
        /**
         * Checks the parts.
         *
         * @param stream   the stream
         * @param removed  entries removed
         * @param heldBack whether readers kept it from removing all it was asked to
         * @throws NullPointerException when {@code stream} is missing
         */
        public Trimmed {
            Objects.requireNonNull(stream, "stream");
        }
    }

    /**
     * Where a consumer group stood when it was read.
     *
     * @param stream  the stream
     * @param group   the group
     * @param pending entries delivered and not acknowledged
     * @param lag     entries not delivered yet, or -1 when Redis cannot say (after deletions)
     */
    record GroupObserved(StreamKey stream, String group, long pending, long lag) implements EchoEvent {
        /**
         * Checks the parts.
         *
         * @param stream  the stream
         * @param group   the group
         * @param pending entries delivered and not acknowledged
         * @param lag     entries not delivered yet, or -1 when Redis cannot say
         * @throws NullPointerException naming a missing part
         */
        public GroupObserved {
            Objects.requireNonNull(stream, "stream");
            Objects.requireNonNull(group, "group");
        }
    }

    /**
     * A follower read its stream again after a failure (with backoff).
     *
     * @param stream the stream
     */
    record Reconnected(StreamKey stream) implements EchoEvent {
        /**
         * Checks the stream.
         *
         * @param stream the stream
         * @throws NullPointerException when {@code stream} is missing
         */
        public Reconnected {
            Objects.requireNonNull(stream, "stream");
        }
    }

    /**
     * A live value replaced a value a slow listener had not taken yet.
     *
     * @param value the live value's name
     */
    record Conflated(String value) implements EchoEvent {
        /**
         * Checks the name.
         *
         * @param value the live value's name
         * @throws NullPointerException when {@code value} is missing
         */
        public Conflated {
            Objects.requireNonNull(value, "value");
        }
    }
}
