package echomq.sql;

import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.eventtime.TimeFormat;
import echomq.sql.model.SqlRefusedException;
import echomq.sql.result.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Queries by the declared event time ({@code --time-field ts --lateness 5m}): over a stream holding a
 * day (an entry every 10 s, written up to 4 minutes after its time), a query for the last hour by
 * {@code ts} reads the last hour and the lead before it, counted at the port; windows hold the
 * entries of their event time; what the rule leaves out is in no row and counted.
 */
class SqlEventTimeTest {

    static final Instant NOW = Instant.parse("2026-12-04T12:00:00Z");
    static final long DAY = 86_400_000L;
    static final long HOUR = 3_600_000L;
    static final EventTime TS = EventTime.field("ts").lateness(Duration.ofMinutes(5));

    final Streams s = new Streams();

    SqlEventTimeTest() {
        s.now = NOW;
        long from = NOW.toEpochMilli() - DAY;
        for (long ms = from; ms < NOW.toEpochMilli(); ms += 10_000) {
            // each block of 12 entries holds the times of the block before, shuffled: 10 to 230 s after its time, every 10 s one
            long k = ms / 10_000;
            long ts = (k / 12 - 1) * 120_000 + (k % 12 * 5 % 12) * 10_000;
            s.add("orders", ms, 0, "ts", Long.toString(ts), "amount", "1");
        }
    }

    long idsFrom(long fromInclusive) {
        long n = 0;
        for (long ms = NOW.toEpochMilli() - DAY; ms < NOW.toEpochMilli(); ms += 10_000) {
            n += ms >= fromInclusive ? 1 : 0;
        }
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
                + "WHERE ts > CURRENT_TIMESTAMP - INTERVAL '1' HOUR GROUP BY window_start, window_end",
        "SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE orders, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '10' MINUTE)) "
                + "WHERE CURRENT_TIMESTAMP - INTERVAL '1' HOUR < ts GROUP BY window_start, window_end",
        "SELECT COUNT(*) FROM orders WHERE ts > CURRENT_TIMESTAMP - INTERVAL '1' HOUR",
        "SELECT _id, ts FROM orders WHERE ts > NOW() - INTERVAL '60' MINUTE LIMIT 100000"})
    void aQueryForTheLastHourByEventTimeReadsTheLastHourAndTheLead(String sql) {
        Answer a = s.sql().withEventTime(TS).query(sql);
        // ts > now - 1h: ids from now - 1h + 1 ms - 1 s (the lead) on; none later than the stream's end
        assertThat(s.read.get()).as("entries read").isEqualTo(idsFrom(NOW.toEpochMilli() - HOUR + 1 - 1_000));
        assertThat(a.leftOut()).contains(LeftOut.NONE);
    }

    @Test
    void anHourOfEventTimeFromADayReadsNoMoreThanTheHourAndTheLateness() {
        Answer a = s.sql().withEventTime(TS).query("SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), "
                + "INTERVAL '10' MINUTE)) WHERE ts >= TIMESTAMP '2026-12-04 06:00:00' AND ts < TIMESTAMP '2026-12-04 07:00:00' "
                + "GROUP BY window_start, window_end");
        assertThat(a.rows().map(r -> r.get(1).text())).containsExactly("60", "60", "60", "60", "60", "60");
        long t0 = Instant.parse("2026-12-04T06:00:00Z").toEpochMilli();
        assertThat(s.read.get()).as("an hour, the lead before it, the lateness after it")
                .isEqualTo(idsFrom(t0 - 1_000) - idsFrom(t0 + HOUR - 1 + 300_000 + 1)).isLessThanOrEqualTo(360 + 30 + 1);
    }

    @Test
    void windowsAreOfTheEventsTimeAndWhatTheRuleLeavesOutIsCountedNotAnswered() {
        Streams t = new Streams();
        long m = Instant.parse("2026-12-04T11:02:10Z").toEpochMilli();
        t.add("orders", m, 0, "ts", "2026-12-04T11:01:59.500Z", "amount", "5");      // written in minute 2, of minute 1
        t.add("orders", m + 1, 0, "ts", "2026-12-04T11:02:00Z", "amount", "7");      // of minute 2
        t.add("orders", m + 2, 0, "ts", "2026-12-04T10:50:00Z", "amount", "100");    // late: 12 minutes after its time
        t.add("orders", m + 3, 0, "ts", "2026-12-04T11:10:00Z", "amount", "100");    // early: 8 minutes ahead of Redis' clock
        t.add("orders", m + 4, 0, "amount", "100");                                  // untimed
        Answer a = t.sql().withEventTime(TS.format(TimeFormat.ISO_8601)).query("SELECT window_start, window_end, COUNT(*) AS n, SUM(amount) AS s "
                + "FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
        assertThat(a.rows().map(r -> r.get(0).text() + " " + r.get(1).text() + " " + r.get(2).text() + " " + r.get(3).text()))
                .containsExactly("2026-12-04T11:01:00Z 2026-12-04T11:02:00Z 1 5", "2026-12-04T11:02:00Z 2026-12-04T11:03:00Z 1 7");
        assertThat(a.leftOut()).contains(new LeftOut(1, 1, 1));
        Answer rows = t.sql().withEventTime(TS.format(TimeFormat.ISO_8601)).query("SELECT _id, ts, amount FROM orders "
                + "WHERE ts >= TIMESTAMP '2026-12-04 11:00:00'");
        assertThat(rows.rows().map(r -> r.get(0).text())).containsExactly(m + "-0", (m + 1) + "-0");
        assertThat(rows.leftOut()).contains(new LeftOut(1, 1, 1));
        Answer byIds = t.sql().withEventTime(TS).query("SELECT COUNT(*) FROM orders WHERE _time >= TIMESTAMP '2026-12-04 11:00:00'");
        assertThat(byIds.rows().head().get(0).text()).as("a query by _time keeps every entry").isEqualTo("5");
        assertThat(byIds.leftOut()).as("a query by _time tells nothing left out").isEmpty();
    }

    @Test
    void whatEventTimeCannotMeanIsRefusedBeforeRedis() {
        EchoSql byTs = s.sql().withEventTime(TS);
        assertThatThrownBy(() -> byTs.query("SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
                + "WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR GROUP BY window_start, window_end"))
                .isInstanceOf(SqlRefusedException.class)
                .hasMessageContaining("line 1, column 107: _time is not supported in a query windowed by DESCRIPTOR(ts)")
                .hasMessageContaining("bound the rows by ts");
        assertThatThrownBy(() -> byTs.plan("INSERT INTO `orders:1m` SELECT window_start, window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, "
                + "DESCRIPTOR(_time), INTERVAL '1' MINUTE)) WHERE ts IS NOT NULL GROUP BY window_start, window_end"))
                .hasMessageContaining("ts is not supported in INSERT INTO by DESCRIPTOR(_time)");
        assertThatThrownBy(() -> s.sql().query("SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
                + "GROUP BY window_start, window_end"))
                .hasMessageContaining("DESCRIPTOR(ts) names no time column").hasMessageContaining("--time-field ts");
        assertThatThrownBy(() -> s.sql().withEventTime(EventTime.field("_time")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not _time");
        assertThat(s.calls.get()).isZero();
    }
}
