package codemojex.app.http;

import codemojex.app.core.DurationFields;
import codemojex.app.core.FeedBucket;
import codemojex.app.core.FeedStats;
import codemojex.app.core.SeriesQuery;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import echomq.domain.fold.Tally;
import echomq.domain.window.Bucket;
import echomq.domain.window.Series;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.io.IOException;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;

/**
 * A series as {@code GET /feed/series} and {@code GET /rooms/openings/series} answer it: every
 * bucket of the range in time order, quiet ones included with {@code entries} 0.
 *
 * @param since     the feed's window as requests spell it ({@code 1h}); feed series only
 * @param from      the range's first millisecond (ISO-8601 instant); openings series only
 * @param to        its last millisecond; openings series only
 * @param bucket    the bucket: as requests spell it: {@code 1m} for the feed, {@code 1d}, {@code 1w} or
 *                  {@code 1mo} for the openings
 * @param zone      the zone of the calendar buckets; openings series only
 * @param dayStarts the local time each calendar bucket starts at; openings series only
 * @param buckets   the buckets
 * @param skipped   unreadable entries left out (see {@code /health})
 * @param keptFrom  when the feed's range reaches past what retention kept ({@code serve --keep}), the
 *                  instant from which it holds everything; left out when it was kept whole
 */
record SeriesWeb(@JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> since,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> from,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> to,
                 String bucket,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> zone,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> dayStarts,
                 List<BucketWeb> buckets, long skipped,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> keptFrom) {

    /**
     * One bucket. {@code from} and {@code to} are its first and last millisecond, both included
     * (the next bucket's {@code from} is a millisecond after this {@code to}); the first and last
     * buckets are clipped to the range.
     *
     * @param from    its first millisecond (ISO-8601 instant)
     * @param to      its last millisecond (ISO-8601 instant)
     * @param entries scored guesses (feed) or games opened (openings) in it, 0 for a quiet one
     * @param players distinct players who scored in it (exact, from the count per player); feed buckets only
     * @param scores  the quantiles of the totals scored in it; feed buckets only, left out of a quiet one
     * @param distinctPlayers distinct player ids who scored in it, by the distinct-count sketch (exact
     *                up to 512, then within 0.81%); feed buckets only, 0 for a quiet one
     * @param rooms   room -> games opened in it; openings buckets only
     */
    record BucketWeb(String from, String to, long entries,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<Integer> players,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<ScoresWeb> scores,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<Long> distinctPlayers,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<java.util.Map<String, Integer>> rooms)
            implements JsonSerializable {

        /**
         * Written field by field, as Jackson's bean serializer writes this record (components in
         * order, an empty {@code Option} left out): a series is sixty of these a request.
         */
        @Override
        public void serialize(JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject(this);
            gen.writeStringField("from", from);
            gen.writeStringField("to", to);
            gen.writeNumberField("entries", entries);
            if (players.isDefined()) {
                gen.writeNumberField("players", players.get());
            }
            if (scores.isDefined()) {
                scores.get().write(gen);
            }
            if (distinctPlayers.isDefined()) {
                gen.writeNumberField("distinctPlayers", distinctPlayers.get());
            }
            if (rooms.isDefined()) {
                gen.writeFieldName("rooms");
                provider.defaultSerializeValue(rooms.get(), gen);
            }
            gen.writeEndObject();
        }

        @Override
        public void serializeWithType(JsonGenerator gen, SerializerProvider provider, TypeSerializer typeSer) throws IOException {
            serialize(gen, provider);
        }

        /**
         * A bucket of the feed's series (also what {@code /feed/events} pushes as {@code bucket}).
         * The reader serves a sealed bucket's fold as the one object it kept, so a bucket whose
         * fold and bounds are those of one already answered is answered as it was (see {@link BucketCache}).
         */
        static BucketWeb feed(Bucket<Tally<FeedBucket>> b) {
            BucketWeb cached = FEED_BUCKETS.get(b.value(), b.window().t0(), b.window().t1());
            if (cached != null) {
                return cached;
            }
            BucketWeb web = feedAfresh(b);
            FEED_BUCKETS.put(b.value(), b.window().t0(), b.window().t1(), web);
            return web;
        }

        private static BucketWeb feedAfresh(Bucket<Tally<FeedBucket>> b) {
            FeedBucket bucket = b.value().value();
            return new BucketWeb(IsoInstant.format(b.window().t0()), IsoInstant.format(b.window().t1()), bucket.guesses(),
                    Option.some(bucket.byPlayer().size()), ScoresWeb.of(bucket.stats()), Option.some(bucket.stats().distinctPlayers()),
                    Option.none());
        }

        /** The feed buckets answered lately. */
        private static final BucketCache<BucketWeb> FEED_BUCKETS = new BucketCache<>();

        /** A bucket of the openings' series. */
        static BucketWeb openings(Bucket<Tally<Map<String, Integer>>> b) {
            Map<String, Integer> rooms = b.value().value();
            long entries = 0;
            for (Iterator<Integer> n = rooms.valuesIterator(); n.hasNext(); ) {
                entries += n.next();
            }
            return new BucketWeb(IsoInstant.format(b.window().t0()), IsoInstant.format(b.window().t1()), entries,
                    Option.none(), Option.none(), Option.none(), Option.some(new TreeMap<>(rooms.toJavaMap())));
        }
    }

    /** The feed's series. */
    static SeriesWeb feed(SeriesQuery.Feed q, Series<Tally<FeedBucket>> series) {
        return new SeriesWeb(Option.some(DurationFields.format(q.since())), Option.none(), Option.none(), DurationFields.format(q.bucket()), Option.none(),
                Option.none(), series.buckets().map(BucketWeb::feed).toJavaList(), skipped(series), Option.none());
    }

    /** This series, saying from when its range holds everything when it reaches past what was kept. */
    SeriesWeb keptFrom(Option<Instant> from) {
        return new SeriesWeb(since, this.from, to, bucket, zone, dayStarts, buckets, skipped, from.map(Instant::toString));
    }

    /** The openings' series. */
    static SeriesWeb openings(SeriesQuery.Openings q, Series<Tally<Map<String, Integer>>> series) {
        return new SeriesWeb(Option.none(), Option.some(q.from().toString()), Option.some(q.to().toString()), q.bucket(),
                Option.some(q.zone().getId()), Option.some(q.dayStarts().toString()),
                series.buckets().map(BucketWeb::openings).toJavaList(), skipped(series), Option.none());
    }

    /** The entries every bucket of {@code series} skipped. */
    private static <A> long skipped(Series<Tally<A>> series) {
        long n = 0;
        for (Bucket<Tally<A>> b : series.buckets()) {
            n += b.value().skipped();
        }
        return n;
    }
}
