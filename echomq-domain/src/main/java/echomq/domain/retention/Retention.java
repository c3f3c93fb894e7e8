package echomq.domain.retention;

import echomq.domain.id.StreamId;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How much of a stream to keep: the newest {@code n} entries ({@code XTRIM MAXLEN}), or the entries
 * minted at or after a horizon ({@code XTRIM MINID floor(horizon)}). Approximate ({@code ~}) by
 * default, which lets Redis trim whole nodes only and so may keep a little more, never less.
 * <pre>{@code
 * Retention.minAge(Duration.ofDays(7), clock)   // XTRIM key MINID ~ <now - 7d ms>-0
 * Retention.maxLen(10_000, false)               // XTRIM key MAXLEN = 10000
 * }</pre>
 */
public sealed interface Retention permits Retention.MaxLen, Retention.MinId, Retention.MinEntryId {

    /**
     * Whether Redis may keep more than asked ({@code ~}).
     *
     * @return {@code true} for {@code ~}, {@code false} for the exact {@code =}
     */
    boolean approximate();

    /**
     * Keep the newest {@code n} entries, approximately ({@code XTRIM key MAXLEN ~ n}).
     *
     * @param n how many entries to keep, {@code >= 0}
     * @return the retention
     * @throws IllegalArgumentException when {@code n} is negative
     */
    static Retention maxLen(long n) {
        return new MaxLen(n, true);
    }

    /**
     * Keep the newest {@code n} entries ({@code XTRIM key MAXLEN ~|= n}).
     *
     * @param n           how many entries to keep, {@code >= 0}
     * @param approximate {@code ~} (may keep more) or exact {@code =}
     * @return the retention
     * @throws IllegalArgumentException when {@code n} is negative
     */
    static Retention maxLen(long n, boolean approximate) {
        return new MaxLen(n, approximate);
    }

    /**
     * Keep the entries at or above {@code minId} ({@code XTRIM key MINID ~|= minId}): the trim a safe
     * retention runs once its readers are heard.
     *
     * @param minId       the lowest id kept
     * @param approximate {@code ~} (may keep more) or exact {@code =}
     * @return the retention
     */
    static Retention minId(StreamId minId, boolean approximate) {
        return new MinEntryId(minId, approximate);
    }

    /**
     * Keep what was minted at or after {@code horizon} ({@code XTRIM key MINID ~|= <horizon ms>-0}).
     *
     * @param horizon     the earliest instant kept
     * @param approximate {@code ~} (may keep more) or exact {@code =}
     * @return the retention
     * @throws IllegalArgumentException when {@code horizon} is before 1970
     */
    static Retention minAge(Instant horizon, boolean approximate) {
        return new MinId(horizon, approximate);
    }

    /**
     * Keep what is younger than {@code age} by {@code clock}, approximately.
     *
     * @param age   how old an entry may get, {@code >= 0}
     * @param clock what "now" is
     * @return the retention from {@code now - age} (from the epoch when {@code age} reaches past it)
     * @throws IllegalArgumentException when {@code age} is negative
     */
    static Retention minAge(Duration age, Clock clock) {
        return minAge(age, clock, true);
    }

    /**
     * Keep what is younger than {@code age} by {@code clock}.
     *
     * @param age         how old an entry may get, {@code >= 0}
     * @param clock       what "now" is
     * @param approximate {@code ~} (may keep more) or exact {@code =}
     * @return the retention from {@code now - age} (from the epoch when {@code age} reaches past it)
     * @throws IllegalArgumentException when {@code age} is negative
     */
    static Retention minAge(Duration age, Clock clock, boolean approximate) {
        Objects.requireNonNull(age, "age");
        Objects.requireNonNull(clock, "clock");
        if (age.isNegative()) {
            throw new IllegalArgumentException("retention age must not be negative, got " + age);
        }
        Instant now = clock.instant();
        Instant horizon = age.compareTo(Duration.between(Instant.EPOCH, now)) >= 0 ? Instant.EPOCH : now.minus(age);
        return new MinId(horizon, approximate);
    }

    /**
     * {@code XTRIM key MAXLEN ~|= n}.
     *
     * @param n           how many entries to keep
     * @param approximate {@code ~} or {@code =}
     */
    record MaxLen(long n, boolean approximate) implements Retention {
        /**
         * Checks the length.
         *
         * @param n           how many entries to keep, {@code >= 0}
         * @param approximate {@code ~} or {@code =}
         * @throws IllegalArgumentException when {@code n} is negative
         */
        public MaxLen {
            if (n < 0) {
                throw new IllegalArgumentException("MAXLEN must be >= 0, got " + n);
            }
        }
    }

    /**
     * {@code XTRIM key MINID ~|= floor(horizon)}: removes entries minted before {@code horizon}'s millisecond.
     *
     * @param horizon     the earliest instant kept
     * @param approximate {@code ~} or {@code =}
     */
    record MinId(Instant horizon, boolean approximate) implements Retention {
        /**
         * Checks the horizon.
         *
         * @param horizon     the earliest instant kept, not before 1970
         * @param approximate {@code ~} or {@code =}
         * @throws IllegalArgumentException when {@code horizon} maps to no stream id
         */
        public MinId {
            StreamId.epochMilli(Objects.requireNonNull(horizon, "horizon"));
        }

        /**
         * The lowest id kept.
         *
         * @return {@code <horizon ms>-0}
         */
        public StreamId minId() {
            return StreamId.floor(horizon);
        }
    }

    /**
     * {@code XTRIM key MINID ~|= minId}: removes the entries below an exact id, such as a reader's
     * oldest pending entry or the entry a checkpoint is folded up to.
     *
     * @param minId       the lowest id kept
     * @param approximate {@code ~} or {@code =}
     */
    record MinEntryId(StreamId minId, boolean approximate) implements Retention {
        /**
         * Checks the id.
         *
         * @param minId       the lowest id kept
         * @param approximate {@code ~} or {@code =}
         * @throws NullPointerException when {@code minId} is missing
         */
        public MinEntryId {
            Objects.requireNonNull(minId, "minId");
        }
    }
}
