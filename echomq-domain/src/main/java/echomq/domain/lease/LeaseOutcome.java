package echomq.domain.lease;

import java.util.Objects;

/** What an acquire came to: the lease is the caller's now, or another member holds it. */
public sealed interface LeaseOutcome permits LeaseOutcome.Granted, LeaseOutcome.HeldByAnother {

    /**
     * The lease as the store keeps it after the call.
     *
     * @return the lease
     */
    Lease lease();

    /**
     * The caller owns the partition: a fresh lease (a new epoch) or its own renewed (the same epoch).
     *
     * @param lease the caller's lease
     */
    record Granted(Lease lease) implements LeaseOutcome {
        /**
         * Checks the lease is given.
         *
         * @param lease the caller's lease
         */
        public Granted {
            Objects.requireNonNull(lease, "lease");
        }
    }

    /**
     * Another member holds an unexpired lease: nothing changed.
     *
     * @param lease the holder's lease
     */
    record HeldByAnother(Lease lease) implements LeaseOutcome {
        /**
         * Checks the lease is given.
         *
         * @param lease the holder's lease
         */
        public HeldByAnother {
            Objects.requireNonNull(lease, "lease");
        }
    }
}
