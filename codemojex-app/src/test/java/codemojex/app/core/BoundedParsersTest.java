package codemojex.app.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The bounded parsers of durations, instants and dates: numeric extremes are refused naming the field, the text and the range. */
class BoundedParsersTest {

    @ParameterizedTest
    @ValueSource(strings = {"PT9999999999999H", "P999999999999D", "-PT1S", "P3651D", "3651d", "999999999d", "PT-1H"})
    void durationsOutOfRangeAreRefusedNamingFieldTextAndRange(String text) {
        assertThatThrownBy(() -> DurationFields.parse("session-ttl", text))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("session-ttl \"" + text + "\" is out of range")
                .hasMessageContaining("from 0s to 3650d")
                .satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("session-ttl"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"99999999999999999999s", "PT99999999999999999999H", "soon", "1e308"})
    void durationsThatAreNoneAreRefusedWithTheRange(String text) {
        assertThatThrownBy(() -> DurationFields.parse("claim-idle", text)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("is not a duration").hasMessageContaining("from 0s to 3650d");
    }

    @Test
    void durationsInRangeParseAndFormatBackWithoutOverflow() {
        assertThat(DurationFields.parse("x", "P0D")).isZero();
        assertThat(DurationFields.parse("x", "3650d")).isEqualTo(DurationFields.MAX);
        assertThat(DurationFields.parse("x", "PT1H")).isEqualTo(Duration.ofHours(1));
        assertThat(DurationFields.format(Duration.ZERO)).isEqualTo("0s");
        assertThat(DurationFields.format(Duration.ofHours(9_999_999_999_999L))).isEqualTo("PT9999999999999H"); // toMillis would overflow
        assertThat(DurationFields.parse("x", "1s", Duration.ofSeconds(1), Duration.ofDays(1))).isEqualTo(Duration.ofSeconds(1));
        assertThatThrownBy(() -> DurationFields.parse("chart-bucket", "2d", Duration.ofSeconds(1), Duration.ofDays(1)))
                .hasMessage("chart-bucket \"2d\" is out of range: give a duration from 1s to 1d");
    }

    @Test
    void theFeedWindowSaysWhatWasGiven() {
        assertThatThrownBy(() -> codemojex.app.core.FeedWindow.parse("0s")).hasMessage("since must be one of 5m, 15m, 1h, 6h, 24h, 7d, got 0s");
        assertThatThrownBy(() -> codemojex.app.core.FeedWindow.parse("PT9999999999999H")).hasMessageEndingWith("got PT9999999999999H");
        assertThatThrownBy(() -> codemojex.app.core.FeedWindow.parse("P999999999999D")).hasMessageEndingWith("got P999999999999D");
        assertThat(codemojex.app.core.FeedWindow.parse("PT6H").length()).isEqualTo(Duration.ofHours(6));
        assertThat(codemojex.app.core.FeedWindow.parse(null).length()).isEqualTo(Duration.ofHours(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"+999999999-12-31T23:59:59.999999999Z", "1969-12-31T23:59:59.999Z", "-1000000-01-01T00:00:00Z",
            "10000-01-01T00:00:00Z"})
    void instantsOutOfRangeAreRefused(String text) {
        assertThatThrownBy(() -> Instants.parse("from", text)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("from \"")
                .hasMessageContaining("from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z");
    }

    @Test
    void instantsAtTheBoundsParse() {
        assertThat(Instants.parse("to", "9999-12-31T23:59:59.999999999Z")).isEqualTo(Instants.MAX);
        assertThat(Instants.parse("to", "1970-01-01T00:00:00Z")).isEqualTo(Instant.EPOCH);
        assertThatThrownBy(() -> Instants.parse("to", "yesterday")).hasMessageContaining("to \"yesterday\" is not an instant");
    }

    @Test
    void aRangeBlamesTheFieldAtFault() {
        Instant now = Instant.parse("2026-03-01T12:00:00Z");
        assertThatThrownBy(() -> Instants.range("2026-03-02T00:00:00Z", null, now, Duration.ofDays(1)))
                .satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("from"));
        assertThatThrownBy(() -> Instants.range("2026-03-02T00:00:00Z", "2026-03-01T00:00:00Z", now, Duration.ofDays(1)))
                .satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("to"));
        assertThatThrownBy(() -> Instants.range("1960-01-01T00:00:00Z", "2026-03-01T00:00:00Z", now, Duration.ofDays(1)))
                .satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("from"));
        assertThatThrownBy(() -> Instants.range("nope", null, now, Duration.ofDays(1)))
                .satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("from"));
        assertThatThrownBy(() -> Instants.range(null, "nope", now, Duration.ofDays(1)))
                .satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("to"));
        // a default from never falls before the epoch
        assertThat(Instants.range(null, "1970-01-01T00:00:00Z", now, Duration.ofDays(1)).from()).isEqualTo(Instant.EPOCH);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1969-12-31|is out of range", "0001-01-01|is out of range", "+999999999-12-31|is out of range",
            "-999999999-01-01|is out of range", "2026-13-45|is not a date", "tomorrow|is not a date"})
    void datesOutOfRangeOrMalformedAreRefused(String text, String says) {
        assertThatThrownBy(() -> Dates.parse("day", text)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("day \"" + text + "\" " + says).hasMessageContaining("from 1970-01-01 to 9999-12-31");
    }

    @Test
    void datesAtTheBoundsParse() {
        assertThat(Dates.parse("day", "1970-01-01")).isEqualTo(Dates.FIRST);
        assertThat(Dates.parse("day", "9999-12-31")).isEqualTo(LocalDate.of(9999, 12, 31));
        assertThatThrownBy(() -> Dates.zone("zone", "Mars/Olympus")).hasMessageContaining("not a time zone");
    }
}
