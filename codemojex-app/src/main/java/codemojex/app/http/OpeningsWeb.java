package codemojex.app.http;

import echomq.domain.fold.Tally;

import java.time.Instant;
import java.util.Map;

/**
 * Games opened per room, as {@code GET /rooms/openings} answers it.
 *
 * @param from    the start of the window (ISO-8601)
 * @param to      its end (ISO-8601)
 * @param rooms   room -> games opened in it
 * @param skipped unreadable entries left out (see {@code /health})
 */
record OpeningsWeb(String from, String to, Map<String, Integer> rooms, long skipped) {

    /** The openings of {@code [from, to]}. */
    static OpeningsWeb of(Instant from, Instant to, Tally<io.vavr.collection.Map<String, Integer>> rooms) {
        return new OpeningsWeb(from.toString(), to.toString(), rooms.value().toJavaMap(), rooms.skipped());
    }
}
