package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.testkit.InMemoryStreams;
import echomq.testkit.MovableClock;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;

/** In-memory streams, a hand-moved clock and a minter on it: what the engine's tests read through. */
final class ReaderFixture {

    static final StreamKey KEY = StreamKey.of("eng", "s");

    /** The ids folded, in order: combinable, not invertible. */
    static final CombinableFold<Vector<StreamId>> IDS = CombinableFold.of("ids", 1, Vector.empty(),
            (acc, e) -> acc.append(e.id()), Vector::appendAll);

    /** A count: invertible. */
    static final InvertibleFold<Long> COUNT = InvertibleFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum, (n, e) -> n - 1);

    /**
     * A count in a tally: invertible, as the count is. An entry minted in a millisecond divisible by
     * 5 is unreadable, so a window skips some, and more than a tally names.
     */
    static final InvertibleFold<echomq.domain.fold.Tally<Long>> TALLY = echomq.domain.fold.Tally.counting(
            InvertibleFold.of("readable", 1, 0L, (n, e) -> n + readable(e), Long::sum, (n, e) -> n - readable(e)));

    private static long readable(StreamEntry e) {
        if (e.id().ms() % 5 == 0) {
            throw new echomq.domain.fold.UnreadableEntryException(e.id(), "minted at a multiple of 5 ms");
        }
        return 1;
    }

    /** The ids folded, as a fold that cannot combine. */
    static final Fold<Vector<StreamId>> IDS_PLAIN = Fold.of("ids-plain", Vector.empty(), (acc, e) -> acc.append(e.id()));

    final InMemoryStreams streams = new InMemoryStreams();
    final MovableClock clock = new MovableClock(Snowflake.EPOCH_MS + 3_600_000);
    final Snowflake minter = new Snowflake(7, clock::ms);

    /** Appends {@code n} entries, moving the clock {@code ms} before each. */
    void appendEvery(long ms, int n) {
        for (int i = 0; i < n; i++) {
            clock.advance(ms);
            append();
        }
    }

    StreamEntry append() {
        BrandedId id = minter.nextId();
        return streams.append(KEY, id, LinkedHashMap.of("k", "v"));
    }
}
