/**
 * What a service needs to test against EchoMQ-J, in test scope: abstract port contracts an adapter
 * extends once per Redis ({@link echomq.testkit.AdapterContracts} runs them all;
 * {@link echomq.testkit.EchoPortsContracts} runs them on the ports an adapter's factory gives), in-memory streams
 * and checkpoints for tests without Redis ({@link echomq.testkit.InMemoryStreams},
 * {@link echomq.testkit.InMemoryCheckpoints}), a clock moved by hand, the seeded generator of property
 * tests, and {@code redis-server} / Redis Cluster process fixtures for fault injection
 * ({@link echomq.testkit.TestRedis} picks the server the tests share).
 * <pre>{@code
 * InMemoryStreams streams = new InMemoryStreams();
 * MovableClock clock = new MovableClock(t0);
 * ProjectionReader reader = new ProjectionReader(streams, streams, clock, 100);
 * streams.append(key, BrandedId.event(snowflake), LinkedHashMap.of("k", "v"));
 * }</pre>
 */
package echomq.testkit;
