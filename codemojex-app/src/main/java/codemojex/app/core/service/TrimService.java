package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.GameKeeping;
import codemojex.app.core.port.in.TrimUseCase;
import codemojex.app.core.port.out.GameEnding;
import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import echomq.domain.retention.Retention;
import echomq.domain.retention.RetentionPolicy;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.retention.TrimReport;
import echomq.domain.stream.StreamKey;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Retention of every channel of every partition, through a retention that holds a trim back for
 * the readers (a {@code SafeRetention}: the score workers' pending and undelivered guesses, every
 * game's board checkpoint).
 */
public final class TrimService implements TrimUseCase {

    /** The channels retention trims, in each partition. */
    static final List<String> TRIMMED = List.of(Channels.ROOM_OPENED, Channels.GUESSES, Channels.GUESS_SCORED, Channels.GAME_SETTLED,
            Channels.GAME_CLOSED);

    /** The most games a partition's pass looks at: the oldest opened first, the rest at the next pass. */
    static final int GAMES_PER_PASS = 10_000;

    private final StreamRetentionPort retention;
    private final GamePartitions partitions;
    private final Clock clock;
    private final GameEnding ending;

    /** Over the retention every trim goes through, where games are ended, how games are spread over partitions, and a clock. */
    public TrimService(StreamRetentionPort retention, GameEnding ending, GamePartitions partitions, Clock clock) {
        this.retention = Objects.requireNonNull(retention, "retention");
        this.ending = Objects.requireNonNull(ending, "ending");
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Map<String, TrimReport> trim(Duration olderThan, boolean exact) {
        requirePositive("older-than", olderThan);
        Retention r = Retention.minAge(olderThan, clock, !exact);
        Map<String, TrimReport> reports = new LinkedHashMap<>();
        for (int p : partitions.all()) {
            String queue = partitions.queue(p);
            for (String channel : TRIMMED) {
                reports.put(partitions.count() == 1 ? channel : queue + "/" + channel, retention.trimReported(StreamKey.of(queue, channel), r));
            }
        }
        return reports;
    }

    @Override
    public RetentionPolicy keeping(Duration keep, Duration every) {
        requirePositive("keep", keep);
        List<RetentionPolicy.Rule> rules = new ArrayList<>();
        for (int p : partitions.all()) {
            for (String channel : TRIMMED) {
                rules.add(RetentionPolicy.keepAge(StreamKey.of(partitions.queue(p), channel), keep, every));
            }
        }
        return RetentionPolicy.of(rules.toArray(RetentionPolicy.Rule[]::new));
    }

    @Override
    public io.vavr.collection.List<GameKeeping.End> endGames(Duration keep) {
        GameKeeping keeping = new GameKeeping(keep);
        List<GameKeeping.End> ended = new ArrayList<>();
        for (int p : partitions.all()) {
            // only a game opened keep ago or before can have been idle that long
            GameKeeping.Plan plan = keeping.plan(ending.openedBy(p, keeping.idleBy(clock), GAMES_PER_PASS), clock);
            for (GameKeeping.End end : plan.ends()) {
                if (ending.end(end, plan.idleBy(), plan.now())) {
                    ended.add(end);
                }
            }
        }
        return io.vavr.collection.List.ofAll(ended);
    }

    @Override
    public StreamRetentionPort retention() {
        return retention;
    }

    private static void requirePositive(String field, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new BadInputException(field, field + " must be more than 0, got " + d);
        }
    }
}
