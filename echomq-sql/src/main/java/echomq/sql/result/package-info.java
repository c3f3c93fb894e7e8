/**
 * What a query answers: {@link echomq.sql.result.Answer} (columns with their {@link echomq.sql.result.SqlType}
 * and rows of {@link echomq.sql.result.Value}s). The bottom of the module: values only, no dependency
 * on the rest of it.
 */
package echomq.sql.result;
