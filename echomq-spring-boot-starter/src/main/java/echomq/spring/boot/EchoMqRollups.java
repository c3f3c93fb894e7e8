package echomq.spring.boot;

import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupReport;
import echomq.sketches.AggregateState;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The rollups of {@code echomq.rollups[i].*}, each written continuously (a pass every
 * {@code .every}) from the context's start to its close, on a daemon thread of its own. A failed
 * pass is logged and the next one tries again; nothing is skipped or written twice (see
 * {@link Rollup}).
 */
public final class EchoMqRollups implements AutoCloseable {

    private static final Log LOG = LogFactory.getLog(EchoMqRollups.class);

    private final List<RollupRules.Rule> rules;
    private final List<Rollup<AggregateState>> rollups;
    private final List<Rollup<AggregateState>.Running> running = new ArrayList<>();

    EchoMqRollups(List<RollupRules.Rule> rules, List<Rollup<AggregateState>> rollups) {
        this.rules = List.copyOf(rules);
        this.rollups = List.copyOf(rollups);
    }

    /**
     * The rollups, in the properties' index order.
     *
     * @return the rollups
     */
    public List<Rollup<AggregateState>> rollups() {
        return rollups;
    }

    /**
     * What each running rollup wrote so far, in index order (empty before the context starts).
     *
     * @return the reports
     */
    public synchronized List<RollupReport> reports() {
        return running.stream().map(Rollup.Running::report).toList();
    }

    /** Starts every rollup's passes. */
    synchronized void start() {
        if (!running.isEmpty()) {
            return;
        }
        for (int i = 0; i < rollups.size(); i++) {
            Rollup<AggregateState> r = rollups.get(i);
            String name = RollupRules.PREFIX + "[" + i + "] (" + r.spec().source() + " into " + r.spec().target() + ")";
            running.add(r.start(rules.get(i).every(), e -> LOG.warn("rollup " + name + ": a pass failed, the next one tries again: "
                    + e.getMessage(), e)));
        }
    }

    /** Stops every rollup's passes (a pass under way finishes). */
    @Override
    public synchronized void close() {
        running.forEach(Rollup.Running::close);
    }

    @Override
    public String toString() {
        return "the rollups " + rules.stream().map(r -> r.spec().source() + " -> " + r.spec().target()).toList();
    }

}
