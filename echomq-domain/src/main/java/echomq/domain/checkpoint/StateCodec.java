package echomq.domain.checkpoint;

/**
 * How a projection writes its accumulator into a checkpoint and reads it back: the projection
 * supplies it (JSON with Jackson in an app, say), so the domain stays free of any format.
 * {@code decode(encode(a))} must equal {@code a}.
 *
 * @param <A> the accumulator
 */
public interface StateCodec<A> {

    /** The accumulator as text. */
    String encode(A value);

    /** The accumulator back from {@link #encode}'s text. @throws IllegalArgumentException when the text is not one */
    A decode(String text);
}
