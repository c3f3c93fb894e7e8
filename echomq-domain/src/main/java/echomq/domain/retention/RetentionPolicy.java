package echomq.domain.retention;

import echomq.domain.stream.StreamKey;

import io.vavr.collection.List;
import io.vavr.collection.Map;

import echomq.domain.id.StreamId;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The declared retention of a set of streams, and the pure decision of which trims are due.
 * <pre>{@code
 * RetentionPolicy policy = RetentionPolicy.of(
 *     RetentionPolicy.keepAge(StreamKey.of("cm", "guess-scored"), Duration.ofDays(7), Duration.ofMinutes(1)));
 * List<RetentionPolicy.Trim> due = policy.due(clock.instant(), lastRun);
 * }</pre>
 *
 * @param rules one rule per stream
 */
public record RetentionPolicy(List<Rule> rules) {

    public RetentionPolicy {
        Objects.requireNonNull(rules, "rules");
        List<StreamKey> keys = rules.map(Rule::stream);
        if (keys.distinct().size() != keys.size()) {
            throw new IllegalArgumentException("one retention rule per stream, got duplicates in " + keys);
        }
    }

    public static RetentionPolicy of(Rule... rules) {
        return new RetentionPolicy(List.of(rules));
    }

    /** Keep the newest {@code n} entries of {@code stream}, trimming at most once per {@code every}. */
    public static Rule keepNewest(StreamKey stream, long n, Duration every) {
        return new Rule(stream, new Keep.Newest(n), true, every);
    }

    /** Keep the entries of {@code stream} younger than {@code age}, trimming at most once per {@code every}. */
    public static Rule keepAge(StreamKey stream, Duration age, Duration every) {
        return new Rule(stream, new Keep.YoungerThan(age), true, every);
    }

    /** What a rule keeps, relative to the moment it is applied. */
    public sealed interface Keep {
        record Newest(long n) implements Keep {
            public Newest {
                if (n < 0) {
                    throw new IllegalArgumentException("keep newest must be >= 0, got " + n);
                }
            }
        }

        record YoungerThan(Duration age) implements Keep {
            public YoungerThan {
                if (Objects.requireNonNull(age, "age").isNegative()) {
                    throw new IllegalArgumentException("retention age must not be negative, got " + age);
                }
            }
        }
    }

    /**
     * One stream's retention.
     *
     * @param stream      the stream
     * @param keep        what to keep
     * @param approximate {@code ~} (the default) or exact {@code =}
     * @param every       the least time between two trims of the stream
     */
    public record Rule(StreamKey stream, Keep keep, boolean approximate, Duration every) {
        public Rule {
            Objects.requireNonNull(stream, "stream");
            Objects.requireNonNull(keep, "keep");
            if (Objects.requireNonNull(every, "every").isNegative() || every.isZero()) {
                throw new IllegalArgumentException("retention interval must be > 0, got " + every);
            }
        }

        /** The same rule trimming exactly ({@code =}). */
        public Rule exact() {
            return new Rule(stream, keep, false, every);
        }

        /** The retention this rule asks for at {@code now}. */
        public Retention at(Instant now) {
            if (keep instanceof Keep.Newest newest) {
                return Retention.maxLen(newest.n(), approximate);
            }
            Duration age = ((Keep.YoungerThan) keep).age();
            Instant horizon = age.compareTo(Duration.between(Instant.EPOCH, now)) >= 0 ? Instant.EPOCH : now.minus(age);
            return Retention.minAge(horizon, approximate);
        }
    }

    /** A trim that is due. */
    public record Trim(StreamKey stream, Retention retention) {
    }

    /** The trims due at {@code now}, given when each stream was last trimmed (absent: never). */
    public List<Trim> due(Instant now, Map<StreamKey, Instant> lastRun) {
        return rules
                .filter(r -> lastRun.get(r.stream()).map(last -> !now.isBefore(last.plus(r.every()))).getOrElse(true))
                .map(r -> new Trim(r.stream(), r.at(now)));
    }

    /**
     * The trim that honours the stream's readers: the pure decision of how far {@code requested}
     * may go. {@code keepFrom} is the id the request would keep from (none: it removes nothing).
     * The safe horizon is the lowest id any reader still needs; a request that keeps from above it
     * is lowered to it, and the readers whose needs lie below the request are named. The trim to
     * run is an exact-id {@code MINID} with the request's {@code ~} or {@code =}: {@code MINID ~}
     * only ever removes whole nodes below its id, so an approximate trim never crosses the horizon.
     */
    public static TrimPlan plan(Retention requested, Option<StreamId> keepFrom, io.vavr.collection.List<Hold> readers) {
        Objects.requireNonNull(requested, "requested");
        Objects.requireNonNull(keepFrom, "keepFrom");
        Objects.requireNonNull(readers, "readers");
        if (keepFrom.isEmpty()) {
            return new TrimPlan(requested, keepFrom, Option.none(), List.empty());
        }
        StreamId asked = keepFrom.get();
        List<Hold> holding = readers.filter(h -> h.needsFrom().compareTo(asked) < 0).sortBy(Hold::needsFrom);
        StreamId from = holding.isEmpty() ? asked : holding.head().needsFrom();
        Option<Retention> effective = from.equals(StreamId.MIN) ? Option.none() : Option.some(Retention.minId(from, requested.approximate()));
        return new TrimPlan(requested, keepFrom, effective, holding);
    }
}
