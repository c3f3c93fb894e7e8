package echomq.sql;

import echomq.redis.RedisConnections;
import echomq.redis.RedisPorts;
import echomq.sql.model.SqlRefusedException;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.UnifiedJedis;

import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Malformed queries and everything outside the subset are refused before Redis: each with a
 * {@link SqlRefusedException} that names the construct, where it stands (line and column) and what is
 * supported; nothing reaches the server (its {@code INFO commandstats} the same before and after), on a
 * real Redis through the Jedis ports, with a stream there to tempt a read.
 */
class RefusalsTest {

    static RedisServerProcess server;
    static UnifiedJedis jedis;
    static EchoSql sql;

    static final Pattern WHERE = Pattern.compile("^(line \\d+, column \\d+: )?.+");

    @BeforeAll
    static void start() {
        server = TestRedis.privateServer();
        jedis = RedisConnections.connect(server.uri());
        jedis.xadd("orders", redis.clients.jedis.StreamEntryID.NEW_ENTRY, java.util.Map.of("user", "ada", "amount", "3"));
        sql = EchoSql.over(RedisPorts.over(jedis));
    }

    @AfterAll
    static void stop() {
        jedis.close();
        server.close();
    }

    static List<Refused> refused() {
        return Refused.all();
    }

    @Test
    void fortyAndMoreAreRefused() {
        assertThat(Refused.all()).hasSizeGreaterThanOrEqualTo(40);
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusedBeforeRedisNamingTheConstructAndWhereItStands(Refused q) {
        String before = commands();
        SqlRefusedException e = catchThrowableOfType(SqlRefusedException.class, () -> sql.query(q.sql()));
        assertThat(e).as("%s is refused", q.sql()).isNotNull();
        assertThat(e.getMessage()).as(q.sql()).contains(q.construct()).matches(WHERE);
        assertThat(e.at().line()).as("a position, unless the query as a whole is refused").isEqualTo(e.getMessage().startsWith("line ") ? 1 : 0);
        assertThat(commands()).as("nothing sent to Redis for %s", q.sql()).isEqualTo(before);
    }

    @Test
    void aRefusalOfAConstructOutsideTheSubsetSaysWhatIsSupported() {
        assertThatThrownBy(() -> sql.query("SELECT `user` FROM orders JOIN payments ON orders.id = payments.id"))
                .hasMessage("line 1, column 27: JOIN is not supported: a query reads one stream. " + Character.toUpperCase(SqlRefusedException.SUPPORTED.charAt(0))
                        + SqlRefusedException.SUPPORTED.substring(1));
        assertThatThrownBy(() -> sql.query("SELECT `user`\n  FROM orders\n WHERE amount > 1\n   AND `user` = NULL"))
                .hasMessageStartingWith("line 4, column 8: user = NULL is never true");
    }

    /** Every command the server counted, but INFO itself. */
    static String commands() {
        String stats = jedis.info("commandstats");
        StringBuilder kept = new StringBuilder();
        for (String line : stats.split("\r?\n")) {
            if (line.startsWith("cmdstat_") && !line.startsWith("cmdstat_info:")) {
                kept.append(line, 0, line.indexOf(",usec=")).append('\n');
            }
        }
        return kept.toString();
    }
}
