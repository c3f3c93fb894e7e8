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

    /**
     * Checks the rules: at most one per stream.
     *
     * @param rules one rule per stream
     * @throws NullPointerException when {@code rules} is missing
     * @throws IllegalArgumentException when two rules are of one stream
     */
    public RetentionPolicy {
        Objects.requireNonNull(rules, "rules");
        List<StreamKey> keys = rules.map(Rule::stream);
        if (keys.distinct().size() != keys.size()) {
            throw new IllegalArgumentException("one retention rule per stream, got duplicates in " + keys);
        }
    }

    /**
     * The policy of {@code rules}.
     *
     * @param rules one rule per stream
     * @return the policy
     * @throws IllegalArgumentException when two rules are of one stream
     */
    public static RetentionPolicy of(Rule... rules) {
        return new RetentionPolicy(List.of(rules));
    }

    /**
     * Keep the newest {@code n} entries of {@code stream}, trimming at most once per {@code every},
     * approximately ({@link Rule#exact()} for {@code =}).
     *
     * @param stream the stream
     * @param n      how many entries to keep, {@code >= 0}
     * @param every  the least time between two trims, more than zero
     * @return the rule
     * @throws IllegalArgumentException when {@code n} is negative or {@code every} not above zero
     */
    public static Rule keepNewest(StreamKey stream, long n, Duration every) {
        return new Rule(stream, new Keep.Newest(n), true, every);
    }

    /**
     * Keep the entries of {@code stream} younger than {@code age}, trimming at most once per
     * {@code every}, approximately ({@link Rule#exact()} for {@code =}).
     *
     * @param stream the stream
     * @param age    how old an entry may get, {@code >= 0}
     * @param every  the least time between two trims, more than zero
     * @return the rule
     * @throws IllegalArgumentException when {@code age} is negative or {@code every} not above zero
     */
    public static Rule keepAge(StreamKey stream, Duration age, Duration every) {
        return new Rule(stream, new Keep.YoungerThan(age), true, every);
    }

    /** What a rule keeps, relative to the moment it is applied. */
    public sealed interface Keep {
        /**
         * The newest {@code n} entries.
         *
         * @param n how many entries to keep
         */
        record Newest(long n) implements Keep {
            /**
             * Checks the count.
             *
             * @param n how many entries to keep, {@code >= 0}
             * @throws IllegalArgumentException when {@code n} is negative
             */
            public Newest {
                if (n < 0) {
                    throw new IllegalArgumentException("keep newest must be >= 0, got " + n);
                }
            }
        }

        /**
         * The entries younger than {@code age} when the rule is applied.
         *
         * @param age how old an entry may get
         */
        record YoungerThan(Duration age) implements Keep {
            /**
             * Checks the age.
             *
             * @param age how old an entry may get, {@code >= 0}
             * @throws NullPointerException when {@code age} is missing
             * @throws IllegalArgumentException when {@code age} is negative
             */
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
        /**
         * Checks the parts.
         *
         * @param stream      the stream
         * @param keep        what to keep
         * @param approximate {@code ~} or exact {@code =}
         * @param every       the least time between two trims of the stream, more than zero
         * @throws NullPointerException naming a missing part
         * @throws IllegalArgumentException when {@code every} is not above zero
         */
        public Rule {
            Objects.requireNonNull(stream, "stream");
            Objects.requireNonNull(keep, "keep");
            if (Objects.requireNonNull(every, "every").isNegative() || every.isZero()) {
                throw new IllegalArgumentException("retention interval must be > 0, got " + every);
            }
        }

        /**
         * The same rule trimming exactly ({@code =}).
         *
         * @return the rule with {@code approximate} false
         */
        public Rule exact() {
            return new Rule(stream, keep, false, every);
        }

        /**
         * The retention this rule asks for at {@code now}: {@code MAXLEN n}, or {@code MINID} from
         * {@code now - age} (from the epoch when the age reaches past it).
         *
         * @param now the instant the trim runs at
         * @return the retention
         */
        public Retention at(Instant now) {
            if (keep instanceof Keep.Newest newest) {
                return Retention.maxLen(newest.n(), approximate);
            }
            Duration age = ((Keep.YoungerThan) keep).age();
            Instant horizon = age.compareTo(Duration.between(Instant.EPOCH, now)) >= 0 ? Instant.EPOCH : now.minus(age);
            return Retention.minAge(horizon, approximate);
        }
    }

    /**
     * A trim that is due.
     *
     * @param stream    the stream to trim
     * @param retention how, as of the instant it became due
     */
    public record Trim(StreamKey stream, Retention retention) {
    }

    /**
     * The trims due at {@code now}: those of the rules whose stream was never trimmed or last
     * trimmed at least {@code every} ago. Pure: the caller runs them and records when.
     * <pre>{@code
     * policy.due(now, HashMap.empty());                             // every rule: nothing ran yet
     * policy.due(now, HashMap.of(key, now.minusSeconds(10)));       // not key's rule, if it runs every minute
     * }</pre>
     *
     * @param now     the instant
     * @param lastRun when each stream was last trimmed (absent: never)
     * @return the trims due, in the rules' order
     */
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
     * <pre>{@code
     * TrimPlan p = RetentionPolicy.plan(Retention.maxLen(1000), Option.some(StreamId.of(50, 0)),
     *         List.of(new Hold("group scorers", StreamId.of(20, 0), "2 pending")));
     * p.effective();   // Some(MinEntryId[minId=20-0, approximate=true]): lowered to what the group needs
     * p.heldBack();    // true
     * }</pre>
     *
     * @param requested the retention asked for
     * @param keepFrom  the id it would keep from; none when it removes nothing
     * @param readers   who still needs the stream, and from where
     * @return the plan: the trim to run (none when nothing may be removed) and who held it back
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
