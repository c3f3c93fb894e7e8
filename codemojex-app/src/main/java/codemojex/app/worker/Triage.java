package codemojex.app.worker;

import codemojex.app.core.LogSafe;
import codemojex.app.core.port.GuessInbox;
import codemojex.app.core.port.ScoreCommit;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import codemojex.projections.MalformedEntryException;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * What a score worker makes of delivered entries before it commits: the guesses to commit, each with
 * its game; malformed entries, guesses of unknown games and of another partition acknowledged and
 * reported (not committed).
 */
final class Triage {

    private static final Logger log = LoggerFactory.getLogger(ScoreWorker.class);

    private final GuessInbox inbox;
    private final KnownGames games;
    private final Predicate<String> inPartition;
    private final ScoreCounts counts;

    Triage(GuessInbox inbox, KnownGames games, Predicate<String> inPartition, ScoreCounts counts) {
        this.inbox = Objects.requireNonNull(inbox, "inbox");
        this.games = Objects.requireNonNull(games, "games");
        this.inPartition = Objects.requireNonNull(inPartition, "inPartition");
        this.counts = Objects.requireNonNull(counts, "counts");
    }

    /** The guesses of {@code entries} to commit; malformed ones and those of unknown games or another partition acknowledged and reported. */
    List<ScoreCommit.Commit> ready(List<StreamEntry> entries) {
        List<ScoreCommit.Commit> ready = new java.util.ArrayList<>(entries.size());
        for (StreamEntry entry : entries) {
            GuessSubmitted guess;
            try {
                guess = GuessSubmitted.decode(entry);
            } catch (MalformedEntryException e) {
                log.warn("acknowledging a malformed guess: {}", LogSafe.escape(e.getMessage()));
                inbox.ack(entry.id());
                continue;
            }
            String guessId = entry.branded().map(BrandedId::toString).getOrElse(() -> "E" + entry.id().toString().replace('-', '_'));
            if (!inPartition.test(guess.game())) {
                log.warn("guess {} is for game {} of another partition: acknowledged, not scored", guessId, LogSafe.escape(guess.game()));
                inbox.ack(entry.id());
                counts.noteRejected();
                continue;
            }
            Option<GameRecord> game = games.find(guess.game());
            if (game.isEmpty()) {
                log.warn("guess {} is for unknown game {}: acknowledged, not scored", guessId, LogSafe.escape(guess.game()));
                inbox.ack(entry.id());
                counts.noteRejected();
                continue;
            }
            ready.add(new ScoreCommit.Commit(entry, guess, guessId, game.get()));
        }
        return ready;
    }
}
