package codemojex.app.http;

import codemojex.app.core.DurationFields;
import codemojex.app.core.FeedStats;
import codemojex.app.core.FeedWindow;
import codemojex.app.core.port.in.LeadLiveValuesUseCase;
import codemojex.projections.Projections;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import echomq.domain.fold.Tally;
import io.vavr.control.Option;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The recent activity feed, as {@code GET /feed} answers it and {@code /feed/events} pushes it.
 *
 * @param since     the window, as requests spell it ({@code 1h})
 * @param guesses   scored guesses in the window
 * @param players   distinct players in the window
 * @param scores    the quantiles of the window's totals ({@link ScoresWeb}): in {@code GET /feed} only,
 *                  left out when the window has no scored guess (and of the pushed feed)
 * @param distinctPlayers distinct player ids in the window, by the distinct-count sketch (exact up to
 *                  512, then within 0.81%): in {@code GET /feed} only
 * @param skipped   unreadable entries left out (see {@code /health})
 * @param items     the newest scored guesses, newest first
 * @param perMinute scored guesses per minute, oldest first, only the minutes that had any: in the
 *                  pushed feed only, left out of {@code GET /feed}; read from the feed's series
 *                  ({@code GET /feed/series}, the page's chart), kept for the clients that read it
 * @param keptFrom  when the window reaches past what retention kept ({@code serve --keep}), the
 *                  instant from which it holds everything (ISO-8601); left out when it was kept whole
 */
record FeedWeb(String since, long guesses, int players,
               @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<ScoresWeb> scores,
               @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<Long> distinctPlayers,
               long skipped, List<Item> items,
               @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<List<Minute>> perMinute,
               @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> keptFrom) {

    /**
     * One scored guess of the feed. Never the guess id: it would open the guess's breakdown to anyone.
     *
     * @param at         when it was scored (ISO-8601)
     * @param game       its game
     * @param room       the game's room
     * @param playerId   who guessed
     * @param player     the name shown for who guessed
     * @param total      0..600
     * @param percentage {@code round(total / 6)}
     * @param best       the player's best once it was scored
     */
    record Item(String at, String game, String room, String playerId, String player, int total, int percentage, int best)
            implements JsonSerializable {

        /** Written field by field, as Jackson's bean serializer writes this record (components in order): twenty a feed. */
        @Override
        public void serialize(JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject(this);
            gen.writeStringField("at", at);
            gen.writeStringField("game", game);
            gen.writeStringField("room", room);
            gen.writeStringField("playerId", playerId);
            gen.writeStringField("player", player);
            gen.writeNumberField("total", total);
            gen.writeNumberField("percentage", percentage);
            gen.writeNumberField("best", best);
            gen.writeEndObject();
        }

        @Override
        public void serializeWithType(JsonGenerator gen, SerializerProvider provider, TypeSerializer typeSer) throws IOException {
            serialize(gen, provider);
        }
    }

    /**
     * A minute of the pushed feed's chart.
     *
     * @param minute  its start (ISO-8601; the oldest minute's own start, which may be before the hour's,
     *                though it counts only the guesses within the hour: a page's feed changes only when
     *                what it shows does, not as the hour's start slides)
     * @param guesses guesses scored in it
     */
    record Minute(String minute, int guesses) {
    }

    /** The feed of the last {@code since}, with the stats of its totals and players. */
    static FeedWeb of(Duration since, Tally<Projections.Feed> feed, FeedStats stats) {
        Projections.Feed f = feed.value();
        return new FeedWeb(DurationFields.format(since), f.guesses(), f.distinctPlayers(), ScoresWeb.of(stats), Option.some(stats.distinctPlayers()),
                feed.skipped(), items(f), Option.none(), Option.none());
    }

    /** The feed of the last {@code since}, without its stats. */
    static FeedWeb of(Duration since, Tally<Projections.Feed> feed) {
        Projections.Feed f = feed.value();
        return new FeedWeb(DurationFields.format(since), f.guesses(), f.distinctPlayers(), Option.none(), Option.none(), feed.skipped(), items(f),
                Option.none(), Option.none());
    }

    /** The live feed, with its chart. */
    static FeedWeb live(LeadLiveValuesUseCase.FeedView view) {
        List<Minute> perMinute = view.perMinute().toList().sortBy(m -> m._1)
                .map(m -> new Minute(Instant.ofEpochMilli(m._1).toString(), m._2)).toJavaList();
        FeedWeb feed = of(FeedWindow.DEFAULT.length(), view.feed());
        return new FeedWeb(feed.since, feed.guesses, feed.players, Option.none(), Option.none(), feed.skipped, feed.items, Option.some(perMinute),
                Option.none());
    }

    /** This feed, saying from when its window holds everything when it reaches past what was kept. */
    FeedWeb keptFrom(Option<Instant> from) {
        return new FeedWeb(since, guesses, players, scores, distinctPlayers, skipped, items, perMinute, from.map(Instant::toString));
    }

    /** The items of {@code f}, newest first. */
    static List<Item> items(Projections.Feed f) {
        return f.newest().map(i -> new Item(IsoInstant.format(i.at()), i.game(), i.room(), i.playerId(), i.player(), i.total(), i.percentage(), i.best()))
                .toJavaList();
    }
}
