package codemojex.app.core.service;

import codemojex.app.core.SeriesQuery;
import codemojex.app.core.port.in.OpeningsQuery;
import codemojex.projections.Channels;
import codemojex.projections.Projections;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.fold.Tally;
import echomq.domain.window.Series;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/** Games opened per room, folds of every partition's {@code room-opened}. */
public final class OpeningsService implements OpeningsQuery {

    /**
     * The fold of the openings: room -> games opened, skipping unreadable entries. Invertible, as the
     * count is, so the default sliding day is kept running: a read folds what came in and retracts
     * what slid out.
     */
    public static final InvertibleFold<Tally<Map<String, Integer>>> OPENINGS_BUCKET = Tally.counting(Projections.roomOpenings());

    private final ProjectionReads reads;

    /** Over the shared reads. */
    public OpeningsService(ProjectionReads reads) {
        this.reads = Objects.requireNonNull(reads, "reads");
    }

    /**
     * A closed span is folded as it is; one open at its end as {@code [from, ∞)} or, without
     * {@code from}, as the last day in hourly panes, so that repeated reads extend one cached fold or
     * combine kept panes (a window closed at each read's "now" was a new cache entry and a full fold
     * per request). Counts per room add up whatever the order: the fold's own combine merges partitions.
     */
    @Override
    public Tally<Map<String, Integer>> openings(Span span) {
        return reads.fold(Channels.ROOM_OPENED, Objects.requireNonNull(span, "span").window(), OPENINGS_BUCKET, OPENINGS_BUCKET::combine);
    }

    @Override
    public Series<Tally<Map<String, Integer>>> openingsSeries(SeriesQuery.Openings query) {
        return reads.series(Channels.ROOM_OPENED, Objects.requireNonNull(query, "query").window(), OPENINGS_BUCKET);
    }

    @Override
    public Option<Instant> keptFrom(Instant start) {
        return reads.keptFrom(Channels.ROOM_OPENED, start);
    }
}
