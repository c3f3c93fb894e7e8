package codemojex.app.worker;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** When a worker sweeps for guesses other workers left idle: every half claim-idle, at least 100 ms apart. */
class SweepDueTest {

    @ParameterizedTest(name = "claim-idle {0} ms, {1} ms after the last sweep: {2}")
    @CsvSource({
            "30000, 0, false",
            "30000, 14999, false",
            "30000, 15000, true",
            "30000, 40000, true",
            "2000, 999, false",
            "2000, 1000, true",
            "100, 99, false",     // half of it would be 50 ms: never more often than every 100 ms
            "100, 100, true",
            "1, 99, false",
            "1, 100, true",
    })
    void everyHalfClaimIdleAtLeast100MsApart(long claimIdleMs, long sinceMs, boolean due) {
        Instant last = Instant.parse("2026-12-02T12:00:00Z");
        assertThat(ScoreWorker.sweepDue(last, last.plusMillis(sinceMs), Duration.ofMillis(claimIdleMs))).isEqualTo(due);
    }

    @ParameterizedTest(name = "claim-idle {0} ms, lease {1} ms: idle {2} ms before a claim")
    @CsvSource({
            "30000, 10000, 20000", // the defaults: a fenced owner's delivery waits two leases, not 30 s
            "30000, 15000, 30000",
            "30000, 20000, 30000",
            "600000, 1000, 2000",
            "1000, 1000, 1000",
            "1999, 1000, 1999",
            "2001, 1000, 2000",
    })
    void aDeliveryIsClaimedAfterClaimIdleOrTwoLeasesWhicheverIsShorter(long claimIdleMs, long leaseMs, long idleMs) {
        assertThat(ScoreWorker.idleBeforeClaim(Duration.ofMillis(claimIdleMs), Duration.ofMillis(leaseMs))).isEqualTo(Duration.ofMillis(idleMs));
    }
}
