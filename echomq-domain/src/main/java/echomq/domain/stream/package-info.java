/**
 * Streams: keys, entries, states and the ports through which the domain appends to and reads a
 * stream store (Redis in the adapters).
 *
 * <p>A {@link echomq.domain.stream.StreamKey} is the validated key {@code emq:{<queue>}:stream:<name>};
 * a {@link echomq.domain.stream.StreamEntry} is one entry with its branded id and fields. The ports
 * ({@link echomq.domain.stream.StreamAppendPort}, {@link echomq.domain.stream.StreamRangePort},
 * {@link echomq.domain.stream.StreamStatePort}) are the only I/O a window fold needs; a store failure
 * is a typed {@link echomq.domain.stream.StreamStoreException}, never swallowed.
 * <pre>{@code
 * StreamKey key = StreamKey.of("cm", "guesses");          // emq:{cm}:stream:guesses
 * BrandedId id = append.append(key, LinkedHashMap.of("player", "ann", "word", "tree"));
 * }</pre>
 */
package echomq.domain.stream;
