package codemojex.app;

import codemojex.app.core.GameKeeping;
import codemojex.app.core.port.in.TrimUseCase;
import echomq.engine.retention.RetentionDriver;
import io.vavr.collection.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One pass of {@code serve --keep} (#48), run every {@code --trim-every}: every game idle for
 * {@code keep} is ended (closed first when open; its state removed, one record kept), then every
 * channel is trimmed to what was minted in the last {@code keep}, never past what a reader needs
 * (the library's {@link RetentionDriver}). Ending games first means their reader holds are gone
 * before the trims plan.
 */
public final class KeepPass implements Runnable {

    /** What a pass did: the games it ended and the trims the driver ran. */
    public record Report(List<GameKeeping.End> ended, List<RetentionDriver.Outcome> trims) {
        public Report {
            Objects.requireNonNull(ended, "ended");
            Objects.requireNonNull(trims, "trims");
        }
    }

    private final TrimUseCase trims;
    private final Duration keep;
    private final RetentionDriver driver;
    private final Consumer<Report> reports;

    KeepPass(TrimUseCase trims, Duration keep, RetentionDriver driver, Consumer<Report> reports) {
        this.trims = Objects.requireNonNull(trims, "trims");
        this.keep = Objects.requireNonNull(keep, "keep");
        this.driver = Objects.requireNonNull(driver, "driver");
        this.reports = Objects.requireNonNull(reports, "reports");
    }

    /** Runs one pass now and returns what it did (also told to the listener). */
    public Report runOnce() {
        List<GameKeeping.End> ended = trims.endGames(keep);
        Report r = new Report(ended, driver.runOnce());
        reports.accept(r);
        return r;
    }

    /**
     * Runs a pass every {@code every} on {@code scheduler}, the first one {@code every} from now; a
     * pass that fails is logged and the next one runs (a failed periodic task would never run again).
     */
    public ScheduledFuture<?> start(ScheduledExecutorService scheduler, Duration every) {
        return scheduler.scheduleWithFixedDelay(() -> {
            try {
                runOnce();
            } catch (RuntimeException e) {
                LOG.warn("the --keep pass failed: {}; tried again at the next one", e.toString());
            }
        }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static final Logger LOG = LoggerFactory.getLogger(KeepPass.class);

    /** {@link #runOnce()}, for a scheduler: a failure (Redis down) is thrown to it, and the next pass tries again. */
    @Override
    public void run() {
        runOnce();
    }
}
