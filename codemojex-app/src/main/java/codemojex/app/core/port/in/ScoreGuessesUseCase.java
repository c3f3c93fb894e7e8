package codemojex.app.core.port.in;

import codemojex.app.core.GuessToScore;
import codemojex.app.core.ScoreResult;
import echomq.domain.stream.StreamEntry;

import java.util.List;
import java.util.Objects;

/**
 * Scoring delivered guesses, the game's central write: each decided by the referee, its entries'
 * ids minted and its outcome committed at once. The score worker drives it:
 * {@code Triaged t = scoring.triage(partition, delivered); … scoring.prepare(t.toScore()).send()}.
 */
public interface ScoreGuessesUseCase {

    /**
     * A delivered entry that is not scored: malformed, or a guess of an unknown game or of another
     * partition. The caller acknowledges it; it is reported, never committed.
     *
     * @param delivery the delivered entry
     * @param rejected whether it was a guess (counted as rejected), not a malformed entry
     */
    record Refused(StreamEntry delivery, boolean rejected) {
        public Refused {
            Objects.requireNonNull(delivery, "delivery");
        }
    }

    /**
     * What becomes of a read of delivered entries.
     *
     * @param toScore the guesses to score, in delivery order
     * @param refused the entries to acknowledge unscored
     */
    record Triaged(List<GuessToScore> toScore, List<Refused> refused) {
        public Triaged {
            toScore = List.copyOf(toScore);
            refused = List.copyOf(refused);
        }
    }

    /** A batch decided and made ready to commit; {@link #send} commits it. */
    @FunctionalInterface
    interface Prepared {
        /** Commits the batch; one result per guess, in order. */
        List<ScoreResult> send();
    }

    /** Sorts entries delivered to the score worker of {@code partition} into the guesses to score and the entries to refuse. */
    Triaged triage(int partition, List<StreamEntry> delivered);

    /**
     * Decides every guess of {@code batch} (one partition's) and prepares its commit: send prepared
     * batches in the order they were prepared, and none after one that failed.
     */
    Prepared prepare(List<GuessToScore> batch);

    /** Decides and commits {@code batch} now: {@code prepare(batch).send()}. */
    default List<ScoreResult> score(List<GuessToScore> batch) {
        return prepare(batch).send();
    }
}
