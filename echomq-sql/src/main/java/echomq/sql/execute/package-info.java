/**
 * Plans run over the ports of one connection: {@link echomq.sql.execute.Execution} answers a query once (one paged
 * pass over the id range its time predicates bound, through the domain's {@code StreamWindows}), each window as it
 * closes (the engine's {@code ClosingBuckets}), or an {@code INSERT INTO} as the engine's {@code Rollup}.
 */
package echomq.sql.execute;
