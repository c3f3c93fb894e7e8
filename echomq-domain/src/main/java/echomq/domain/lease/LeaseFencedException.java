package echomq.domain.lease;

/**
 * A write refused because its fencing epoch is not the partition's stored one: another member took
 * the partition over since the writer's lease was granted. Nothing of the write was stored; the
 * writer has lost the partition and must stop writing to it.
 */
public final class LeaseFencedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The partition. */
    private final int partition;
    /** The writer's epoch. */
    private final long epoch;
    /** The stored epoch. */
    private final long stored;

    /**
     * A write of {@code partition} under {@code epoch} refused, the store holding {@code stored}.
     *
     * @param partition the partition
     * @param epoch     the writer's epoch
     * @param stored    the stored epoch
     */
    public LeaseFencedException(int partition, long epoch, long stored) {
        super("partition " + partition + " is fenced: written under epoch " + epoch + ", the lease's epoch is " + stored);
        this.partition = partition;
        this.epoch = epoch;
        this.stored = stored;
    }

    /**
     * The partition.
     *
     * @return the partition the write was for
     */
    public int partition() {
        return partition;
    }

    /**
     * The writer's epoch.
     *
     * @return the epoch the refused write carried
     */
    public long epoch() {
        return epoch;
    }

    /**
     * The stored epoch.
     *
     * @return the epoch of the lease when the write was refused
     */
    public long stored() {
        return stored;
    }
}
