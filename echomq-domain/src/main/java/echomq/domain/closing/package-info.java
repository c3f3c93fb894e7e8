/**
 * Buckets that close on time: when a bucket of a series is final, and where a subscription keeps
 * the last bucket it handed out.
 *
 * <p>A bucket {@code [s, e]} is final when the store's clock (Redis {@code TIME}, never the local
 * one) has passed {@code e} by more than the writers' clock skew the appender allows: no entry can
 * be minted into it any more. {@link echomq.domain.closing.DueBuckets} decides which buckets are
 * due, purely; the ports {@link echomq.domain.closing.ServerClockPort} and
 * {@link echomq.domain.closing.BucketMarkPort} are what the engine's subscription reads and writes.
 * A bucket is due whether or not any entry arrived: an idle stream still closes its buckets.
 * Sessions close the same way ({@link echomq.domain.closing.DueSessions}): a session is final once
 * the store's clock, less the skew, has passed its last entry by the whole gap.
 * <pre>{@code
 * List<Window.Closed> due = DueBuckets.due(Buckets.tumbling(Duration.ofMinutes(1)), from, mark.last(key, "chart"),
 *         clock.now(key), Duration.ofSeconds(2), 100);
 * }</pre>
 */
package echomq.domain.closing;
