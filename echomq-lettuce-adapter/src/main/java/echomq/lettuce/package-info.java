/**
 * The EchoMQ-J ports over Redis streams with Lettuce, on one server or a cluster, beside the Jedis
 * adapter and interchangeable with it: range ({@link echomq.lettuce.LettuceStreamRange}), append
 * ({@link echomq.lettuce.LettuceStreamAppend}), retention
 * ({@link echomq.lettuce.LettuceStreamRetention}), stream state
 * ({@link echomq.lettuce.LettuceStreamState}), readers ({@link echomq.lettuce.LettuceStreamReaders}),
 * tails ({@link echomq.lettuce.LettuceStreamTail}), consumer groups
 * ({@link echomq.lettuce.LettuceConsumerGroup}) and checkpoints
 * ({@link echomq.lettuce.LettuceCheckpoints}); {@link echomq.lettuce.LettucePorts#over} gives every one of them
 * over one connection (the domain's {@code EchoPorts}). Every adapter shares one multiplexed connection
 * ({@link echomq.lettuce.LettuceRedis}); a thread that blocks gets a connection of its own. The
 * client is the connection's own ({@link echomq.lettuce.LettuceConnections#connect(String)}) or
 * somebody else's, left running when the connection closes
 * ({@link echomq.lettuce.LettuceConnections#on(io.lettuce.core.AbstractRedisClient)}, for Spring Data
 * Redis' client).
 * Commands are shaped and replies read by the client-free {@code echomq.wire} module, as the Jedis
 * adapter reads them; failures surface as the domain's typed {@code StreamStoreException}s
 * ({@link echomq.lettuce.LettuceFailures}).
 * <pre>{@code
 * try (LettuceRedis redis = LettuceConnections.connect("redis-cluster://localhost:7000,localhost:7001")) {
 *     StreamRangePort range = new LettuceStreamRange(redis);
 *     List<StreamEntry> firstHundred = range.range(StreamKey.of("cm", "guesses"), StreamId.MIN, StreamId.MAX, 100);
 * }
 * }</pre>
 */
package echomq.lettuce;
