package echomq.sql;

import echomq.sql.model.SqlRefusedException;
import echomq.sql.result.Answer;
import echomq.sql.result.Column;
import echomq.sql.result.SqlType;
import echomq.sql.result.Value;
import io.vavr.collection.List;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The forms of the subset, each over a small stream whose answer is worked out by hand. */
class EchoSqlTest {

    static final long T = Instant.parse("2026-12-04T10:00:00Z").toEpochMilli();
    static final long MIN = 60_000;

    final Streams s = new Streams();

    EchoSqlTest() {
        s.add("orders", T + 1_000, 0, "user", "ada", "amount", "10");
        s.add("orders", T + 2_000, 0, "user", "bob", "amount", "2.5");
        s.add("orders", T + 30_000, 0, "user", "ada", "amount", "x");
        s.add("orders", T + MIN + 5, 0, "user", "ada", "amount", "7");
        s.add("orders", T + 3 * MIN, 0, "user", "cy");
        s.add("orders", T + 3 * MIN, 1, "amount", "1");
    }

    static List<String> rows(Answer a) {
        return a.rows().map(r -> r.map(v -> v instanceof Value.Time t ? t.value().toString().substring(11, 19) : v.text()).mkString("|"));
    }

    @Test
    void aTumblingCountSumAndMaxPerUser() {
        Answer a = s.sql().query("SELECT window_start, window_end, `user`, COUNT(*) AS n, SUM(amount), MAX(amount) "
                + "FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, `user`");
        assertThat(a.columns()).containsExactly(new Column("window_start", SqlType.TIMESTAMP_LTZ), new Column("window_end", SqlType.TIMESTAMP_LTZ),
                new Column("user", SqlType.STRING), new Column("n", SqlType.BIGINT), new Column("SUM(amount)", SqlType.DECIMAL),
                new Column("MAX(amount)", SqlType.DECIMAL));
        assertThat(rows(a)).containsExactly(
                "10:00:00|10:01:00|ada|2|10|10",
                "10:00:00|10:01:00|bob|1|2.5|2.5",
                "10:01:00|10:02:00|ada|1|7|7",
                "10:03:00|10:04:00||1|1|1",          // the row without a user: the NULL group
                "10:03:00|10:04:00|cy|1||");         // no amount: SUM and MAX are NULL
    }

    @Test
    void hopAndCumulateWindowsAreWholeWindowsEvenWhereTheRangeClipsThem() {
        Answer hop = s.sql().query("SELECT window_start, window_end, COUNT(*) AS n FROM TABLE(HOP(TABLE orders, DESCRIPTOR(_time), "
                + "INTERVAL '1' MINUTE, INTERVAL '2' MINUTE)) GROUP BY window_start, window_end");
        assertThat(rows(hop)).containsExactly("09:59:00|10:01:00|3", "10:00:00|10:02:00|4", "10:01:00|10:03:00|1",
                "10:02:00|10:04:00|2", "10:03:00|10:05:00|2");
        Answer cum = s.sql().query("SELECT window_start, window_end, COUNT(*) AS n FROM TABLE(CUMULATE(TABLE orders, DESCRIPTOR(_time), "
                + "INTERVAL '1' MINUTE, INTERVAL '2' MINUTE)) GROUP BY window_start, window_end");
        assertThat(rows(cum)).containsExactly("10:00:00|10:01:00|3", "10:00:00|10:02:00|4", "10:02:00|10:04:00|2");
    }

    @Test
    void sessionsPerUserEndAGapAfterTheirLastRow() {
        Answer a = s.sql().query("SELECT window_start, window_end, `user`, COUNT(*) AS n FROM TABLE(SESSION(TABLE orders PARTITION BY `user`, "
                + "DESCRIPTOR(_time), INTERVAL '40' SECOND)) GROUP BY window_start, window_end, `user`");
        // ada's rows at 10:00:01, 10:00:30 and 10:01:00.005 are less than 40 s apart: one session, to 10:01:40.005
        assertThat(rows(a)).containsExactly("10:00:01|10:01:40|ada|3", "10:00:02|10:00:42|bob|1", "10:03:00|10:03:40|cy|1");
    }

    @Test
    void theExactAggregatesOfThisModule() {
        Answer a = s.sql().query("SELECT COUNT(amount), COUNT(DISTINCT `user`), PERCENTILE(amount, 0.5), STDDEV_POP(amount), VAR_SAMP(amount), "
                + "FIRST_VALUE(amount), LAST_VALUE(`user`), AVG(amount), MIN(amount) FROM orders WHERE _time >= TIMESTAMP '2026-12-04 10:00:00'");
        // amounts that are numbers: 10, 2.5, 7, 1 (mean 5.125, squared deviations 51.1875); texts: 10, 2.5, x, 7, 1
        assertThat(rows(a)).containsExactly("5|3|4.75|" + Math.sqrt(51.1875 / 4) + "|17.0625|10|cy|5.125|1");
    }

