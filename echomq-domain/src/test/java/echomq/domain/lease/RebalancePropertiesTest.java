package echomq.domain.lease;

import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rebalancing decision: balanced within one, each partition to exactly one live member, no partition moved without need. */
class RebalancePropertiesTest {

    private record Case(int partitions, List<String> live, Map<Integer, String> owners) {
    }

    private static Case random(Random r) {
        int partitions = 1 + r.nextInt(64);
        List<String> pool = IntStream.range(0, 1 + r.nextInt(12)).mapToObj(i -> "m" + i).toList();
        List<String> live = new ArrayList<>();
        pool.forEach(m -> {
            if (r.nextInt(3) > 0) {
                live.add(m);
            }
        });
        if (live.isEmpty()) {
            live.add(pool.get(0));
        }
        Map<Integer, String> owners = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            if (r.nextInt(4) > 0) {
                owners.put(p, r.nextInt(5) == 0 ? "gone" + r.nextInt(3) : pool.get(r.nextInt(pool.size())));
            }
        }
        Collections.shuffle(live, r);
        return new Case(partitions, live, owners);
    }

    @TestFactory
    Stream<DynamicTest> balancedExactlyOneLiveOwnerAndMinimalMovement() {
        Random r = Seeded.random("RebalancePropertiesTest");
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            Case c = random(r);
            return DynamicTest.dynamicTest("case " + i + ": " + c.partitions() + " partitions, live " + c.live(), () -> check(c));
        });
    }

    private static void check(Case c) {
        SortedMap<String, SortedSet<Integer>> target = Rebalance.assign(c.partitions(), c.live(), c.owners());
        assertThat(target.keySet()).containsExactlyInAnyOrderElementsOf(Set.copyOf(c.live()));
        // every partition owned by exactly one live member
        Map<Integer, String> ownerOf = new HashMap<>();
        target.forEach((m, ps) -> ps.forEach(p -> assertThat(ownerOf.put(p, m)).as("partition %d owned twice", p).isNull()));
        assertThat(ownerOf.keySet()).containsExactlyInAnyOrderElementsOf(IntStream.range(0, c.partitions()).boxed().toList());
        // balanced within one
        int min = target.values().stream().mapToInt(Set::size).min().orElseThrow();
        int max = target.values().stream().mapToInt(Set::size).max().orElseThrow();
        assertThat(max - min).isLessThanOrEqualTo(1);
        // minimal movement: a partition leaves a live holder only beyond the largest shares it could keep
        int m = target.size();
        int base = c.partitions() / m;
        int larger = c.partitions() % m;
        List<Integer> held = new ArrayList<>(target.keySet().stream()
                .map(member -> (int) c.owners().values().stream().filter(member::equals).count()).toList());
        held.sort(Collections.reverseOrder());
        int least = 0;
        for (int i = 0; i < held.size(); i++) {
            least += Math.max(0, held.get(i) - (base + (i < larger ? 1 : 0)));
        }
        long moved = c.owners().entrySet().stream()
                .filter(e -> target.containsKey(e.getValue()) && !e.getValue().equals(ownerOf.get(e.getKey()))).count();
        assertThat(moved).isEqualTo(least);
        // the same answer whatever the order of the members
        List<String> reversed = new ArrayList<>(c.live());
        Collections.reverse(reversed);
        assertThat(Rebalance.assign(c.partitions(), reversed, c.owners())).isEqualTo(target);
        // each member's plan takes it from what it holds to its target
        for (String member : target.keySet()) {
            Set<Integer> holds = new TreeSet<>(c.owners().entrySet().stream().filter(e -> member.equals(e.getValue())).map(Map.Entry::getKey).toList());
            Rebalance.Plan plan = Rebalance.plan(member, target, holds);
            Set<Integer> after = new TreeSet<>(holds);
            after.removeAll(plan.release());
            after.addAll(plan.acquire());
            assertThat(after).isEqualTo(target.get(member));
            assertThat(new TreeSet<>(plan.acquire()).removeAll(plan.release())).isFalse();
        }
    }

    @TestFactory
    Stream<DynamicTest> aJoinMovesAtMostTheNewcomersShareAndALeaveOnlyTheLeaversPartitions() {
        Random r = Seeded.random("RebalancePropertiesTest.joinLeave");
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            int partitions = 1 + r.nextInt(64);
            int members = 1 + r.nextInt(8);
            return DynamicTest.dynamicTest("case " + i + ": " + partitions + " partitions, " + members + " members", () -> {
                List<String> live = new ArrayList<>(IntStream.range(0, members).mapToObj(k -> "m" + k).toList());
                Map<Integer, String> owners = owners(Rebalance.assign(partitions, live, Map.of()));
                // join
                List<String> joined = new ArrayList<>(live);
                joined.add("new");
                Map<Integer, String> afterJoin = owners(Rebalance.assign(partitions, joined, owners));
                long moved = IntStream.range(0, partitions).filter(p -> !owners.get(p).equals(afterJoin.get(p))).count();
                assertThat(moved).isLessThanOrEqualTo((partitions + members) / (members + 1));
                assertThat(moved).isEqualTo(afterJoin.values().stream().filter("new"::equals).count());
                // leave
                if (members > 1) {
                    String leaver = live.get(r.nextInt(members));
                    List<String> left = new ArrayList<>(live);
                    left.remove(leaver);
                    Map<Integer, String> afterLeave = owners(Rebalance.assign(partitions, left, owners));
                    IntStream.range(0, partitions).filter(p -> !owners.get(p).equals(leaver))
                            .forEach(p -> assertThat(afterLeave.get(p)).as("partition %d of a member that stayed", p).isEqualTo(owners.get(p)));
                }
            });
        });
    }

    private static Map<Integer, String> owners(Map<String, SortedSet<Integer>> target) {
        Map<Integer, String> owners = new HashMap<>();
        target.forEach((m, ps) -> ps.forEach(p -> owners.put(p, m)));
        return owners;
    }

    @Test
    void edgeCases() {
        assertThat(Rebalance.assign(3, List.of(), Map.of(0, "a"))).isEmpty();
        assertThat(Rebalance.assign(1, List.of("b", "a"), Map.of())).containsEntry("a", new TreeSet<>(Set.of(0))).containsEntry("b", new TreeSet<>());
        assertThat(Rebalance.assign(1, List.of("b", "a"), Map.of(0, "b"))).containsEntry("b", new TreeSet<>(Set.of(0)));
        assertThat(Rebalance.assign(2, List.of("a", "b", "c"), Map.of(0, "c", 1, "c")).get("c")).hasSize(1);
        assertThatThrownBy(() -> Rebalance.assign(0, List.of("a"), Map.of())).hasMessageContaining("got 0");
        assertThatThrownBy(() -> Rebalance.assign(2, List.of("a"), Map.of(2, "a"))).hasMessageContaining("got 2");
        assertThatThrownBy(() -> Rebalance.assign(2, List.of("a b"), Map.of())).hasMessageContaining("'a b'");
        assertThatThrownBy(() -> new Lease(0, "a", 0, java.time.Instant.EPOCH)).hasMessageContaining("epoch must be >= 1, got 0");
        assertThatThrownBy(() -> new Lease(-1, "a", 1, java.time.Instant.EPOCH)).hasMessageContaining("got -1");
    }
}
