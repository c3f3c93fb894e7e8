/**
 * Query text to the {@linkplain echomq.sql.model model}: {@link echomq.sql.parse.SqlText}, over Apache Calcite's
 * parser configured as Flink's. The only package that sees Calcite (ArchUnit: {@code SqlArchitectureTest}).
 */
package echomq.sql.parse;
