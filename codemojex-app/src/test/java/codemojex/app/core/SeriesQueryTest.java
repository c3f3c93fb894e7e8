package codemojex.app.core;

import echomq.domain.window.Buckets;
import echomq.domain.window.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The series' parser, pure: what each field accepts, its defaults, and every refusal naming its field. */
class SeriesQueryTest {

    static final Instant NOW = Instant.parse("2026-03-29T12:00:00Z");

    @Test
    void theFeedTakesItsWindowsAndBucketsWithDefaults() {
        SeriesQuery.Feed q = SeriesQuery.feed("1h", "1m");
        assertThat(q).isEqualTo(new SeriesQuery.Feed(Duration.ofHours(1), Duration.ofMinutes(1)));
        assertThat(q.window()).isEqualTo(Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))));
        assertThat(SeriesQuery.feed(null, "")).isEqualTo(q);
        assertThat(SeriesQuery.feed("7d", "PT1H").bucket()).isEqualTo(Duration.ofHours(1));
        assertThat(SeriesQuery.feed("24h", "60m").bucket()).isEqualTo(Duration.ofHours(1));
        // the live chart's bucket is accepted where the app says so, and is then the default
        List<Duration> withChart = SeriesQuery.feedBuckets(Duration.ofSeconds(2));
        assertThat(withChart).startsWith(Duration.ofSeconds(2)).hasSize(6);
        assertThat(SeriesQuery.feed("5m", null, Duration.ofSeconds(2), withChart).bucket()).isEqualTo(Duration.ofSeconds(2));
    }

    @ParameterizedTest
    @CsvSource({
            "1h, 0m, bucket", "1h, 2m, bucket", "1h, 7s, bucket", "1h, soon, bucket", "1h, -1m, bucket", "5m, 1h, bucket",
            "999999999d, 1m, since", "2h, 1m, since", "0s, 1m, since", "PT99999999999999999999H, 1m, since", "1h, 9999999999m, bucket"})
    void theFeedRefusesNamingTheField(String since, String bucket, String field) {
        assertThatThrownBy(() -> SeriesQuery.feed(since, bucket)).isInstanceOfSatisfying(BadInputException.class,
                e -> assertThat(e.field()).isEqualTo(field));
    }

    @Test
    void aFeedBucketRefusedSaysWhatItAccepts() {
        assertThatThrownBy(() -> SeriesQuery.feed("1h", "0m")).hasMessageContaining("1m, 5m, 15m, 1h, 1d").hasMessageContaining("\"0m\"");
        assertThatThrownBy(() -> SeriesQuery.feed("5m", "1h")).hasMessageContaining("longer than since 5m");
        // out of any duration's range, or none: still the list (it said "a duration from 0s to 3650d")
        assertThatThrownBy(() -> SeriesQuery.feed("1h", "99999d")).hasMessageContaining("1m, 5m, 15m, 1h, 1d").hasMessageNotContaining("3650d");
        assertThatThrownBy(() -> SeriesQuery.feed("1h", "soon")).hasMessageContaining("1m, 5m, 15m, 1h, 1d");
        // a chart of one-second buckets over a week is over the bucket limit
        List<Duration> withSecond = SeriesQuery.feedBuckets(Duration.ofSeconds(1));
        assertThatThrownBy(() -> SeriesQuery.feed("7d", "1s", Duration.ofSeconds(1), withSecond))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.field()).isEqualTo("bucket"))
                .hasMessageContaining(Integer.toString(Buckets.MAX_BUCKETS));
    }

    /** The last date in a zone far west of UTC ends after the last instant served: clipped to it (a user test saw year +10000). */
    @Test
    void theLastDaysInZonesFarFromUtcStayWithinTheInstantsServed() {
        Instant last = Instant.parse("9999-12-31T23:59:59.999Z");
        SeriesQuery.Openings pago = SeriesQuery.openings("9999-12-31", "9999-12-31", "1d", "Pacific/Pago_Pago", null, NOW);
        assertThat(pago.to()).isEqualTo(last);
        assertThat(pago.from()).isEqualTo(Instant.parse("9999-12-31T11:00:00Z"));
        SeriesQuery.Openings west = SeriesQuery.openings("9999-12-31", "9999-12-31", "1d", "Etc/GMT+12", "23:00", NOW);
        assertThat(west.from()).isBeforeOrEqualTo(last);
        assertThat(west.to()).isBeforeOrEqualTo(last);
        assertThat(Instants.parse("to", west.to().toString())).isEqualTo(west.to()); // an answer a request can send back
        SeriesQuery.Openings east = SeriesQuery.openings("1970-01-01", "1970-01-01", "1d", "Etc/GMT-14", null, NOW); // UTC+14: the day starts before the epoch
        assertThat(east.from()).isEqualTo(Instant.EPOCH);
    }

    @Test
    void openingsDatesAreCalendarDaysInTheZoneFromDayStarts() {
        SeriesQuery.Openings q = SeriesQuery.openings("2026-03-28", "2026-03-30", "1d", "Europe/Berlin", "05:00", NOW);
        assertThat(q.unit()).isEqualTo(ChronoUnit.DAYS);
        assertThat(q.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
        assertThat(q.dayStarts()).isEqualTo(LocalTime.of(5, 0));
        assertThat(q.from()).isEqualTo(Instant.parse("2026-03-28T04:00:00Z")); // CET
        assertThat(q.to()).isEqualTo(Instant.parse("2026-03-31T03:00:00Z").minusMillis(1)); // CEST from 02:00 on the 29th: that day is 23 hours
        List<Window.Closed> days = q.window().windows(NOW).toJavaList();
        assertThat(days).hasSize(3);
        assertThat(days.get(1)).isEqualTo(Window.closed(Instant.parse("2026-03-29T03:00:00Z"), Instant.parse("2026-03-30T03:00:00Z").minusMillis(1)));
        // instants are taken as they are; weeks and months
        SeriesQuery.Openings i = SeriesQuery.openings("2026-03-01T10:00:00Z", "2026-03-20T10:00:00.123456Z", "1w", null, null, NOW);
        assertThat(i.from()).isEqualTo(Instant.parse("2026-03-01T10:00:00Z"));
        assertThat(i.to()).isEqualTo(Instant.parse("2026-03-20T10:00:00.123Z"));
        assertThat(i.zone()).isEqualTo(ZoneId.of("UTC"));
        assertThat(i.dayStarts()).isEqualTo(LocalTime.MIDNIGHT);
        assertThat(i.window().windows(NOW)).hasSize(4); // Sun 1st; 2..8; 9..15; 16..20
        assertThat(SeriesQuery.openings("2026-01-01", "2026-12-31", "1mo", "UTC", "", NOW).window().windows(NOW)).hasSize(12);
    }

    /** Seen in a try-out: at 00:51Z with days from 02:30, the default range ended with the 7th, a day not begun until 02:30. */
    @Test
    void theDefaultRangeEndsWithTheDayNowIsInWhenDaysStartLate() {
        Instant early = Instant.parse("2026-12-07T00:51:00Z");
        SeriesQuery.Openings q = SeriesQuery.openings(null, null, null, "UTC", "02:30", early);
        assertThat(q.to()).isEqualTo(Instant.parse("2026-12-07T02:29:59.999Z"));
        assertThat(q.from()).isEqualTo(Instant.parse("2026-11-07T02:30:00Z"));
        assertThat(q.window().windows(early)).hasSize(SeriesQuery.DEFAULT_DAYS);
        // a date given for to: thirty days back to it, whatever the time a day starts
        assertThat(SeriesQuery.openings(null, "2026-12-06", null, "UTC", "02:30", early).window().windows(early)).hasSize(SeriesQuery.DEFAULT_DAYS);
        SeriesQuery.Openings late = SeriesQuery.openings(null, null, null, "UTC", "02:30", Instant.parse("2026-12-07T02:30:00Z"));
        assertThat(late.to()).isEqualTo(Instant.parse("2026-12-08T02:29:59.999Z"));
    }

    @Test
    void openingsDefaultToTheLastThirtyDaysInUtc() {
        SeriesQuery.Openings q = SeriesQuery.openings(null, null, null, null, null, NOW);
        assertThat(q.bucket()).isEqualTo("1d");
        assertThat(q.from()).isEqualTo(Instant.parse("2026-02-28T00:00:00Z"));
        assertThat(q.to()).isEqualTo(Instant.parse("2026-03-29T23:59:59.999Z"));
        assertThat(q.window().windows(NOW)).hasSize(SeriesQuery.DEFAULT_DAYS);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2026-03-01|2026-03-02|1y|UTC|00:00|bucket",
            "2026-03-01|2026-03-02|0d|UTC|00:00|bucket",
            "2026-03-01|2026-03-02|1d|Mars/Olympus|00:00|zone",
            "2026-03-01|2026-03-02|1d|+99:00|00:00|zone",
            "2026-03-01|2026-03-02|1d|UTC|25:00|dayStarts",
            "2026-03-01|2026-03-02|1d|UTC|5am|dayStarts",
            "2026-03-01|2026-03-02|1d|UTC|05:00:00.5|dayStarts",
            "+999999999-01-01|2026-03-02|1d|UTC|00:00|from",
            "2026-03-01|+999999999-01-01|1d|UTC|00:00|to",
            "+999999999-01-01T00:00:00Z|2026-03-02|1d|UTC|00:00|from",
            "1969-12-31|2026-03-02|1d|UTC|00:00|from",
            "2026-02-30|2026-03-02|1d|UTC|00:00|from",
            "yesterday|2026-03-02|1d|UTC|00:00|from",
            "2026-03-02|2026-03-01|1d|UTC|00:00|to",
            "1970-01-01|9999-12-31|1d|UTC|00:00|to",
            "1970-01-01T00:00:00Z|2300-01-01T00:00:00Z|1d|UTC|00:00|to"})
    void openingsRefuseNamingTheField(String from, String to, String bucket, String zone, String dayStarts, String field) {
        assertThatThrownBy(() -> SeriesQuery.openings(from, to, bucket, zone, dayStarts, NOW))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.field()).isEqualTo(field));
    }

    @Test
    void openingsRefusalsSayWhatTheFieldAccepts() {
        assertThatThrownBy(() -> SeriesQuery.openings(null, null, "1y", null, null, NOW)).hasMessageContaining("1d, 1w, 1mo");
        assertThatThrownBy(() -> SeriesQuery.openings(null, null, null, "Mars/Olympus", null, NOW))
                .hasMessageContaining("\"Mars/Olympus\" is not a time zone");
        assertThatThrownBy(() -> SeriesQuery.openings(null, null, null, null, "25:00", NOW)).hasMessageContaining("00:00..23:59:59");
        assertThatThrownBy(() -> SeriesQuery.openings("+999999999-01-01", null, null, null, null, NOW))
                .hasMessageContaining("from 1970-01-01 to 9999-12-31");
        assertThatThrownBy(() -> SeriesQuery.openings("1970-01-01", "9999-12-31", null, null, null, NOW))
                .hasMessageContaining("over the limit of " + Buckets.MAX_BUCKETS);
    }
}
