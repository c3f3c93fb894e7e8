package echomq.sql.plan;

/**
 * A statement checked and planned, before anything is read: a query ({@link Plan}) or a rollup
 * ({@link InsertPlan}).
 */
public sealed interface Planned permits Plan, InsertPlan {

    /**
     * The stream read.
     *
     * @return the table
     */
    echomq.sql.model.TableName table();
}
