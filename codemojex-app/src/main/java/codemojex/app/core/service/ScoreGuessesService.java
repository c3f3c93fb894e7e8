package codemojex.app.core.service;

import codemojex.app.core.DecidedGuess;
import codemojex.app.core.GuessToScore;
import codemojex.app.core.LogSafe;
import codemojex.app.core.port.in.ScoreGuessesUseCase;
import codemojex.app.core.port.out.Games;
import codemojex.app.core.port.out.ScoreCommit;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GamePartitions;
import codemojex.projections.GameRecord;
import codemojex.projections.MalformedEntryException;
import codemojex.projections.Referee;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Scores delivered guesses: sorts a delivery (malformed entries, guesses of unknown games and of
 * another partition refused), decides each guess once with {@link Referee#decide} for its game as
 * read, and hands the decisions to {@link ScoreCommit}, which mints their entries' ids and applies
 * them at once. The games it reads are kept, per partition ({@link KnownGames}): a batch reads its game once.
 */
public final class ScoreGuessesService implements ScoreGuessesUseCase {

    private static final Logger log = LoggerFactory.getLogger(ScoreGuessesService.class);

    /** The games each partition's worker read, one cache per partition as each worker had its own. */
    private final List<KnownGames> games;
    private final ScoreCommit commit;
    private final GamePartitions partitions;

    /** Over the game store, the commit of decided guesses and the partitions (a guess is scored by its game's partition only). */
    public ScoreGuessesService(Games games, ScoreCommit commit, GamePartitions partitions) {
        Objects.requireNonNull(games, "games");
        this.commit = Objects.requireNonNull(commit, "commit");
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.games = partitions.all().map(p -> new KnownGames(games, KnownGames.MAX)).toJavaList();
    }

    @Override
    public Triaged triage(int partition, List<StreamEntry> delivered) {
        List<GuessToScore> toScore = new ArrayList<>(delivered.size());
        List<Refused> refused = new ArrayList<>();
        for (StreamEntry entry : delivered) {
            GuessSubmitted guess;
            try {
                guess = GuessSubmitted.decode(entry);
            } catch (MalformedEntryException e) {
                log.warn("acknowledging a malformed guess: {}", LogSafe.escape(e.getMessage()));
                refused.add(new Refused(entry, false));
                continue;
            }
            String guessId = entry.branded().map(BrandedId::toString).getOrElse(() -> "E" + entry.id().toString().replace('-', '_'));
            if (partitions.of(guess.game()) != partition) {
                // only a hand-written entry can be one: its game's keys are not in this partition's slot
                log.warn("guess {} is for game {} of another partition: acknowledged, not scored", guessId, LogSafe.escape(guess.game()));
                refused.add(new Refused(entry, true));
                continue;
            }
            Option<GameRecord> game = games.get(partition).find(guess.game());
            if (game.isEmpty()) {
                log.warn("guess {} is for unknown game {}: acknowledged, not scored", guessId, LogSafe.escape(guess.game()));
                refused.add(new Refused(entry, true));
                continue;
            }
            toScore.add(new GuessToScore(entry, guess, guessId, game.get()));
        }
        return new Triaged(toScore, refused);
    }

    @Override
    public Prepared prepare(List<GuessToScore> batch) {
        // decided once, here, on the game as read; the commit checks inside the store only what must be checked there
        List<DecidedGuess> decided = batch.stream().map(g -> new DecidedGuess(g, Referee.decide(g.guess(), g.guessId(), g.game()))).toList();
        return commit.prepare(decided)::send;
    }
}
