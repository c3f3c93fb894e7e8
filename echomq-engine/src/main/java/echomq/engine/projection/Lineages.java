package echomq.engine.projection;

import echomq.domain.observe.EchoEvent;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;

import io.vavr.control.Option;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The proof that a stream is still the one the reader folded before. Counters such as
 * {@code entries-added} describe one incarnation of a stream only, so each read probes for the
 * last entry this reader saw (id and branded id, in the same atomic step as the state read): the
 * stream continues the same history only if that entry is still there with the same branded id
 * (branded ids are minted once) and nothing that only grows went down
 * ({@link StreamState#canPrecede}). A stream deleted and created again, replaced, restored, emptied
 * by a restart without persistence, or behind on a promoted replica fails one of the two and gets
 * a new lineage: every fold kept under the old one is void. Where no entry was seen to anchor on,
 * the read starts a new lineage too.
 */
final class Lineages {

    /** Per stream: its lineage and the state last seen (with its last entry, the next read's anchor). */
    private record Lineage(long id, StreamState seen) {
    }

    private final StreamStatePort states;
    private final ReaderMetrics metrics;
    private final Map<StreamKey, Lineage> lineages = new HashMap<>();
    private final AtomicLong ids = new AtomicLong();

    /**
     * @param states  the state port each read observes through
     * @param metrics counts the state reads
     */
    Lineages(StreamStatePort states, ReaderMetrics metrics) {
        this.states = Objects.requireNonNull(states, "states");
        this.metrics = metrics;
    }

    /** Reads the stream's state (one {@code XINFO STREAM} with its probe) and proves its lineage. */
    Seen read(StreamKey key) {
        metrics.stateRead(new EchoEvent.StateRead(key));
        Lineage known;
        synchronized (lineages) {
            known = lineages.get(key);
        }
        Option<EntryMark> anchor = known == null ? Option.none() : known.seen().lastEntry();
        Option<StreamState> now;
        boolean continues;
        if (anchor.isDefined()) {
            StreamObservation o = states.observe(key, anchor.get().id());
            now = o.state();
            continues = now.isDefined() && o.probed().equals(anchor) && known.seen().canPrecede(now.get());
        } else {
            now = states.state(key);
            continues = false;
        }
        long id = continues ? known.id() : ids.incrementAndGet();
        synchronized (lineages) {
            if (now.isDefined()) {
                lineages.put(key, new Lineage(id, now.get()));
            } else {
                lineages.remove(key);
            }
        }
        return new Seen(now, id);
    }

    /** How many lineages were started: first reads, and streams not provably the ones read before. */
    long started() {
        return ids.get();
    }
}
