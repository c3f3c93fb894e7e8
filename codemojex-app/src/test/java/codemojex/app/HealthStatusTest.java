package codemojex.app;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The status {@code /health} says, from what it found: every combination. */
class HealthStatusTest {

    @ParameterizedTest(name = "redis up {0}, writes {1}, worker {2}, feed folded {3}: {4}")
    @CsvSource({
            "true,  true,  true,  true,  ok",
            "true,  true,  true,  false, starting",
            "false, true,  true,  true,  degraded",
            "false, true,  true,  false, degraded",
            "true,  false, true,  true,  degraded",
            "true,  false, true,  false, degraded",
            "true,  true,  false, true,  degraded",
            "true,  true,  false, false, degraded",
            "false, false, false, false, degraded",
    })
    void everyCombination(boolean up, boolean writes, boolean worker, boolean folded, String status) {
        assertThat(HealthCheck.status(up, writes, worker, folded)).isEqualTo(status);
    }
}
