package codemojex.app.http;

import codemojex.projections.Projections;
import com.fasterxml.jackson.annotation.JsonInclude;
import echomq.domain.fold.Tally;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

/**
 * The games settled on a day, as {@code GET /results} answers it.
 *
 * @param day     the day (ISO-8601 date)
 * @param zone    the zone the day is in
 * @param results the games, in settle order
 * @param skipped unreadable entries left out (see {@code /health})
 * @param keptFrom when the day reaches past what retention kept ({@code serve --keep}), the instant
 *                 from which it holds everything; left out when it was kept whole
 */
record ResultsWeb(String day, String zone, List<Result> results, long skipped,
                  @JsonInclude(JsonInclude.Include.NON_EMPTY)
                  Option<String> keptFrom) {

    /**
     * A settled game.
     *
     * @param settledAt when it settled (ISO-8601)
     * @param game      the game
     * @param room      its room
     * @param winner    the name of who cracked it
     * @param winnerId  the player id of who cracked it
     * @param secret    its code, revealed now that it is over
     */
    record Result(String settledAt, String game, String room, String winner, String winnerId, List<String> secret) {
    }

    /** The results of {@code day} in {@code zone}. */
    static ResultsWeb of(LocalDate day, ZoneId zone, Tally<Vector<Projections.Result>> results) {
        return new ResultsWeb(day.toString(), zone.getId(), results.value().map(r -> new Result(r.settledAt().toString(), r.settled().game(),
                r.settled().room(), r.settled().winner(), r.settled().winnerId(), GameWeb.emojis(r.settled().secret()))).toJavaList(), results.skipped(),
                Option.none());
    }

    /** These results, saying from when the day holds everything when it reaches past what was kept. */
    ResultsWeb keptFrom(Option<Instant> kept) {
        return new ResultsWeb(day, zone, results, skipped, kept.map(Instant::toString));
    }
}
