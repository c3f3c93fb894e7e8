package echomq.sql.plan;

/**
 * One key of an order, resolved to a column's place.
 *
 * @param index      the column's place, from 0
 * @param descending whether larger values come first
 * @param nullFirst  whether NULL comes first
 */
public record Sort(int index, boolean descending, boolean nullFirst) {
    /**
     * Checks the place.
     *
     * @param index      at least 0
     * @param descending DESC
     * @param nullFirst  NULL first
     */
    public Sort {
        if (index < 0) {
            throw new IllegalArgumentException("a sort key's column is at a place from 0, not " + index);
        }
    }

    /**
     * Compares two rows by this key.
     *
     * @param a one row
     * @param b another
     * @return negative, zero or positive
     */
    public int compare(io.vavr.collection.List<echomq.sql.result.Value> a, io.vavr.collection.List<echomq.sql.result.Value> b) {
        echomq.sql.result.Value x = a.get(index);
        echomq.sql.result.Value y = b.get(index);
        if (x.isNull() || y.isNull()) {
            if (x.isNull() == y.isNull()) {
                return 0;
            }
            return x.isNull() == nullFirst ? -1 : 1;
        }
        int c = echomq.sql.result.Value.compare(x, y);
        return descending ? -c : c;
    }
}
