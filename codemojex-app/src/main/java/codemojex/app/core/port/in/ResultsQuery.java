package codemojex.app.core.port.in;

import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import io.vavr.collection.Vector;

import java.time.LocalDate;
import java.time.ZoneId;

/** A day's results: the games settled on it. */
public interface ResultsQuery {

    /** The games settled on {@code day} in {@code zone}, in settle order, with the entries skipped as unreadable. */
    Tally<Vector<Projections.Result>> results(LocalDate day, ZoneId zone);
}
