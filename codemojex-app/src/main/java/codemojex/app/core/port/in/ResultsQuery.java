package codemojex.app.core.port.in;

import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/** A day's results: the games settled on it. */
public interface ResultsQuery {

    /** The games settled on {@code day} in {@code zone}, in settle order, with the entries skipped as unreadable. */
    Tally<Vector<Projections.Result>> results(LocalDate day, ZoneId zone);

    /**
     * When a window starting at {@code start} reaches past what retention kept of {@code game-settled}
     * ({@code serve --keep}, {@code trim}), the instant from which it holds everything; none when it was kept whole.
     */
    Option<Instant> keptFrom(Instant start);
}
