/**
 * Values that follow streams as they grow. {@link echomq.engine.live.StreamFollowers} runs one
 * blocking reader per stream per process and tells its subscribers the newest id;
 * {@link echomq.engine.live.LiveValue} recomputes a value (typically a
 * {@link echomq.engine.projection.ProjectionReader} fold, cheap when little changed) on every append
 * and every tick, and pushes it to its listeners when it changed, the newest replacing one a busy
 * listener has not taken yet. Both ride out a Redis that is down or restarting by retrying after a
 * backoff.
 * <pre>{@code
 * StreamFollowers followers = new StreamFollowers(tails, states, Duration.ofSeconds(2));
 * LiveValue<Long> count = LiveValue.start("count", followers, List.of(key),
 *         () -> reader.fold(key, Window.last(Duration.ofHours(1)), counting), Duration.ofSeconds(1), pool);
 * AutoCloseable sub = count.subscribe(u -> push(u.value()));
 * }</pre>
 */
package echomq.engine.live;
