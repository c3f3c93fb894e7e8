package echomq.engine.lease;

import echomq.domain.partition.PartitionedChannel;
import echomq.testkit.InMemoryPartitionLeases;
import echomq.testkit.MovableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Members that beat, rebalance and renew every third of the lease: one owner per partition, balanced, a dead member's partitions taken within two periods. */
class PartitionOwnershipTest {

    private static final Duration LEASE = Duration.ofSeconds(9);

    /** Tells what its member gained and lost, and checks a partition is never gained twice without a loss between. */
    private static final class Heard implements PartitionOwnership.Listener {
        final SortedMap<Integer, Long> owns = new TreeMap<>();
        final List<String> events = new ArrayList<>();

        @Override
        public void gained(int p, long epoch) {
            assertThat(owns).doesNotContainKey(p);
            owns.put(p, epoch);
            events.add("+" + p + "@" + epoch);
        }

        @Override
        public void lost(int p) {
            assertThat(owns).containsKey(p);
            owns.remove(p);
            events.add("-" + p);
        }
    }

    private final MovableClock clock = new MovableClock();
    private final InMemoryPartitionLeases leases = new InMemoryPartitionLeases(clock);

    private record Member(PartitionOwnership own, Heard heard) {
    }

    private Member member(PartitionedChannel ch, String name) {
        Heard heard = new Heard();
        return new Member(new PartitionOwnership(leases, ch, name, LEASE, clock, heard), heard);
    }

    /** One round of every member given, then a third of the lease passes. */
    private void round(List<Member> members) {
        members.forEach(m -> m.own().tick());
        clock.advance(LEASE.dividedBy(3));
    }

