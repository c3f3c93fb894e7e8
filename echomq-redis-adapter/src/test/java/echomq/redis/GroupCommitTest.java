package echomq.redis;

import io.vavr.control.Either;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The combining of {@link GroupCommit}, with a sender that records its batches (the Redis path runs in the append contract). */
class GroupCommitTest {

    /** Answers each request with itself, fails the odd ones it is told to, and records every batch. */
    static final class Recording implements GroupCommit.Sender<Integer, Integer> {
        final List<List<Integer>> batches = Collections.synchronizedList(new ArrayList<>());
        volatile CountDownLatch gate = new CountDownLatch(0);

        @Override
        public List<Either<RuntimeException, Integer>> send(List<Integer> batch, GroupCommit.Landed<Integer> landed) {
            batches.add(List.copyOf(batch));
            try {
                gate.await(5, TimeUnit.SECONDS); // a slow round trip, while others queue up
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return batch.stream().<Either<RuntimeException, Integer>>map(i -> i < 0
                    ? Either.left(new IllegalStateException("refused " + i)) : Either.right(i)).toList();
        }
    }

    @Test
    void callersArrivingDuringARoundTripAreSentTogetherAndEachGetsItsOwnResult() throws Exception {
        Recording sender = new Recording();
        GroupCommit<Integer, Integer> commit = new GroupCommit<>(sender, 1000);
        sender.gate = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(9);
        try {
            Future<Integer> first = pool.submit(() -> commit.call(0)); // leads, and waits on the gate
            while (sender.batches.isEmpty()) {
                Thread.onSpinWait();
            }
            List<Future<Integer>> others = new ArrayList<>();
            for (int i = 1; i <= 8; i++) {
                int n = i == 5 ? -5 : i;
                others.add(pool.submit(() -> commit.call(n)));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (commit.queued() < 8 && System.nanoTime() < deadline) { // all eight queued behind the first round trip
                Thread.sleep(5);
            }
            assertThat(commit.queued()).as("callers queued behind the first round trip").isEqualTo(8);
            sender.gate.countDown();
            assertThat(first.get(10, TimeUnit.SECONDS)).isZero();
            for (int i = 0; i < 8; i++) {
                Future<Integer> f = others.get(i);
                if (i == 4) {
                    assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("refused -5"); // a refused request fails only its own caller
                } else {
                    assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo(i + 1);
                }
            }
            assertThat(sender.batches).hasSize(2);
            assertThat(sender.batches.get(1)).hasSize(8);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void asyncRequestsAreNeverLeftBehindAndOrderIsKeptPerCaller() throws Exception {
        Recording sender = new Recording();
        GroupCommit<Integer, Integer> commit = new GroupCommit<>(sender, 7);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        AtomicInteger next = new AtomicInteger();
        try {
            List<Future<List<CompletableFuture<Integer>>>> callers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                callers.add(pool.submit(() -> {
                    List<CompletableFuture<Integer>> mine = new ArrayList<>();
                    for (int i = 0; i < 500; i++) {
                        mine.add(commit.submit(next.incrementAndGet()));
                    }
                    return mine;
                }));
            }
            List<Integer> sent = new ArrayList<>();
            for (Future<List<CompletableFuture<Integer>>> c : callers) {
                List<Integer> mine = new ArrayList<>();
                for (CompletableFuture<Integer> r : c.get(10, TimeUnit.SECONDS)) {
                    mine.add(r.get(10, TimeUnit.SECONDS));
                }
                assertThat(mine).isSorted();
                sent.addAll(mine);
            }
            assertThat(sent).hasSize(2000).doesNotHaveDuplicates();
            assertThat(sender.batches).allSatisfy(b -> assertThat(b.size()).isBetween(1, 7));
            assertThat(sender.batches.stream().mapToInt(List::size).sum()).isEqualTo(2000);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailedBatchFailsEveryCallerInItAndExclusiveWorkWaitsForTheQueue() {
        GroupCommit<Integer, Integer> broken = new GroupCommit<>((batch, landed) -> {
            throw new IllegalStateException("connection lost");
        }, 10);
        assertThatThrownBy(() -> broken.call(1)).isInstanceOf(IllegalStateException.class).hasMessage("connection lost");
        assertThat(broken.submit(2)).isCompletedExceptionally();

        Recording sender = new Recording();
        GroupCommit<Integer, Integer> commit = new GroupCommit<>(sender, 10);
        assertThat(commit.exclusively(() -> sender.batches.size())).isZero();
        assertThatThrownBy(() -> new GroupCommit<Integer, Integer>(sender, 0)).hasMessageContaining("0");
    }

    /**
     * A request that landed while a neighbour in its batch is sent again (a refusal minted again
     * above another writer's top) gets its receipt at once, not after the neighbour's round trips.
     */
    @Test
    void aRequestThatLandedIsAnsweredWhileItsNeighbourIsStillBeingSentAgain() throws Exception {
        CountDownLatch onFirstTrip = new CountDownLatch(1);
        CountDownLatch firstTrip = new CountDownLatch(1);
        CountDownLatch resend = new CountDownLatch(1);
        CountDownLatch heldUp = new CountDownLatch(1);
        GroupCommit<Integer, Integer> commit = new GroupCommit<>((batch, landed) -> {
            try {
                if (batch.contains(0)) {
                    onFirstTrip.countDown();
                    firstTrip.await(10, TimeUnit.SECONDS); // a slow round trip, while the next batch queues up
                } else {
                    for (int i = 0; i < batch.size(); i++) {
                        if (batch.get(i) > 0) {
                            landed.early(i, batch.get(i));
                        }
                    }
                    heldUp.countDown();
                    resend.await(10, TimeUnit.SECONDS); // the refused one's further round trips
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return batch.stream().<Either<RuntimeException, Integer>>map(n -> Either.right(Math.abs(n))).toList();
        }, 10);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> leader = pool.submit(() -> commit.call(0)); // leads, and holds the lock on the first trip
            assertThat(onFirstTrip.await(10, TimeUnit.SECONDS)).isTrue();
            // queued while the leader is busy: the leader sends them as one batch after its first trip
            List<java.util.concurrent.CompletableFuture<Integer>> receipts = List.of(commit.submit(1), commit.submit(-2), commit.submit(3));
            firstTrip.countDown();
            assertThat(heldUp.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(receipts.get(0)).isCompletedWithValue(1);
            assertThat(receipts.get(2)).isCompletedWithValue(3);
            assertThat(receipts.get(1)).isNotDone();
            resend.countDown();
            assertThat(leader.get(10, TimeUnit.SECONDS)).isZero();
            assertThat(receipts.get(1).get(10, TimeUnit.SECONDS)).isEqualTo(2);
            assertThat(receipts.get(0)).isCompletedWithValue(1); // not completed twice with the batch's result
        } finally {
            pool.shutdownNow();
        }
    }

}
