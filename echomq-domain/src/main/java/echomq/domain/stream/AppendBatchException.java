package echomq.domain.stream;

import java.util.List;

/** Some records of a batch were refused; {@link #landed()} were appended, in order, and keep their receipts. */
public final class AppendBatchException extends StreamStoreException {

    private static final long serialVersionUID = 1L;

    private final transient List<echomq.domain.id.BrandedId> landed;
    private final transient List<StreamStoreException> failures;

    /** For a batch on {@code key} of which {@code landed} landed and {@code failures} (at least one) were refused. */
    public AppendBatchException(String key, List<echomq.domain.id.BrandedId> landed, List<StreamStoreException> failures) {
        super(key, failures.size() + " record(s) of the batch were refused, " + landed.size()
                + " landed; first refusal: " + failures.get(0).getMessage(), failures.get(0));
        this.landed = List.copyOf(landed);
        this.failures = List.copyOf(failures);
    }

    /** The receipts of the records that landed, in order. */
    public List<echomq.domain.id.BrandedId> landed() {
        return landed;
    }

    /** Why the others did not. */
    public List<StreamStoreException> failures() {
        return failures;
    }

    /** Whether every refusal was a non-monotonic id. */
    public boolean allNonMonotonic() {
        return failures.stream().allMatch(f -> f instanceof NonMonotonicAppendException);
    }
}
