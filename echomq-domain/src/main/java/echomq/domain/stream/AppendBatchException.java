package echomq.domain.stream;

import java.util.List;

/** Some records of a batch were refused; {@link #landed()} were appended, in order, and keep their receipts. */
public final class AppendBatchException extends StreamStoreException {

    private static final long serialVersionUID = 1L;

    private final transient List<echomq.domain.id.BrandedId> landed;
    private final transient List<StreamStoreException> failures;

    /**
     * For a batch on {@code key} of which {@code landed} landed and {@code failures} were refused.
     *
     * @param key      the stream's key, as text
     * @param landed   the receipts of the records that landed, in order
     * @param failures why the others were refused: at least one (the first is the cause)
     */
    public AppendBatchException(String key, List<echomq.domain.id.BrandedId> landed, List<StreamStoreException> failures) {
        super(key, failures.size() + " record(s) of the batch were refused, " + landed.size()
                + " landed; first refusal: " + failures.get(0).getMessage(), failures.get(0));
        this.landed = List.copyOf(landed);
        this.failures = List.copyOf(failures);
    }

    /**
     * The failure of a batch of which {@code landed} landed (and were acknowledged) and
     * {@code failures} were not: when nothing was acknowledged and every failure is a
     * {@link StreamStoreException.NotReplicated} (every record landed on the master, the replicas
     * did not acknowledge in time), one {@code NotReplicated} naming all their receipts, in order;
     * otherwise an {@code AppendBatchException}.
     *
     * @param key      the stream's key, as text
     * @param landed   the receipts of the records that landed and were acknowledged, in order
     * @param failures why the others were not: at least one
     * @return the failure to throw
     */
    public static StreamStoreException of(String key, List<echomq.domain.id.BrandedId> landed, List<StreamStoreException> failures) {
        if (landed.isEmpty() && failures.stream().allMatch(f -> f instanceof StreamStoreException.NotReplicated)) {
            StreamStoreException.NotReplicated first = (StreamStoreException.NotReplicated) failures.get(0);
            return first.of(failures.stream().flatMap(f -> ((StreamStoreException.NotReplicated) f).receipts().stream()).toList());
        }
        return new AppendBatchException(key, landed, failures);
    }

    /**
     * The receipts of the records that landed, in order: they are in the stream.
     *
     * @return an unmodifiable list of their branded ids
     */
    public List<echomq.domain.id.BrandedId> landed() {
        return landed;
    }

    /**
     * Why the others did not land.
     *
     * @return an unmodifiable list of the refusals, at least one
     */
    public List<StreamStoreException> failures() {
        return failures;
    }

    /**
     * Whether every refusal was a non-monotonic id (another writer above the ids minted), as
     * opposed to a failure of the store.
     *
     * @return whether every failure is a {@link NonMonotonicAppendException}
     */
    public boolean allNonMonotonic() {
        return failures.stream().allMatch(f -> f instanceof NonMonotonicAppendException);
    }
}
