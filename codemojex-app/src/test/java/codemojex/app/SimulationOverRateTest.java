package codemojex.app;

import codemojex.app.cli.Simulation;
import codemojex.app.http.RateLimiter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code simulate} against a server that limits it: every answer of 429 is waited out for the
 * seconds its {@code Retry-After} asks and the request sent again, so the run ends with every
 * guess sent and scored, and says how many answers were over the rate.
 */
class SimulationOverRateTest {

    @Test
    void answersOverTheRateAreWaitedOutAndSentAgain() throws Exception {
        // 10 joins and guesses a second after a burst of 5, for the one client address the simulation has
        try (AppFixture f = new AppFixture(Settings.defaults(), new RateLimiter(10, 5, Clock.systemUTC()));
             Simulation s = new Simulation(f.server.url(), new PrintStream(new ByteArrayOutputStream()))) {
            Simulation.Report report = s.run(2, 1, 20, 2, 3);
            assertThat(s.limitedResponses()).as("answers of 429 waited out").isPositive();
            assertThat(report.guesses()).as("guesses accepted").isEqualTo(20);
            // every accepted guess was scored (run waits for each); the log holds each once
            ManyInstancesTest.checkTheLog(f.uri, report);
        }
    }
}