    @Test
    void theTopTwoUsersOfEachWindow() {
        Answer a = s.sql().query("SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY n DESC) AS rownum "
                + "FROM (SELECT window_start, window_end, `user`, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) "
                + "GROUP BY window_start, window_end, `user`)) WHERE rownum <= 1");
        assertThat(a.names()).containsExactly("window_start", "window_end", "user", "n", "rownum");
        assertThat(rows(a)).containsExactly("10:00:00|10:01:00|ada|2|1", "10:01:00|10:02:00|ada|1|1", "10:03:00|10:04:00||1|1");
    }

    @Test
    void orderByAndLimitOnTheAnswer() {
        Answer a = s.sql().query("SELECT `user`, COUNT(*) AS n FROM orders WHERE _time > CURRENT_TIMESTAMP - INTERVAL '3' HOUR "
                + "AND `user` IS NOT NULL GROUP BY `user` ORDER BY n DESC, `user` LIMIT 2");
        assertThat(rows(a)).containsExactly("ada|3", "bob|1");
    }

    @Test
    void aTimePredicateIsTheRangeRead() {
        s.sql().query("SELECT COUNT(*) FROM orders WHERE _time >= TIMESTAMP '2026-12-04 10:01:00' AND _time < TIMESTAMP '2026-12-04 10:02:00'");
        assertThat(s.read.get()).as("only the entry of 10:01 is read").isEqualTo(1);
    }

    @Test
    void rowsSelectedAsTheyAre() {
        Answer a = s.sql().query("SELECT _id, `user`, CAST(amount AS DOUBLE) AS a FROM orders WHERE amount LIKE '%.%' OR amount = 7 LIMIT 10");
        assertThat(rows(a)).containsExactly((T + 2_000) + "-0|bob|2.5", (T + MIN + 5) + "-0|ada|7.0");
        Answer star = s.sql().query("SELECT * FROM orders WHERE _time >= TIMESTAMP '2026-12-04 10:03:00'");
        assertThat(star.names()).containsExactly("_id", "_time", "user", "amount");
        assertThat(rows(star)).containsExactly((T + 3 * MIN) + "-0|10:03:00|cy|", (T + 3 * MIN) + "-1|10:03:00||1");
    }

    @Test
    void refusedBeforeAnythingIsRead() {
        assertThatThrownBy(() -> s.sql().query("SELECT COUNT(*) FROM orders GROUP BY `user`"))
                .isInstanceOf(SqlRefusedException.class).hasMessageContaining("non-window GROUP BY").hasMessageContaining("line 1, column 1");
        assertThatThrownBy(() -> s.sql().query("SELECT a FROM orders JOIN payments ON orders.id = payments.id"))
                .isInstanceOf(SqlRefusedException.class).hasMessageStartingWith("line 1, column ").hasMessageContaining("JOIN is not supported");
        assertThat(s.calls.get()).isZero();
    }

    @Test
    void anExactCountPastItsBoundNamesTheApproximateOne() {
        Streams big = new Streams();
        for (int i = 0; i <= 100_000; i++) {
            big.add("users", T + i, 0, "user", "u" + i, "amount", Integer.toString(i));
        }
        assertThatThrownBy(() -> big.sql().query("SELECT COUNT(DISTINCT `user`) FROM users WHERE _time >= TIMESTAMP '2026-12-04 10:00:00'"))
                .isInstanceOf(echomq.sql.fold.ExactLimitException.class)
                .hasMessageContaining("COUNT(DISTINCT user) at line 1, column 8 met more than 100000 distinct values in one group")
                .hasMessageContaining("APPROX_COUNT_DISTINCT(user)");
        assertThatThrownBy(() -> big.sql().query("SELECT PERCENTILE(amount, 0.5) FROM users WHERE _time >= TIMESTAMP '2026-12-04 10:00:00'"))
                .hasMessageContaining("APPROX_PERCENTILE(amount, 0.5)");
        Answer approx = big.sql().query("SELECT APPROX_COUNT_DISTINCT(`user`), APPROX_PERCENTILE(amount, 0.5) FROM users "
                + "WHERE _time >= TIMESTAMP '2026-12-04 10:00:00'");
        assertThat(approx.rows().head().get(0).number().get().doubleValue()).isBetween(100_001 * 0.99, 100_001 * 1.01);
        assertThat(approx.rows().head().get(1).number().get().doubleValue()).isBetween(50_000 * 0.999, 50_000 * 1.001);
    }
}
