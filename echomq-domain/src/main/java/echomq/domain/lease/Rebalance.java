package echomq.domain.lease;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rebalancing decision, pure: which partitions each live member should own, given the members
 * alive and who holds what now. Every member computes it from the same reads, so they agree without
 * talking to each other; the leases (granted to one member at a time) keep any two views that
 * differ for a moment from both owning a partition.
 * <ul>
 *   <li>Balanced within one: with {@code P} partitions and {@code m} members, {@code P mod m} members
 *       own {@code ceil(P/m)} and the rest {@code floor(P/m)}.</li>
 *   <li>Sticky, so nothing moves without need: a live member keeps what it holds up to its share,
 *       the larger shares going to those holding more than the smaller share (then by name); only the partitions of members
 *       that left, never held, or held beyond a share move, each to the first member (by name)
 *       still under its share. A join moves at most the newcomer's share; a leave only the leaver's
 *       partitions.</li>
 * </ul>
 */
public final class Rebalance {

    private Rebalance() {
    }

    /**
     * What one member does now: acquire what it should own and does not hold, release what it holds
     * and should not.
     *
     * @param acquire the partitions to acquire, in order
     * @param release the partitions to release, in order
     */
    public record Plan(SortedSet<Integer> acquire, SortedSet<Integer> release) {
        /**
         * Copies the sets.
         *
         * @param acquire the partitions to acquire
         * @param release the partitions to release
         */
        public Plan {
            acquire = Collections.unmodifiableSortedSet(new TreeSet<>(acquire));
            release = Collections.unmodifiableSortedSet(new TreeSet<>(release));
        }
    }

    /**
     * Who should own each of {@code partitions} partitions.
     *
     * @param partitions how many partitions, {@code >= 1}
     * @param live       the live members (any order; duplicates count once)
     * @param owners     who holds each partition now (a partition not in it is held by nobody;
     *                   a holder not live counts as nobody)
     * @return each live member's partitions (every live member is a key, with an empty set when its
     *         share is 0); empty when no member is live
     * @throws IllegalArgumentException when {@code partitions < 1} or {@code owners} names a partition out of range
     */
    public static SortedMap<String, SortedSet<Integer>> assign(int partitions, Collection<String> live, Map<Integer, String> owners) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, got " + partitions);
        }
        Objects.requireNonNull(live, "live");
        Objects.requireNonNull(owners, "owners");
        owners.keySet().forEach(p -> {
            if (p == null || p < 0 || p >= partitions) {
                throw new IllegalArgumentException("partition must be 0.." + (partitions - 1) + ", got " + p);
            }
        });
        SortedMap<String, SortedSet<Integer>> held = new TreeMap<>();
        live.forEach(m -> held.put(PartitionLeasePort.requireMember(m), new TreeSet<>()));
        if (held.isEmpty()) {
            return Collections.unmodifiableSortedMap(new TreeMap<>());
        }
        owners.forEach((p, owner) -> {
            SortedSet<Integer> of = owner == null ? null : held.get(owner);
            if (of != null) {
                of.add(p);
            }
        });
        Map<String, Integer> share = shares(partitions, held);
        SortedMap<String, SortedSet<Integer>> target = new TreeMap<>();
        SortedSet<Integer> free = new TreeSet<>();
        for (int p = 0; p < partitions; p++) {
            free.add(p);
        }
        held.forEach((member, mine) -> {
            SortedSet<Integer> kept = new TreeSet<>();
            for (int p : mine) {
                if (kept.size() < share.get(member)) {
                    kept.add(p);
                }
            }
            free.removeAll(kept);
            target.put(member, kept);
        });
        for (int p : free) {
            for (Map.Entry<String, SortedSet<Integer>> e : target.entrySet()) {
                if (e.getValue().size() < share.get(e.getKey())) {
                    e.getValue().add(p);
                    break;
                }
            }
        }
        SortedMap<String, SortedSet<Integer>> out = new TreeMap<>();
        target.forEach((m, s) -> out.put(m, Collections.unmodifiableSortedSet(s)));
        return Collections.unmodifiableSortedMap(out);
    }

    /** Each member's share: {@code P mod m} members (those holding more than the smaller share first, then by name) own one more. */
    private static Map<String, Integer> shares(int partitions, SortedMap<String, SortedSet<Integer>> held) {
        int m = held.size();
        int base = partitions / m;
        int larger = partitions % m;
        List<String> order = new ArrayList<>(held.keySet());
        // those holding a larger share or more first (each keeps one partition more by it), then by name; not by how
        // much more they hold: a member that released down to its larger share keeps its place, so members
        // computing in turn within one round, as the others release, agree
        order.sort(Comparator.comparing((String member) -> held.get(member).size() > base ? 0 : 1).thenComparing(Comparator.naturalOrder()));
        Map<String, Integer> share = new TreeMap<>();
        for (int i = 0; i < order.size(); i++) {
            share.put(order.get(i), base + (i < larger ? 1 : 0));
        }
        return share;
    }

    /**
     * What {@code member} does now, given the target assignment and what it holds.
     *
     * @param member the member
     * @param target the assignment ({@link #assign})
     * @param holds  the partitions it holds now
     * @return what to acquire and what to release
     */
    public static Plan plan(String member, Map<String, ? extends SortedSet<Integer>> target, Collection<Integer> holds) {
        SortedSet<Integer> should = new TreeSet<>();
        if (target.containsKey(member)) {
            should.addAll(target.get(member));
        }
        SortedSet<Integer> acquire = new TreeSet<>(should);
        acquire.removeAll(holds);
        SortedSet<Integer> release = new TreeSet<>(holds);
        release.removeAll(should);
        return new Plan(acquire, release);
    }
}
