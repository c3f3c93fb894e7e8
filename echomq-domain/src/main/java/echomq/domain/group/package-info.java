/**
 * Consumer groups: entries of one stream delivered to one consumer of a group each, pending until
 * acknowledged and taken over when their consumer goes silent ({@code XREADGROUP}, {@code XACK},
 * {@code XAUTOCLAIM} on Redis).
 *
 * <p>{@link echomq.domain.group.ConsumerGroup} and {@link echomq.domain.group.Consumer} are the
 * validated names; {@link echomq.domain.group.ConsumerGroupPort} is what an adapter implements.
 * <pre>{@code
 * Consumer worker = ConsumerGroup.of(StreamKey.of("cm", "guesses"), "scorers").consumer("worker-1");
 * }</pre>
 */
package echomq.domain.group;
