/**
 * Tailing: following a stream as it grows ({@code XREAD BLOCK} on Redis), through
 * {@link echomq.domain.tail.StreamTailPort}. Live views and followers in the engine read on from
 * the last id they saw, so nothing is missed or read twice across waits.
 * <pre>{@code
 * List<StreamEntry> next = tail.readAfter(key, lastSeen, 1000, Duration.ofSeconds(1));
 * }</pre>
 */
package echomq.domain.tail;
