package echomq.spring.boot;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.sql.EchoSql;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import java.time.ZoneId;

/**
 * An {@link EchoSql} bean, when {@code echomq-sql} is on the class path: Flink SQL's window queries
 * answered over the starter's ports ({@code sql.query("SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE orders,
 * DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end")}). {@code TIMESTAMP '…'}
 * literals are read in {@code echomq.sql.zone} (UTC unless set), as Flink reads them in its session
 * time zone. Declare an {@link EchoSql} bean of your own to replace it.
 */
@AutoConfiguration(after = EchoMqAutoConfiguration.class)
@ConditionalOnClass(name = "echomq.sql.EchoSql")
@ConditionalOnBooleanProperty(name = "echomq.enabled", matchIfMissing = true)
public class EchoMqSqlAutoConfiguration {

    /** Made by Spring. */
    public EchoMqSqlAutoConfiguration() {
    }

    /**
     * SQL over the starter's connection: the same range, state, clock and bucket-mark ports as its
     * other beans, and the connection's rollup appends for {@code INSERT INTO}.
     *
     * @param connection the starter's connection
     * @param range      the range port
     * @param states     the state port
     * @param clock      Redis' clock
     * @param marks      the bucket marks
     * @param properties the properties ({@code echomq.sql.zone})
     * @return the queries
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(EchoMqConnection.class)
    public EchoSql echoMqSql(EchoMqConnection connection, StreamRangePort range, StreamStatePort states, ServerClockPort clock,
                             BucketMarkPort marks, EchoMqProperties properties) {
        ZoneId zone = properties.getSql().zone();
        return new EchoSql(range, states, clock, connection.rollupAppends(), marks).withZone(zone);
    }
}
