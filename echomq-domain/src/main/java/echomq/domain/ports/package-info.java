/**
 * The library's ports over one client, as one value: {@link echomq.domain.ports.EchoPorts}, what
 * an adapter module's factory gives ({@code RedisPorts.over(jedis)} on Jedis,
 * {@code LettucePorts.over(redis)} on Lettuce) and what an application or the Spring Boot starter
 * builds its ports from, whichever client it runs on. It depends on the other packages' ports;
 * none depends on it.
 * <pre>{@code
 * EchoPorts ports = RedisPorts.over(jedis);
 * StreamAppendPort append = ports.append(minter, EchoListener.NONE);
 * List<StreamEntry> all = ports.range().range(key, StreamId.MIN, StreamId.MAX, 100);
 * }</pre>
 */
package echomq.domain.ports;
