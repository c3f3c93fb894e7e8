package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Every way the reader can split a run of entries, done by hand: pages (a fold carried on from an
 * accumulator), pieces combined in any association (panes, buckets, suffixes), partitions interleaved
 * and merged in any order, and pieces kept through the codec.
 */
final class Splits {

    private Splits() {
    }

    static StreamEntry entry(long ms, String field, String value) {
        return new StreamEntry(StreamId.of(ms, 0), Option.none(), LinkedHashMap.of(field, value));
    }

    /** The run folded page by page: each page folded on from the previous accumulator. */
    static <A> A paged(Checkpointable<A> fold, List<StreamEntry> entries, Random r) {
        A acc = fold.initial();
        int i = 0;
        while (i < entries.size()) {
            int page = 1 + r.nextInt(Math.max(1, entries.size() / 3));
            acc = fold.foldFrom(acc, entries.subList(i, Math.min(entries.size(), i + page)));
            i += page;
        }
        return acc;
    }

    /** The run cut into adjacent pieces at random, some kept through the codec, combined in a random association. */
    static <A> A pieces(Checkpointable<A> fold, List<StreamEntry> entries, Random r) {
        List<A> pieces = new ArrayList<>();
        int i = 0;
        while (i < entries.size() || pieces.isEmpty()) {
            // an empty piece now and then: initial is the identity
            int size = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(Math.max(1, entries.size() / 2));
            A piece = fold.foldAll(entries.subList(i, Math.min(entries.size(), i + size)));
            pieces.add(r.nextInt(3) == 0 ? fold.codec().decode(fold.codec().encode(piece)) : piece);
            i += size;
        }
        return associate(fold, pieces, r);
    }

    /** Adjacent pieces combined in a random tree: associativity, the way panes and suffixes are combined. */
    static <A> A associate(Checkpointable<A> fold, List<A> pieces, Random r) {
        List<A> left = new ArrayList<>(pieces);
        while (left.size() > 1) {
            int at = r.nextInt(left.size() - 1);
            left.set(at, fold.combine(left.get(at), left.remove(at + 1)));
        }
        return left.isEmpty() ? fold.initial() : left.get(0);
    }

    /** The run dealt to partitions at random (keeping each one's order), folded apart and merged in a random order. */
    static <A> A partitioned(Checkpointable<A> fold, List<StreamEntry> entries, Random r) {
        int n = 1 + r.nextInt(5);
        List<List<StreamEntry>> parts = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            parts.add(new ArrayList<>());
        }
        for (StreamEntry e : entries) {
            parts.get(r.nextInt(n)).add(e);
        }
        List<A> folded = new ArrayList<>();
        for (List<StreamEntry> part : parts) {
            folded.add(paged(fold, part, r));
        }
        java.util.Collections.shuffle(folded, r);
        A acc = fold.initial();
        for (A a : folded) {
            acc = fold.combine(acc, a);
        }
        return acc;
    }
}
