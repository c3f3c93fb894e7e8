/**
 * What a command prints: a {@link echomq.cli.output.Report} (one JSON document and the table that shows
 * it), its values ({@link echomq.cli.output.Cell}), the three formats ({@link echomq.cli.output.Format}:
 * an aligned table, JSON, CSV), a stream of rows for a command that follows a stream
 * ({@link echomq.cli.output.RowSink}) and the progress line on stderr ({@link echomq.cli.output.Progress}).
 * Nothing here knows Redis or picocli.
 */
package echomq.cli.output;
