package echomq.spring.boot;

import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.BucketSpelling;
import echomq.domain.window.Buckets;
import echomq.sketches.Aggregates;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** {@code echomq.rollups[i].*} read into rollups, every value checked before anything reaches Redis. */
final class RollupRules {

    static final String PREFIX = "echomq.rollups";

    private static final org.apache.commons.logging.Log LOG = org.apache.commons.logging.LogFactory.getLog(RollupRules.class);

    private RollupRules() {
    }

    /** One rollup of the properties: what, with which folds, how often. */
    record Rule(RollupSpec spec, Aggregates folds, Duration every) {
    }

    /**
     * The rollups of {@code rollups}, in index order.
     *
     * @throws EchoMqConfigurationException naming the first property that is missing or bad
     */
    static List<Rule> rules(List<EchoMqProperties.Rollup> rollups, EchoMqEventTimes times) {
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < rollups.size(); i++) {
            rules.add(rule(PREFIX + "[" + i + "]", rollups.get(i), times));
        }
        return chained(rules);
    }

    /** How long after a rollup's skew and pass interval a rollup of its stream waits, beyond them: a slow pass. */
    static final Duration CHAIN_MARGIN = Duration.ofSeconds(5);

    /**
     * The rules with the skew of a rollup of another's stream raised to at least that one's skew, its
     * pass interval and {@link #CHAIN_MARGIN}: a rollup entry is written that long after its bucket
     * ends, at the id of the bucket's start, so a bucket of the rollup of it closing sooner would miss
     * its last entry for good.
     */
    static List<Rule> chained(List<Rule> rules) {
        List<Rule> out = new ArrayList<>(rules);
        for (int round = 0; round < out.size(); round++) {
            boolean changed = false;
            for (int i = 0; i < out.size(); i++) {
                Rule r = out.get(i);
                for (Rule up : out) {
                    if (up.spec().target().toString().equals(r.spec().source().toString())) {
                        Duration least = up.spec().skew().plus(up.every()).plus(CHAIN_MARGIN);
                        if (r.spec().skew().compareTo(least) < 0) {
                            LOG.info(PREFIX + "[" + i + "] rolls up the rollup " + up.spec().target() + ": its skew is raised from "
                                    + r.spec().skew() + " to " + least + " (that rollup's skew and pass interval, and " + CHAIN_MARGIN
                                    + "), so that no bucket closes before that rollup wrote its last entry");
                            RollupSpec s = r.spec();
                            r = new Rule(new RollupSpec(s.source(), s.target(), s.buckets(), least, s.eventTime(), s.lateInto()), r.folds(), r.every());
                            out.set(i, r);
                            changed = true;
                        }
                    }
                }
            }
            if (!changed) {
                break;
            }
        }
        return out;
    }

    private static Rule rule(String p, EchoMqProperties.Rollup r, EchoMqEventTimes times) {
        StreamKey source = StreamRefs.existing(p + ".stream", r.getStream());
        StreamKey target = StreamRefs.existing(p + ".into", r.getInto());
        if (source.toString().equals(target.toString())) {
            throw new EchoMqConfigurationException(p + ".into is " + p + ".stream (\"" + r.getInto() + "\"): a rollup writes another stream.",
                    "Set " + p + ".into to another key, e.g. " + r.getStream() + ":1m.");
        }
        Buckets buckets = buckets(p, r);
        Aggregates folds;
        try {
            folds = Aggregates.parse(r.getFolds());
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException(p + ".folds is not valid (\"" + r.getFolds() + "\"): " + e.getMessage(),
                    "Set " + p + ".folds to a comma-separated list, e.g. count,sum:amount,p99:amount.", e);
        }
        if (r.getSkew() == null || r.getSkew().isNegative()) {
            throw new EchoMqConfigurationException(p + ".skew must be zero or more, got " + r.getSkew() + ".",
                    "Set " + p + ".skew to how far a writer's clock may lag Redis', e.g. 100ms.");
        }
        if (r.getEvery() == null || r.getEvery().isNegative() || r.getEvery().isZero() || r.getEvery().toMillis() == 0) {
            throw new EchoMqConfigurationException(p + ".every must be at least 1ms, got " + r.getEvery() + ".",
                    "Set " + p + ".every to the delay between two passes, e.g. 1s.");
        }
        RollupSpec spec = RollupSpec.of(source, target, buckets, r.getSkew());
        // a stream declared under echomq.event-times is rolled up by its entries' own time
        spec = times.of(source).map(spec::byEventTime).getOrElse(spec);
        if (r.getLateInto() != null) {
            if (spec.eventTime().isEmpty()) {
                throw new EchoMqConfigurationException(p + ".late-into is set but " + p + ".stream (\"" + r.getStream()
                        + "\") has no event time: only an event time leaves entries out.",
                        "Declare it under " + EchoMqEventTimes.PREFIX + "[i].stream and .field, or remove " + p + ".late-into.");
            }
            StreamKey late = StreamRefs.existing(p + ".late-into", r.getLateInto());
            try {
                spec = spec.lateInto(late);
            } catch (IllegalArgumentException e) {
                throw new EchoMqConfigurationException(p + ".late-into is not valid (\"" + r.getLateInto() + "\"): " + e.getMessage(),
                        "Set " + p + ".late-into to a key of its own, e.g. " + r.getStream() + ":late.", e);
            }
        }
        return new Rule(spec, folds, r.getEvery());
    }

    private static Buckets buckets(String p, EchoMqProperties.Rollup r) {
        String spelled = r.getBucket();
        if (spelled == null || spelled.isBlank()) {
            throw new EchoMqConfigurationException(p + ".bucket is not set.",
                    "Set " + p + ".bucket to a duration (1m, 15m, 1h: tumbling buckets) or 1d, 1w, 1mo (the calendar buckets of "
                            + p + ".zone).");
        }
        ZoneId zone;
        try {
            zone = r.getZone() == null ? ZoneOffset.UTC : ZoneId.of(r.getZone());
        } catch (DateTimeException e) {
            throw new EchoMqConfigurationException(p + ".zone is not a zone (\"" + r.getZone() + "\"): " + e.getMessage(),
                    "Set " + p + ".zone to a region id, e.g. Europe/Berlin, or leave it unset for UTC.", e);
        }
        boolean calendar = BucketSpelling.calendar(spelled).isDefined();
        if (!calendar && (r.getZone() != null || r.getDayStarts() != null)) {
            String which = r.getZone() != null ? ".zone" : ".day-starts";
            throw new EchoMqConfigurationException(p + which + " is set but " + p + ".bucket is " + spelled.trim()
                    + ": a zone and a day start apply to calendar buckets (1d, 1w, 1mo) only; tumbling buckets start at the epoch.",
                    "Remove " + p + which + ", or set " + p + ".bucket=1d.");
        }
        LocalTime starts;
        try {
            starts = r.getDayStarts() == null ? LocalTime.MIDNIGHT : BucketSpelling.dayStart(r.getDayStarts());
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException(p + ".day-starts is not valid: " + e.getMessage(),
                    "Set " + p + ".day-starts to a time of day, e.g. 05:00, or leave it unset for midnight.", e);
        }
        try {
            return BucketSpelling.parse(spelled, zone, starts);
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException(p + ".bucket is not valid: " + e.getMessage(),
                    "Set " + p + ".bucket to a duration of whole milliseconds, e.g. 1m, or 1d, 1w, 1mo.", e);
        }
    }

    /** Matches when at least one rollup is configured. */
    static final class Configured extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            List<EchoMqProperties.Rollup> rollups = Binder.get(context.getEnvironment())
                    .bind(PREFIX, Bindable.listOf(EchoMqProperties.Rollup.class)).orElse(List.of());
            return rollups.isEmpty()
                    ? ConditionOutcome.noMatch("no rollup under " + PREFIX)
                    : ConditionOutcome.match(rollups.size() + " rollup(s) under " + PREFIX);
        }
    }
}
