package echomq.engine.retention;

import echomq.domain.retention.RetentionPolicy;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.retention.Hold;
import echomq.domain.retention.TrimReport;
import echomq.domain.retention.SafeRetention;

import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;

import io.vavr.collection.HashMap;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.control.Either;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Applies a {@link RetentionPolicy} through a {@link StreamRetentionPort} (a {@link SafeRetention}
 * to hear the streams' readers): {@link #runOnce()} trims
 * what is due now; {@link #start(ScheduledExecutorService, Duration)} does so on a schedule and hands
 * every outcome, failures included, to the listener. A rule is due when it never ran or its
 * {@code every} has passed since it last succeeded, so a failed trim is tried again on the next run.
 * <pre>{@code
 * RetentionPolicy policy = RetentionPolicy.of(
 *         RetentionPolicy.keepAge(StreamKey.of("cm", "guess-scored"), Duration.ofDays(7), Duration.ofMinutes(10)));
 * RetentionDriver driver = new RetentionDriver(policy, safeRetention, Clock.systemUTC(), outcomes -> log(outcomes));
 * ScheduledFuture<?> running = driver.start(scheduler, Duration.ofMinutes(1));
 * }</pre>
 */
public final class RetentionDriver {

    /**
     * The outcome of one trim: the entries removed, or the failure; and the readers that held it back.
     *
     * @param trim    the trim that was due
     * @param removed the entries removed, or the failure
     * @param holds   the readers that held it back (through a {@link SafeRetention} port), lowest first
     */
    public record Outcome(RetentionPolicy.Trim trim, Either<StreamStoreException, Long> removed, List<Hold> holds) {
    }

    private final RetentionPolicy policy;
    private final StreamRetentionPort port;
    private final Clock clock;
    private final Consumer<List<Outcome>> listener;
    private volatile Map<StreamKey, Instant> lastRun = HashMap.empty();

    /**
     * A driver that has run nothing yet: every rule is due on the first run.
     *
     * @param policy   which streams to trim, how, and how often
     * @param port     does the trims; a {@link SafeRetention} holds each back for the streams' readers
     * @param clock    what "now" is for the rules' {@code every} and a trim by age
     * @param listener told the outcomes of every run (an empty list when nothing was due), on the
     *                 running thread
     */
    public RetentionDriver(RetentionPolicy policy, StreamRetentionPort port, Clock clock, Consumer<List<Outcome>> listener) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.port = Objects.requireNonNull(port, "port");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Trims every stream that is due. A failure of one stream does not stop the others; it is in the
     * outcomes and the stream is tried again on the next run. Runs one at a time.
     *
     * @return one outcome per trim that was due, in the policy's order; also handed to the listener
     */
    public synchronized List<Outcome> runOnce() {
        Instant now = clock.instant();
        List<Outcome> outcomes = policy.due(now, lastRun).map(trim -> {
            try {
                TrimReport r = port.trimReported(trim.stream(), trim.retention());
                lastRun = lastRun.put(trim.stream(), now);
                return new Outcome(trim, Either.<StreamStoreException, Long>right(r.removed()), r.plan().holds());
            } catch (StreamStoreException e) {
                return new Outcome(trim, Either.<StreamStoreException, Long>left(e), List.empty());
            }
        });
        listener.accept(outcomes);
        return outcomes;
    }

    /**
     * Runs {@link #runOnce()} at once and then {@code tick} after each run ends, on {@code scheduler};
     * cancel the future to stop.
     *
     * @param scheduler where the runs happen
     * @param tick      the pause between the end of one run and the start of the next (under 1 ms
     *                  counts as 1 ms): how late a rule's trim may be past its {@code every}
     * @return the scheduled runs; cancelling it stops them
     */
    public ScheduledFuture<?> start(ScheduledExecutorService scheduler, Duration tick) {
        long ms = Math.max(1, tick.toMillis());
        return scheduler.scheduleWithFixedDelay(this::runOnce, 0, ms, TimeUnit.MILLISECONDS);
    }
}
