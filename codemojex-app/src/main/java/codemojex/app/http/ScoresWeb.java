package codemojex.app.http;

import codemojex.app.core.FeedStats;
import com.fasterxml.jackson.core.JsonGenerator;
import io.vavr.control.Option;

import java.io.IOException;

/**
 * The quantiles of the totals scored in a window or a bucket, as {@code GET /feed} and
 * {@code GET /feed/series} answer them: whole numbers 0..600, exact (the sketch keeps every total
 * apart). Left out where no guess was scored, rather than a null or a made-up 0.
 *
 * @param p50 the median: the total of rank {@code ⌈n/2⌉} in ascending order
 * @param p90 the total of rank {@code ⌈0.9·n⌉}
 * @param p99 the total of rank {@code ⌈0.99·n⌉}
 * @param max the highest total
 */
record ScoresWeb(long p50, long p90, long p99, long max) {

    /** The quantiles of {@code stats}; none when it counted no guess. */
    static Option<ScoresWeb> of(FeedStats stats) {
        return stats.scores().max().map(max -> new ScoresWeb(stats.quantile(0.5).get(), stats.quantile(0.9).get(),
                stats.quantile(0.99).get(), max));
    }

    /** Written as the field {@code scores} of the object being written. */
    void write(JsonGenerator gen) throws IOException {
        gen.writeObjectFieldStart("scores");
        gen.writeNumberField("p50", p50);
        gen.writeNumberField("p90", p90);
        gen.writeNumberField("p99", p99);
        gen.writeNumberField("max", max);
        gen.writeEndObject();
    }
}
