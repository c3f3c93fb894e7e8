package echomq.domain.checkpoint;

/**
 * How a projection writes its accumulator into a checkpoint and reads it back: the projection
 * supplies it (JSON with Jackson in an app, say), so the domain stays free of any format.
 * {@code decode(encode(a))} must equal {@code a}.
 * <pre>{@code
 * StateCodec<Long> count = new StateCodec<>() {
 *     public String encode(Long value) { return value.toString(); }
 *     public Long decode(String text) { return Long.valueOf(text); }
 * };
 * }</pre>
 *
 * @param <A> the accumulator
 */
public interface StateCodec<A> {

    /**
     * The accumulator as text.
     *
     * @param value the accumulator
     * @return its text, which {@link #decode} reads back
     */
    String encode(A value);

    /**
     * The accumulator back from {@link #encode}'s text.
     *
     * @param text what {@link #encode} wrote
     * @return the accumulator
     * @throws IllegalArgumentException when the text is not one {@link #encode} writes
     */
    A decode(String text);
}
