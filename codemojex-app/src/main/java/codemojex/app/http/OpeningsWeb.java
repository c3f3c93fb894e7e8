package codemojex.app.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import echomq.domain.fold.Tally;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.Map;

/**
 * Games opened per room, as {@code GET /rooms/openings} answers it.
 *
 * @param from    the start of the window (ISO-8601)
 * @param to      its end (ISO-8601)
 * @param rooms   room -> games opened in it
 * @param skipped unreadable entries left out (see {@code /health})
 * @param keptFrom when the range reaches past what retention kept ({@code serve --keep}), the instant
 *                 from which it holds everything; left out when it was kept whole
 */
record OpeningsWeb(String from, String to, Map<String, Integer> rooms, long skipped,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY)
                   Option<String> keptFrom) {

    /** The openings of {@code [from, to]}. */
    static OpeningsWeb of(Instant from, Instant to, Tally<io.vavr.collection.Map<String, Integer>> rooms) {
        return new OpeningsWeb(from.toString(), to.toString(), rooms.value().toJavaMap(), rooms.skipped(), Option.none());
    }

    /** These openings, saying from when the range holds everything when it reaches past what was kept. */
    OpeningsWeb keptFrom(Option<Instant> kept) {
        return new OpeningsWeb(from, to, rooms, skipped, kept.map(Instant::toString));
    }
}
