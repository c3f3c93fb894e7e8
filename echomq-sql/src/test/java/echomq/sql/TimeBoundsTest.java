package echomq.sql;

import echomq.sql.model.EventTimeField;
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
 * Every time predicate is the id range read: over a stream holding a day (an entry every 10 s), a
 * query for the last hour reads the last hour's entries and no other, counted at the port.
 */
class TimeBoundsTest {

    static final Instant NOW = Instant.parse("2026-12-04T12:00:00Z");
    static final long DAY = 86_400_000L;
    static final long HOUR = 3_600_000L;

    final Streams s = new Streams();

    TimeBoundsTest() {
        s.now = NOW;
        long from = NOW.toEpochMilli() - DAY;
        for (long ms = from; ms < NOW.toEpochMilli(); ms += 10_000) {
            s.add("orders", ms, 0, "user", "u" + (ms / 10_000 % 7), "amount", Long.toString(ms / 10_000 % 100));
        }
    }

    long inLastHour(long fromExclusive) {
        long n = 0;
        for (long ms = NOW.toEpochMilli() - DAY; ms < NOW.toEpochMilli(); ms += 10_000) {
            if (ms > fromExclusive) {
                n++;
            }
        }
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) "
                + "WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR GROUP BY window_start, window_end",
        "SELECT `user`, SUM(amount) FROM orders WHERE _time > NOW() - INTERVAL '60' MINUTE GROUP BY `user`",
        "SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE orders, DESCRIPTOR(_time), INTERVAL '5' MINUTE, INTERVAL '10' MINUTE)) "
                + "WHERE CURRENT_TIMESTAMP - INTERVAL '1' HOUR < _time AND amount > 3 GROUP BY window_start, window_end",
        "SELECT COUNT(*) FROM orders WHERE _time BETWEEN TIMESTAMP '2026-12-04 11:00:00.001' AND CURRENT_TIMESTAMP",
        "SELECT _id FROM orders WHERE _time > LOCALTIMESTAMP - INTERVAL '1' HOUR LIMIT 100000"})
    void aQueryForTheLastHourReadsTheLastHour(String sql) {
        s.sql().query(sql);
        assertThat(s.read.get()).as("entries read").isEqualTo(inLastHour(NOW.toEpochMilli() - HOUR));
    }

    @Test
    void aPredicateOnTheWindowsBoundsTheRowsOfTheWindowsItKeeps() {
        Answer a = s.sql().query("SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time), INTERVAL '10' MINUTE)) "
                + "WHERE window_start >= CURRENT_TIMESTAMP - INTERVAL '1' HOUR GROUP BY window_start, window_end");
        assertThat(a.rows()).hasSize(6);
        assertThat(a.rows().map(r -> r.get(1).text())).containsOnly("60");
        assertThat(s.read.get()).isEqualTo(360); // the six windows' rows, from 11:00 on
        s.read.set(0);
        Answer c = s.sql().query("SELECT window_start, window_end, COUNT(*) AS n FROM TABLE(CUMULATE(TABLE orders, DESCRIPTOR(_time), "
                + "INTERVAL '10' MINUTE, INTERVAL '1' HOUR)) WHERE window_start >= TIMESTAMP '2026-12-04 11:00:00' GROUP BY window_start, window_end");
        assertThat(c.rows().map(r -> r.get(2).text())).containsExactly("60", "120", "180", "240", "300", "360");
        assertThat(s.read.get()).isEqualTo(360);
        s.read.set(0);
        Answer end = s.sql().query("SELECT window_start, COUNT(*) AS n FROM TABLE(HOP(TABLE orders, DESCRIPTOR(_time), INTERVAL '10' MINUTE, "
                + "INTERVAL '20' MINUTE)) WHERE window_end <= TIMESTAMP '2026-12-03 12:30:00' GROUP BY window_start, window_end");
        // the windows ending by 12:30 the day before: [11:50, 12:10), [12:00, 12:20), [12:10, 12:30); rows from 12:00 (the stream's start)
        assertThat(end.rows().map(r -> r.get(1).text())).containsExactly("60", "120", "120");
        assertThat(s.read.get()).isEqualTo(180);
    }

    @Test
    void eventTimeIsRefusedNamingItsDeclarationUntilTheDomainHasIt() {
        EchoSql withTs = s.sql().withEventTime(new EventTimeField("ts", Duration.ofMinutes(5)));
        assertThatThrownBy(() -> withTs.query("SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
                + "GROUP BY window_start, window_end"))
                .isInstanceOf(SqlRefusedException.class)
                .hasMessageContaining("line 1, column 74: DESCRIPTOR(ts) windows by the declared event time (--time-field ts --lateness 5m)")
                .hasMessageContaining("DESCRIPTOR(_time)");
        assertThatThrownBy(() -> s.sql().query("SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
                + "GROUP BY window_start, window_end"))
                .hasMessageContaining("DESCRIPTOR(ts) names no time column").hasMessageContaining("--time-field ts");
        assertThat(s.calls.get()).isZero();
    }
}
