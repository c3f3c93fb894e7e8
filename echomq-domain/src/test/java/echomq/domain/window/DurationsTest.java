package echomq.domain.window;

import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Durations}: the one reading of a spelled duration. */
class DurationsTest {

    @TestFactory
    Stream<DynamicTest> aShortSpellingAndItsIsoFormAreOneDuration() {
        Random r = Seeded.random("DurationsTest");
        String[] units = {"ms", "s", "m", "h", "d"};
        ChronoUnit[] chrono = {ChronoUnit.MILLIS, ChronoUnit.SECONDS, ChronoUnit.MINUTES, ChronoUnit.HOURS, ChronoUnit.DAYS};
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            int u = r.nextInt(units.length);
            long n = r.nextInt(10) == 0 ? r.nextLong(1_000_000_000_000L) : r.nextInt(10_000);
            return DynamicTest.dynamicTest(n + units[u], () -> {
                Duration d = Durations.parse(" " + n + units[u] + " ");
                assertThat(d).isEqualTo(Duration.of(n, chrono[u]));
                assertThat(Durations.parse(d.toString())).isEqualTo(d);
            });
        });
    }

    @ParameterizedTest
    @CsvSource({"250ms,PT0.25S", "90s,PT1M30S", "1d,PT24H", "PT1H30M,PT1H30M", "0s,PT0S", "-PT1H,-PT1H"})
    void edges(String text, String iso) {
        assertThat(Durations.parse(text)).isEqualTo(Duration.parse(iso));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "1.5h", "5 m", "1y", "-5m", "PT0.0005S", "9999999999999d", "PT99999999999999999999H", "soon"})
    void whatSpellsNoDurationIsRefusedNamed(String text) {
        assertThatThrownBy(() -> Durations.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(text.isBlank() ? "no duration" : text.trim()));
    }
}
