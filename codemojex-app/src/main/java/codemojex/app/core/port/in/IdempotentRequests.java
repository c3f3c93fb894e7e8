package codemojex.app.core.port.in;

import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotentAnswer;

/**
 * Writes that carry an {@code Idempotency-Key}: {@link #begin} decides what is done with one (and
 * holds its key when it is new), {@link Begun#answered} keeps its answer, {@link Begun#release} lets
 * its key go after a failure that wrote nothing.
 */
public interface IdempotentRequests {

    /**
     * What to do with {@code request}: run it (its key now held for it: {@link Begun#fresh()}), or
     * answer it again, or refuse it ({@link Begun#decision()}).
     */
    Begun begin(Idempotency.Request request);

    /**
     * A request begun: the decision, and for a fresh one the hold on its key.
     */
    interface Begun {
        /** What is done with the request. */
        Idempotency.Decision decision();

        /** Whether the request is to run (its key is held for it). */
        default boolean fresh() {
            return decision() instanceof Idempotency.Decision.Fresh;
        }

        /**
         * Keeps {@code answer} for the key's retries ({@link Idempotency#KEPT}).
         *
         * @return whether it was kept (false: the hold ended before, see {@link Idempotency#LEASE})
         */
        boolean answered(IdempotentAnswer answer);

        /** Lets the key go: the request failed having written nothing, and a retry runs again. */
        void release();
    }
}
