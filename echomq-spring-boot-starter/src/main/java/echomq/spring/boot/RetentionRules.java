package echomq.spring.boot;

import echomq.domain.retention.RetentionPolicy;
import echomq.domain.stream.StreamKey;
import echomq.engine.retention.RetentionDriver;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code echomq.retention.<queue>.<stream>.*} as a {@link RetentionPolicy}, and the condition that there is a rule at all. */
final class RetentionRules {

    static final String PREFIX = EchoMqProperties.PREFIX + ".retention";
    private static final Log LOG = LogFactory.getLog(RetentionDriver.class);

    private RetentionRules() {
    }

    /**
     * The policy of the rules.
     *
     * @throws EchoMqConfigurationException naming the rule's property when it keeps neither or both, or is otherwise wrong
     */
    static RetentionPolicy policy(Map<String, Map<String, EchoMqProperties.Retention>> byQueue) {
        List<RetentionPolicy.Rule> rules = new ArrayList<>();
        byQueue.forEach((queue, byName) -> byName.forEach((name, r) -> {
            String property = PREFIX + "." + queue + "." + name;
            StreamKey stream;
            try {
                stream = StreamKey.of(queue, name);
            } catch (IllegalArgumentException e) {
                throw new EchoMqConfigurationException(property + " names no valid stream: " + e.getMessage(),
                        "Name the queue and the stream as they are in emq:{queue}:stream:name (a name with dots in brackets: "
                                + PREFIX + ".cm.[a.b].keep-age).", e);
            }
            if ((r.getKeepAge() == null) == (r.getKeepNewest() == null)) {
                throw new EchoMqConfigurationException(property + " must set exactly one of keep-age and keep-newest, got "
                        + (r.getKeepAge() == null ? "neither" : "both") + ".",
                        "Set " + property + ".keep-age (e.g. 7d) or " + property + ".keep-newest (e.g. 100000).");
            }
            try {
                RetentionPolicy.Rule rule = r.getKeepAge() != null
                        ? RetentionPolicy.keepAge(stream, r.getKeepAge(), r.getInterval())
                        : RetentionPolicy.keepNewest(stream, r.getKeepNewest(), r.getInterval());
                rules.add(r.isExact() ? rule.exact() : rule);
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new EchoMqConfigurationException(property + " is not a valid rule: " + e.getMessage(),
                        "Give " + property + " a keep-age or keep-newest of at least 0 and an interval above zero.", e);
            }
        }));
        return new RetentionPolicy(io.vavr.collection.List.ofAll(rules));
    }

    /** How long the driver pauses between runs: the shortest interval, at most a minute. */
    static Duration tick(RetentionPolicy policy) {
        return policy.rules().map(RetentionPolicy.Rule::every).append(Duration.ofMinutes(1)).min().get();
    }

    /** Logs the trims that removed entries (debug) and those that failed (warn). */
    static void log(io.vavr.collection.List<RetentionDriver.Outcome> outcomes) {
        for (RetentionDriver.Outcome o : outcomes) {
            if (o.removed().isLeft()) {
                LOG.warn("EchoMQ retention: trimming " + o.trim().stream() + " failed, tried again on the next run: " + o.removed().getLeft().getMessage());
            } else if (LOG.isDebugEnabled()) {
                LOG.debug("EchoMQ retention: " + o.trim().stream() + " " + o.removed().get() + " removed"
                        + (o.holds().isEmpty() ? "" : ", held back by " + o.holds()));
            }
        }
    }

    /** Matches when at least one rule is configured under {@code echomq.retention}. */
    static final class Configured extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            Map<String, Map<String, EchoMqProperties.Retention>> rules = Binder.get(context.getEnvironment())
                    .bind(PREFIX, rulesType()).orElse(Map.of());
            long n = rules.values().stream().mapToLong(Map::size).sum();
            return n > 0
                    ? ConditionOutcome.match(n + " retention rule(s) under " + PREFIX)
                    : ConditionOutcome.noMatch("no retention rule under " + PREFIX);
        }

        private static Bindable<Map<String, Map<String, EchoMqProperties.Retention>>> rulesType() {
            return Bindable.of(org.springframework.core.ResolvableType.forClassWithGenerics(Map.class,
                    org.springframework.core.ResolvableType.forClass(String.class),
                    org.springframework.core.ResolvableType.forClassWithGenerics(Map.class, String.class, EchoMqProperties.Retention.class)));
        }
    }
}
