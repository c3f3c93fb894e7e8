package codemojex.app.core;

import codemojex.projections.GameEvent;
import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.fold.CombinableFold;
import echomq.domain.stream.StreamEntry;
import echomq.sketches.DistinctCount;
import echomq.sketches.DistinctState;
import echomq.sketches.QuantileState;
import echomq.sketches.Quantiles;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * What the feed tells of its scored guesses beyond counts: the quantiles of their {@code total} and
 * how many distinct players scored them, as sketches that merge exactly (so the reader keeps them in
 * panes and buckets like a count, and a cached answer equals a fresh one).
 *
 * <p>Totals are whole numbers 0..600 counted with 3 significant digits: every value below 2,000 has a
 * bucket of its own, so the quantiles are exact. Distinct players are counted by player id, exactly up
 * to {@link DistinctState#EXACT_LIMIT}, then within 0.81% (one standard error, precision 14).
 *
 * @param scores  the quantiles of {@code total}
 * @param players the distinct player ids
 */
public record FeedStats(QuantileState scores, DistinctState players) {

    /** The quantiles of {@code total}: 3 digits up to 600, exact for every total. */
    public static final Checkpointable<QuantileState> SCORES = Quantiles.of("feed-scores", "total", 3, 600L);

    /** The distinct player ids. */
    public static final Checkpointable<DistinctState> PLAYERS = DistinctCount.of("feed-players", GameEvent.PLAYER_ID, 14);

    /** Of no scored guess. */
    public static final FeedStats EMPTY = new FeedStats(SCORES.initial(), PLAYERS.initial());

    public FeedStats {
        Objects.requireNonNull(scores, "scores");
        Objects.requireNonNull(players, "players");
    }

    /**
     * Adds a {@code guess-scored} entry already read as {@code scored} (so an entry written before player
     * ids counts its name's derived id, as every projection does).
     */
    public FeedStats with(StreamEntry entry, GameEvent.GuessScored scored) {
        StreamEntry byId = entry.field(GameEvent.PLAYER_ID).contains(scored.playerId()) ? entry
                : new StreamEntry(entry.id(), Option.none(), LinkedHashMap.of(GameEvent.PLAYER_ID, scored.playerId()));
        return new FeedStats(SCORES.step(scores, entry), PLAYERS.step(players, byId));
    }

    /** These followed by {@code later}. */
    public FeedStats merge(FeedStats later) {
        return new FeedStats(SCORES.combine(scores, later.scores), PLAYERS.combine(players, later.players));
    }

    /** The {@code q}-quantile of the totals; none when no guess was scored. */
    public Option<Long> quantile(double q) {
        return scores.quantile(q);
    }

    /** The distinct players, exact up to {@link DistinctState#EXACT_LIMIT}. */
    public long distinctPlayers() {
        return players.rounded();
    }

    /**
     * The fold of {@code guess-scored} into its stats (named {@code feed-stats}, version 1); an entry that
     * does not read as a scored guess is an {@code UnreadableEntryException} ({@code Tally} skips it).
     */
    public static CombinableFold<FeedStats> fold() {
        return CombinableFold.of("feed-stats", 1, EMPTY, (acc, e) -> acc.with(e, GameEvent.GuessScored.decode(e)), FeedStats::merge);
    }
}
