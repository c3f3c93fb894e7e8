package echomq.sql.fold;

/**
 * An exact aggregate met more values in one group than it keeps: {@code COUNT(DISTINCT f)} and
 * {@code PERCENTILE(f, p)} keep every value, up to {@link Part#EXACT_LIMIT} per group. The message
 * names the approximate aggregate that answers without the bound. Bad input (the query must change),
 * so the command line exits 2.
 */
public final class ExactLimitException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * The refusal.
     *
     * @param message what was met and what to write instead
     */
    public ExactLimitException(String message) {
        super(message);
    }
}
