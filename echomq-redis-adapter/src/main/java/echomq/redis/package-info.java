/**
 * The EchoMQ-J ports over Redis streams with Jedis, on one server or a cluster: range
 * ({@link echomq.redis.RedisStreamRange}), append with group commit
 * ({@link echomq.redis.RedisStreamAppend}), retention ({@link echomq.redis.RedisStreamRetention}),
 * stream state ({@link echomq.redis.RedisStreamState}), readers
 * ({@link echomq.redis.RedisStreamReaders}), tails ({@link echomq.redis.RedisStreamTail}),
 * consumer groups ({@link echomq.redis.RedisConsumerGroup}) and checkpoints
 * ({@link echomq.redis.RedisCheckpoints}); {@link echomq.redis.RedisPorts#over} gives every one of them over
 * one client (the domain's {@code EchoPorts}). Commands are shaped and replies read by the client-free
 * {@code echomq.wire} module, which the Lettuce adapter shares; failures surface as the domain's
 * typed {@code StreamStoreException}s ({@link echomq.redis.RedisFailures}).
 * <pre>{@code
 * try (UnifiedJedis jedis = RedisConnections.connect("redis://localhost:6379")) {
 *     StreamRangePort range = new RedisStreamRange(jedis);
 *     List<StreamEntry> firstHundred = range.range(StreamKey.of("cm", "guesses"), StreamId.MIN, StreamId.MAX, 100);
 * }
 * }</pre>
 */
package echomq.redis;
