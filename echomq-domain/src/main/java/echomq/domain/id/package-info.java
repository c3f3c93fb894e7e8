/**
 * Identifiers: Redis stream ids, snowflakes and the branded ids records are written under.
 *
 * <p>A {@link echomq.domain.id.StreamId} is a Redis stream entry id {@code <ms>-<seq>}. A
 * {@link echomq.domain.id.Snowflake} mints 63-bit ids {@code (unixMs - 2024-01-01) << 22 | node << 12 | seq};
 * a {@link echomq.domain.id.BrandedId} is a three-letter namespace followed by the snowflake in
 * fixed-width {@link echomq.domain.id.Base62}, {@code EVT} for stream records. A record's entry id
 * is derived from its branded id (the A1 mapping {@code <unix ms of the mint>-<snowflake & 0x3FFFFF>}),
 * so the two sort alike and a time window is an id range.
 * <pre>{@code
 * BrandedId id = new Snowflake(7, Clock.systemUTC()).nextId();   // EVT0KHN8WaR7bB, say
 * StreamId entry = id.streamId();                                // 1769521443210-28677 (node 7, seq 5)
 * }</pre>
 */
package echomq.domain.id;
