package echomq.redis;

import io.vavr.control.Either;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Group commit without a thread of its own: callers queue requests, and whoever holds the lock
 * sends everything queued so far as one batch (one round trip), completing each caller's future
 * with its own result. Callers that arrive during a round trip are sent together in the next one,
 * so the number of round trips falls as the number of concurrent callers grows. The leader keeps
 * sending until the queue is empty, so no queued request is left behind.
 *
 * @param <R> a request
 * @param <T> its result
 */
final class GroupCommit<R, T> {

    /**
     * Sends a batch in order; one result per request, in order. Throwing fails the whole batch. A
     * request whose result is final before the rest of its batch is (it landed, while others are
     * sent again) is told to {@code landed} at once, so its caller does not wait for the others.
     */
    @FunctionalInterface
    interface Sender<R, T> {
        List<Either<RuntimeException, T>> send(List<R> batch, Landed<T> landed);
    }

    /** Hears a request's result as soon as it is final: the request at {@code index} of its batch. */
    @FunctionalInterface
    interface Landed<T> {
        /** Nobody hears early results. */
        Landed<Object> NONE = (index, result) -> {
        };

        void early(int index, T result);

        /** {@link #NONE}, typed. */
        @SuppressWarnings("unchecked")
        static <T> Landed<T> none() {
            return (Landed<T>) NONE;
        }
    }

    private record Pending<R, T>(R request, CompletableFuture<T> receipt) {
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final ConcurrentLinkedQueue<Pending<R, T>> queue = new ConcurrentLinkedQueue<>();
    private final Sender<R, T> sender;
    private final int maxBatch;

    GroupCommit(Sender<R, T> sender, int maxBatch) {
        this.sender = Objects.requireNonNull(sender, "sender");
        if (maxBatch < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, got " + maxBatch);
        }
        this.maxBatch = maxBatch;
    }

    /** Queues {@code request}; sends it now when nobody else is sending. The receipt completes when its batch is answered. */
    CompletableFuture<T> submit(R request) {
        Pending<R, T> p = new Pending<>(request, new CompletableFuture<>());
        queue.add(p);
        if (lock.tryLock()) {
            lead();
        }
        return p.receipt();
    }

    /** Queues {@code request} and waits for its result, sending batches itself when it gets the lock. */
    T call(R request) {
        Pending<R, T> p = new Pending<>(request, new CompletableFuture<>());
        queue.add(p);
        boolean interrupted = false;
        while (!p.receipt().isDone()) {
            if (lock.tryLock()) {
                lead();
            } else {
                // someone is sending: it sends this one too before it lets go (lead() drains until empty).
                // Wait on the receipt, not on the lock: a queue of waiters on the lock would hand it over
                // one by one only to find their receipts done. The timeout only bounds the wait for a
                // leader that let go just before this request was queued.
                try {
                    p.receipt().get(1, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    interrupted = true; // the request may be on the wire: wait for its answer all the same
                } catch (ExecutionException | TimeoutException e) {
                    // done exceptionally (reported below), or not yet
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        try {
            return p.receipt().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** How many requests wait to be sent now (for tests: ConcurrentLinkedQueue counts them in linear time). */
    int queued() {
        return queue.size();
    }

    /** Runs {@code work} with nothing else sending, after what was queued before it. */
    <X> X exclusively(Supplier<X> work) {
        lock.lock();
        X result;
        try {
            drainAll();
            result = work.get();
        } catch (RuntimeException e) {
            lead();
            throw e;
        }
        lead();
        return result;
    }

    /** With the lock held: sends until the queue is empty, lets go, and takes over again if a request slipped in meanwhile. */
    private void lead() {
        do {
            try {
                drainAll();
            } finally {
                lock.unlock();
            }
        } while (!queue.isEmpty() && lock.tryLock());
    }

    private void drainAll() {
        while (!queue.isEmpty()) {
            List<Pending<R, T>> batch = new ArrayList<>(Math.min(maxBatch, 64));
            Pending<R, T> p;
            while (batch.size() < maxBatch && (p = queue.poll()) != null) {
                batch.add(p);
            }
            send(batch);
        }
    }

    private void send(List<Pending<R, T>> batch) {
        List<Either<RuntimeException, T>> results;
        try {
            // a receipt completed early is not completed again below: complete() of a done future does nothing
            results = sender.send(batch.stream().map(Pending::request).toList(), (i, result) -> batch.get(i).receipt().complete(result));
        } catch (RuntimeException e) {
            batch.forEach(p -> p.receipt().completeExceptionally(e));
            return;
        }
        if (results.size() != batch.size()) {
            IllegalStateException wrong = new IllegalStateException(results.size() + " results for a batch of " + batch.size());
            batch.forEach(p -> p.receipt().completeExceptionally(wrong));
            return;
        }
        for (int i = 0; i < batch.size(); i++) {
            CompletableFuture<T> receipt = batch.get(i).receipt();
            results.get(i).fold(receipt::completeExceptionally, receipt::complete);
        }
    }
}
