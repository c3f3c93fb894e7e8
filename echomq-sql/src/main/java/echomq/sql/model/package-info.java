/**
 * The query as this module understands it, independent of the parser that read it: {@link echomq.sql.model.Statement}s
 * of {@link echomq.sql.model.Query}s over a {@link echomq.sql.model.Source} (a stream, a window table function
 * {@link echomq.sql.model.Windows}), with {@link echomq.sql.model.Condition}s over {@link echomq.sql.model.Operand}s and
 * {@link echomq.sql.model.Aggregation}s. Records and sealed interfaces; each kind answers for itself (tests a row,
 * bounds the rows a window predicate keeps, hands itself to the fold that computes it). A query refused is a
 * {@link echomq.sql.model.SqlRefusedException} naming the construct and its {@link echomq.sql.model.Position}.
 */
package echomq.sql.model;
