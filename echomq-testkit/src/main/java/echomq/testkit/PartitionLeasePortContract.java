package echomq.testkit;

import echomq.domain.lease.Lease;
import echomq.domain.lease.LeaseOutcome;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of every {@link PartitionLeasePort}: one owner per partition at a time, a fencing
 * epoch that increments on every change of owner and never on a renewal, a lapsed or released lease
 * free to take, members that know each other by heartbeats, and bad input refused before any store.
 * <pre>{@code
 * class MyLeasesContractTest extends PartitionLeasePortContract {
 *     protected PartitionLeasePort leases() { return new MyPartitionLeases(client); }
 * }
 * }</pre>
 */
public abstract class PartitionLeasePortContract {

    private static final Duration LONG = Duration.ofMinutes(1);

    /** For a subclass: one per implementation. */
    public PartitionLeasePortContract() {
    }

    /**
     * The port under test.
     *
     * @return the implementation's leases
     */
    protected abstract PartitionLeasePort leases();

    private static PartitionedChannel fresh(int partitions) {
        return new PartitionedChannel("lease-" + UUID.randomUUID(), "work", partitions);
    }

    private static Lease granted(LeaseOutcome outcome) {
        assertThat(outcome).isInstanceOf(LeaseOutcome.Granted.class);
        return outcome.lease();
    }

    @Test
    void aFreePartitionIsGrantedUnderEpochOneAndARenewalKeepsTheEpoch() {
        PartitionedChannel ch = fresh(3);
        assertThat(leases().read(ch, 1)).isEmpty();
        assertThat(leases().epoch(ch, 1)).isZero();
        Lease first = granted(leases().acquire(ch, 1, "a", LONG));
        assertThat(first.partition()).isEqualTo(1);
        assertThat(first.owner()).isEqualTo("a");
        assertThat(first.epoch()).isEqualTo(1);
        Lease renewed = granted(leases().acquire(ch, 1, "a", LONG));
        assertThat(renewed.epoch()).isEqualTo(1);
        assertThat(renewed.expiresAt()).isAfterOrEqualTo(first.expiresAt());
        assertThat(leases().read(ch, 1)).contains(renewed);
        assertThat(leases().epoch(ch, 1)).isEqualTo(1);
        assertThat(leases().read(ch, 0)).isEmpty(); // partitions are leased one by one
    }

    @Test
    void aHeldLeaseIsRefusedToAnotherAndNothingChanges() {
        PartitionedChannel ch = fresh(2);
        Lease held = granted(leases().acquire(ch, 0, "a", LONG));
        LeaseOutcome other = leases().acquire(ch, 0, "b", LONG);
        assertThat(other).isInstanceOf(LeaseOutcome.HeldByAnother.class);
        assertThat(other.lease()).isEqualTo(held);
        assertThat(leases().release(ch, 0, "b")).isFalse();
        assertThat(leases().read(ch, 0)).contains(held);
    }

    @Test
    void aReleaseFreesThePartitionAtOnceAndTheNextOwnerGetsTheNextEpoch() {
        PartitionedChannel ch = fresh(2);
        granted(leases().acquire(ch, 1, "a", LONG));
        assertThat(leases().release(ch, 1, "a")).isTrue();
        assertThat(leases().read(ch, 1)).isEmpty();
        assertThat(leases().epoch(ch, 1)).isEqualTo(1); // kept: the next acquire increments it
        assertThat(leases().release(ch, 1, "a")).isFalse();
        assertThat(granted(leases().acquire(ch, 1, "b", LONG)).epoch()).isEqualTo(2);
        assertThat(leases().acquire(ch, 1, "a", LONG)).isInstanceOf(LeaseOutcome.HeldByAnother.class);
        assertThat(leases().release(ch, 1, "b")).isTrue();
        assertThat(granted(leases().acquire(ch, 1, "b", LONG)).epoch()).isEqualTo(3); // a new incarnation, even of the same owner
    }

    @Test
    void aLapsedLeaseIsTakenOverUnderANewEpoch() {
        PartitionedChannel ch = fresh(1);
        granted(leases().acquire(ch, 0, "a", Duration.ofMillis(1)));
        awaitTrue(() -> leases().acquire(ch, 0, "b", LONG) instanceof LeaseOutcome.Granted);
        assertThat(leases().read(ch, 0).get().owner()).isEqualTo("b");
        assertThat(leases().epoch(ch, 0)).isEqualTo(2);
        assertThat(leases().acquire(ch, 0, "a", LONG)).isInstanceOf(LeaseOutcome.HeldByAnother.class);
    }

    @Test
    void ofManyRacingForAFreePartitionExactlyOneIsGranted() throws Exception {
        PartitionedChannel ch = fresh(4);
        int racers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<LeaseOutcome>> outcomes = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                String owner = "racer-" + i;
                outcomes.add(pool.submit(() -> {
                    go.await();
                    return leases().acquire(ch, 3, owner, LONG);
                }));
            }
            go.countDown();
            List<LeaseOutcome> all = new ArrayList<>();
            for (Future<LeaseOutcome> f : outcomes) {
                all.add(f.get());
            }
            assertThat(all).filteredOn(o -> o instanceof LeaseOutcome.Granted).hasSize(1);
            Lease winner = all.stream().filter(o -> o instanceof LeaseOutcome.Granted).findFirst().orElseThrow().lease();
            assertThat(winner.epoch()).isEqualTo(1);
            assertThat(all).allSatisfy(o -> assertThat(o.lease()).isEqualTo(winner));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void membersKnowEachOtherByHeartbeatsAndALeaveIsAtOnce() {
        PartitionedChannel ch = fresh(3);
        assertThat(leases().heartbeat(ch, "b", LONG)).containsExactly("b");
        assertThat(leases().heartbeat(ch, "a", LONG)).containsExactly("a", "b");
        leases().leave(ch, "b");
        assertThat(leases().heartbeat(ch, "a", LONG)).containsExactly("a");
        leases().heartbeat(ch, "c", Duration.ofMillis(1));
        awaitTrue(() -> leases().heartbeat(ch, "a", LONG).equals(List.of("a")));
    }

    @Test
    void badInputIsRefusedBeforeAnyStore() {
        PartitionedChannel ch = fresh(2);
        assertThatThrownBy(() -> leases().acquire(ch, 2, "a", LONG)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 2");
        assertThatThrownBy(() -> leases().acquire(ch, -1, "a", LONG)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got -1");
        assertThatThrownBy(() -> leases().acquire(ch, 0, "a b", LONG)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'a b'");
        assertThatThrownBy(() -> leases().acquire(ch, 0, "", LONG)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("''");
        assertThatThrownBy(() -> leases().acquire(ch, 0, "a", Duration.ZERO)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PT0S");
        assertThatThrownBy(() -> leases().release(ch, 5, "a")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 5");
        assertThatThrownBy(() -> leases().read(ch, 2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 2");
        assertThatThrownBy(() -> leases().heartbeat(ch, "x\ty", LONG)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> leases().heartbeat(ch, "a", Duration.ofNanos(10))).isInstanceOf(IllegalArgumentException.class);
        assertThat(leases().read(ch, 0)).isEmpty();
        assertThat(leases().heartbeat(ch, "a", LONG)).containsExactly("a");
    }

    private static void awaitTrue(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not so within 10 s");
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
