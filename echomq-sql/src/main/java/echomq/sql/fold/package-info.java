/**
 * SQL's aggregates as folds: {@link echomq.sql.fold.AggregateFolds}, the one seam that decides which fold answers
 * each aggregate (the library's {@code Aggregates}, or an exact part of this module until the library has the
 * fold), giving {@link echomq.sql.fold.Measures}: one combinable fold of {@link echomq.sql.fold.Measured} and how
 * each aggregate's value is read from it.
 */
package echomq.sql.fold;