    /** Every partition is owned by exactly one of {@code members}, each owning within one of the others, at the epochs the store holds. */
    private void assertOneOwnerEach(PartitionedChannel ch, List<Member> members) {
        Map<Integer, String> ownerOf = new HashMap<>();
        for (Member m : members) {
            assertThat(m.heard().owns).isEqualTo(m.own().owned());
            m.own().owned().forEach((p, epoch) -> {
                assertThat(ownerOf.put(p, m.toString())).as("partition %d owned twice", p).isNull();
                assertThat(leases.epoch(ch, p)).isEqualTo(epoch);
            });
        }
        assertThat(ownerOf).hasSize(ch.partitions());
        int min = members.stream().mapToInt(m -> m.own().owned().size()).min().orElseThrow();
        int max = members.stream().mapToInt(m -> m.own().owned().size()).max().orElseThrow();
        assertThat(max - min).isLessThanOrEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "3, 3", "6, 3", "5, 2", "2, 3", "64, 5"})
    void membersThatJoinOneByOneSettleOnOneOwnerPerPartitionWithinTwoRounds(int partitions, int count) {
        PartitionedChannel ch = new PartitionedChannel("own", "work", partitions);
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            members.add(member(ch, "m" + i));
            round(members);
            round(members);
            assertOneOwnerEach(ch, members);
        }
    }

    @ParameterizedTest
    @CsvSource({"3, 3", "6, 3", "4, 2"})
    void aDeadMembersPartitionsAreTakenWithinTwoLeasePeriodsUnderNewEpochs(int partitions, int count) {
        PartitionedChannel ch = new PartitionedChannel("own", "work", partitions);
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            members.add(member(ch, "m" + i));
        }
        for (int i = 0; i < 3; i++) {
            round(members);
        }
        assertOneOwnerEach(ch, members);
        Member dead = members.remove(0);
        SortedMap<Integer, Long> orphaned = dead.own().owned();
        // the dead member stops: no round, no release. Six rounds are two lease periods.
        for (int i = 0; i < 6; i++) {
            round(members);
        }
        assertOneOwnerEach(ch, members);
        orphaned.forEach((p, epoch) -> assertThat(leases.epoch(ch, p)).isGreaterThan(epoch));
        // on its side, the dead member's leases lapsed too: it tells its listener when it runs again
        dead.own().tick();
        assertThat(dead.heard().owns).isEmpty();
    }

    @Test
    void aCleanStopReleasesAtOnceAndTheOthersTakeOverAtTheirNextRound() {
        PartitionedChannel ch = new PartitionedChannel("own", "work", 4);
        List<Member> members = new ArrayList<>(List.of(member(ch, "a"), member(ch, "b")));
        round(members);
        round(members);
        assertOneOwnerEach(ch, members);
        Member leaving = members.remove(1);
        leaving.own().stop();
        assertThat(leaving.heard().owns).isEmpty();
        members.get(0).own().tick();
        assertThat(members.get(0).own().owned()).hasSize(4);
        assertOneOwnerEach(ch, members);
    }

    @Test
    void aFencedPartitionIsGivenUpAndTakenAgainOnlyUnderANewerEpoch() {
        PartitionedChannel ch = new PartitionedChannel("own", "work", 2);
        Member a = member(ch, "a");
        a.own().tick();
        long epoch = a.own().owned().get(0);
        a.own().relinquish(0, epoch + 5); // an older write's epoch is ignored only when it is not this lease's
        assertThat(a.own().owned()).containsKey(0);
        a.own().relinquish(0, epoch);
        assertThat(a.heard().events).endsWith("-0");
        a.own().tick(); // still its own in the store: renewed under the same epoch, gained again
        assertThat(a.own().owned()).containsEntry(0, epoch);
    }

    @Test
    void aLeaseItCannotRenewIsLostOnItsSideAfterOnePeriod() {
        PartitionedChannel ch = new PartitionedChannel("own", "work", 1);
        boolean[] down = {false};
        Heard heard = new Heard();
        List<RuntimeException> failures = new ArrayList<>();
        PartitionOwnership own = new PartitionOwnership(new FailingLeases(leases, down), ch, "a", LEASE, clock, new PartitionOwnership.Listener() {
            public void gained(int p, long epoch) { heard.gained(p, epoch); }
            public void lost(int p) { heard.lost(p); }
            public void failed(RuntimeException e) { failures.add(e); }
        });
        own.start();
        own.stop();
        own = new PartitionOwnership(new FailingLeases(leases, down), ch, "a", LEASE, clock, heard);
        own.tick();
        assertThat(own.owned()).hasSize(1);
        down[0] = true;
        clock.advance(LEASE.minusMillis(1));
        assertThatThrownBy(own::tick).hasMessageContaining("down");
        assertThat(own.owned()).hasSize(1);
        clock.advance(Duration.ofMillis(1));
        assertThatThrownBy(own::tick).hasMessageContaining("down");
        assertThat(own.owned()).isEmpty();
        assertThat(heard.owns).isEmpty();
    }

    @Test
    void aStopWithTheStoreDownStillTellsEveryPartitionLostAndTheFailures() {
        PartitionedChannel ch = new PartitionedChannel("own", "work", 3);
        boolean[] down = {false};
        Heard heard = new Heard();
        List<RuntimeException> failures = new ArrayList<>();
        PartitionOwnership own = new PartitionOwnership(new FailingLeases(leases, down), ch, "a", LEASE, clock, new PartitionOwnership.Listener() {
            public void gained(int p, long epoch) { heard.gained(p, epoch); }
            public void lost(int p) { heard.lost(p); }
            public void failed(RuntimeException e) { failures.add(e); }
        });
        own.tick();
        assertThat(heard.owns).hasSize(3);
        down[0] = true;
        own.stop();
        assertThat(heard.owns).isEmpty();
        assertThat(own.owned()).isEmpty();
        assertThat(failures).hasSize(4); // three releases and the leave
    }

    @Test
    void aMemberThatNeverRanARoundWritesNothingWhenItStops() {
        PartitionedChannel ch = new PartitionedChannel("own", "work", 2);
        boolean[] down = {true}; // any call would fail
        List<RuntimeException> failures = new ArrayList<>();
        PartitionOwnership own = new PartitionOwnership(new FailingLeases(leases, down), ch, "a", LEASE, clock, new PartitionOwnership.Listener() {
            public void gained(int p, long epoch) { }
            public void lost(int p) { }
            public void failed(RuntimeException e) { failures.add(e); }
        });
        own.stop();
        assertThat(failures).isEmpty();
    }

    @Test
    void badArgumentsAreRefused() {
        PartitionedChannel ch = new PartitionedChannel("own", "work", 1);
        assertThatThrownBy(() -> new PartitionOwnership(leases, ch, "a b", LEASE, clock, new Heard())).hasMessageContaining("'a b'");
        assertThatThrownBy(() -> new PartitionOwnership(leases, ch, "a", Duration.ofMillis(2), clock, new Heard())).hasMessageContaining("PT0.002S");
    }

    /** The leases, failing every call while {@code down[0]}. */
    private record FailingLeases(InMemoryPartitionLeases leases, boolean[] down) implements echomq.domain.lease.PartitionLeasePort {
        private void check() {
            if (down[0]) {
                throw new IllegalStateException("the store is down");
            }
        }

        public echomq.domain.lease.LeaseOutcome acquire(PartitionedChannel c, int p, String o, Duration t) { check(); return leases.acquire(c, p, o, t); }
        public boolean release(PartitionedChannel c, int p, String o) { check(); return leases.release(c, p, o); }
        public io.vavr.control.Option<echomq.domain.lease.Lease> read(PartitionedChannel c, int p) { check(); return leases.read(c, p); }
        public long epoch(PartitionedChannel c, int p) { check(); return leases.epoch(c, p); }
        public List<String> heartbeat(PartitionedChannel c, String m, Duration t) { check(); return leases.heartbeat(c, m, t); }
        public void leave(PartitionedChannel c, String m) { check(); leases.leave(c, m); }
    }
}
