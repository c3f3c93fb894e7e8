package echomq.domain.window;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one reading of spelled buckets (#55): the command line, the app and the starter read through it. */
class BucketSpellingTest {

    static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @Test
    void aDurationIsTumblingBucketsAndADayWeekOrMonthTheCalendarsOfTheZone() {
        assertThat(BucketSpelling.parse("15m", BERLIN, LocalTime.MIDNIGHT)).isEqualTo(Buckets.tumbling(Duration.ofMinutes(15)));
        assertThat(BucketSpelling.parse("250ms", ZoneOffset.UTC, LocalTime.MIDNIGHT)).isEqualTo(Buckets.tumbling(Duration.ofMillis(250)));
        assertThat(BucketSpelling.parse("PT1H", ZoneOffset.UTC, LocalTime.MIDNIGHT)).isEqualTo(Buckets.tumbling(Duration.ofHours(1)));
        assertThat(BucketSpelling.parse("2d", ZoneOffset.UTC, LocalTime.MIDNIGHT)).isEqualTo(Buckets.tumbling(Duration.ofDays(2)));
        assertThat(BucketSpelling.parse(" 1d ", BERLIN, LocalTime.MIDNIGHT)).isEqualTo(Buckets.calendar(ChronoUnit.DAYS, BERLIN));
        assertThat(BucketSpelling.parse("1w", BERLIN, LocalTime.of(5, 0)))
                .isEqualTo(Buckets.calendar(ChronoUnit.WEEKS, BERLIN).startingAt(LocalTime.of(5, 0)));
        assertThat(BucketSpelling.parse("1mo", ZoneOffset.UTC, LocalTime.MIDNIGHT)).isEqualTo(Buckets.calendar(ChronoUnit.MONTHS, ZoneOffset.UTC));
        assertThat(BucketSpelling.calendar("1mo")).contains(ChronoUnit.MONTHS);
        assertThat(BucketSpelling.calendar("1m")).isEmpty();
        assertThat(BucketSpelling.calendar(null)).isEmpty();
        assertThat(BucketSpelling.CALENDAR).containsExactly("1d", "1w", "1mo");
    }

    @Test
    void whatSpellsNoBucketsIsRefusedNamingTheText() {
        assertThatThrownBy(() -> BucketSpelling.parse("1 minute", ZoneOffset.UTC, LocalTime.MIDNIGHT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"1 minute\"").hasMessageContaining("1d, 1w, 1mo");
        assertThatThrownBy(() -> BucketSpelling.parse("0m", ZoneOffset.UTC, LocalTime.MIDNIGHT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"0m\"").hasMessageContaining("not above zero");
        assertThatThrownBy(() -> BucketSpelling.parse("-PT1H", ZoneOffset.UTC, LocalTime.MIDNIGHT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not above zero");
        assertThatThrownBy(() -> BucketSpelling.parse("1y", ZoneOffset.UTC, LocalTime.MIDNIGHT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"1y\"");
    }

    @Test
    void aDayStartIsATimeOfDayToTheSecond() {
        assertThat(BucketSpelling.dayStart("05:00")).isEqualTo(LocalTime.of(5, 0));
        assertThat(BucketSpelling.dayStart(" 23:59:59 ")).isEqualTo(LocalTime.of(23, 59, 59));
        for (String bad : new String[] {"25:00", "5:00", "05:60", "05:00:60", "noon", "", "05:00:00.5"}) {
            assertThatThrownBy(() -> BucketSpelling.dayStart(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"" + bad.trim() + "\"").hasMessageContaining("time of day");
        }
    }
}
