package echomq.domain.retention;

/** Bounds a stream, and so the replay of every fold over it. */
public interface StreamRetentionPort {

    /** Trims the stream as {@code retention} says; returns the number of entries removed. */
    long trim(String queue, String name, Retention retention);
}
