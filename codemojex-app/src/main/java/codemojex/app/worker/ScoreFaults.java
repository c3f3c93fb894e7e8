package codemojex.app.worker;

import echomq.domain.stream.StreamEntry;

/** A hook called at each step of committing a guess, where a fault can be injected: the crash tests' seam. The default does nothing. */
@FunctionalInterface
public interface ScoreFaults {

    /** Where a fault can be injected. */
    enum Step { BEFORE_COMMIT, AFTER_COMMIT }

    /** No faults. */
    ScoreFaults NONE = (step, guess) -> { };

    /** Called at {@code step} of committing {@code guess}; may throw to simulate a crash there. */
    void at(Step step, StreamEntry guess);
}
