/**
 * Flink's window table functions over Redis streams: {@link echomq.sql.EchoSql} answers a subset of Flink SQL by
 * translating each query into the library's windows and folds. The packages read in order: {@code parse} (the text,
 * through Apache Calcite's parser, into the {@code model}), {@code model} (the query as records and sealed
 * interfaces), {@code plan} (what it means and how it is read, refused before Redis when outside the subset),
 * {@code fold} (its aggregates as folds: the one seam where the library's folds plug in), {@code execute} (a plan
 * run over the ports) and {@code result} (the answer's columns and values).
 */
package echomq.sql;
