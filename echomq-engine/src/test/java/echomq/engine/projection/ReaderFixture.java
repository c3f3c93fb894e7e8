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

    /** The ids folded, as a fold that cannot combine. */
    static final Fold<Vector<StreamId>> IDS_PLAIN = Fold.of("ids-plain", Vector.empty(), (acc, e) -> acc.append(e.id()));

    final InMemoryStreams streams = new InMemoryStreams();
    final MovableClock clock = new MovableClock(Snowflake.EPOCH_MS + 3_600_000);
    final Snowflake minter = new Snowflake(7, clock::ms);

    StreamEntry append() {
        BrandedId id = minter.nextId();
        return streams.append(KEY, id, LinkedHashMap.of("k", "v"));
    }
}
