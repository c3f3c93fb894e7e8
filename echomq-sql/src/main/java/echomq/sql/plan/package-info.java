/**
 * What a statement means and how it is answered, decided before anything is read: {@link echomq.sql.plan.Planner}
 * turns a parsed statement into a {@link echomq.sql.plan.Plan} (a query: its {@link echomq.sql.plan.Shape}, row and
 * window predicates, the {@link echomq.sql.plan.RowBound}s of the id range read, the aggregates' fold, the
 * {@link echomq.sql.plan.ColumnSource}s of its columns, its {@link echomq.sql.plan.TopN}, order and limit) or an
 * {@link echomq.sql.plan.InsertPlan} (a rollup). Pure: Redis' clock enters only when a plan is run.
 */
package echomq.sql.plan;
