package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Reads of one fold of one window of one stream, one at a time. Two pages that ask for the same
 * window at once (a restart's live feed and its first request, say) would each fold it from the
 * stream, sharing nothing; in one flight the second waits for the first and is then answered from
 * what the first kept (a hit, or just the entries appended in between). Different windows, folds or
 * streams never wait on each other. The second is read afresh at its own instant, never handed the
 * first one's answer, so no read is older than its call.
 */
final class Flights {

    /** What makes two reads the same: the stream, the window as asked (a sliding one by its length), the fold. */
    private record Key(StreamKey stream, Object window, String fold, int version) {
    }

    /** A lock and how many reads hold or wait for it; the count changes only inside the map's {@code compute}. */
    private static final class Flight {
        final ReentrantLock lock = new ReentrantLock();
        int users;
    }

    private final ConcurrentHashMap<Key, Flight> flights = new ConcurrentHashMap<>();

    /** {@code read}, after any read of the same window of the same fold of {@code stream} that is under way. */
    <T> T one(StreamKey stream, Object window, Fold<?> fold, Supplier<T> read) {
        Key key = new Key(stream, window, fold.name(), fold.version());
        Flight f = flights.compute(key, (k, held) -> {
            Flight g = held == null ? new Flight() : held;
            g.users++;
            return g;
        });
        try {
            f.lock.lock();
            try {
                return read.get();
            } finally {
                f.lock.unlock();
            }
        } finally {
            // the last one out removes it: the map holds only the reads under way
            flights.compute(key, (k, held) -> --held.users == 0 ? null : held);
        }
    }

    /** Reads under way or waiting, by window: none once every read returned. */
    int underWay() {
        return flights.size();
    }
}
