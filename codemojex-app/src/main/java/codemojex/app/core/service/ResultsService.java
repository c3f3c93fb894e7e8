package codemojex.app.core.service;

import codemojex.app.core.Dates;
import codemojex.app.core.port.in.ResultsQuery;
import codemojex.projections.Channels;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Objects;

/** A day's results, a fold of every partition's {@code game-settled} over the day's calendar window. */
public final class ResultsService implements ResultsQuery {

    private final ProjectionReads reads;

    /** Over the shared reads. */
    public ResultsService(ProjectionReads reads) {
        this.reads = Objects.requireNonNull(reads, "reads");
    }

    @Override
    public Tally<Vector<Projections.Result>> results(LocalDate day, ZoneId zone) {
        Dates.requireWithin("day", day);
        return reads.fold(Channels.GAME_SETTLED, Projections.day(day, zone), Tally.counting(Projections.dayResults()),
                Tally.merging(Projections::mergeResults));
    }

    @Override
    public Option<Instant> keptFrom(Instant start) {
        return reads.keptFrom(Channels.GAME_SETTLED, start);
    }
}
