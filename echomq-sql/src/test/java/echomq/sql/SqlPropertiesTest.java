package echomq.sql;

import echomq.sql.result.Answer;
import echomq.sql.result.Value;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every answer equals the brute-force reading of the query's documented semantics ({@link Oracle}) over
 * the same rows: random streams (missing fields, text where numbers go, several entries a millisecond)
 * and random queries of every supported shape (TUMBLE with offsets, HOP, CUMULATE, SESSION per key or
 * not, aggregates without windows; every aggregate; row, time and window predicates; window top-N;
 * ORDER BY and LIMIT), in memory.
 */
class SqlPropertiesTest {

    @TestFactory
    Stream<DynamicTest> everyAnswerIsTheBruteForceAnswer() {
        Random seeds = Seeded.random("SqlPropertiesTest");
        return IntStream.range(0, Math.max(50, Seeded.CASES / 3)).mapToObj(i -> Queries.next(seeds, "orders")).map(c ->
                DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    static void check(Queries.Case c) {
        Streams s = new Streams();
        for (Oracle.Row r : c.rows()) {
            String[] f = c.rows().isEmpty() ? new String[0] : r.fields().entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                    .toArray(String[]::new);
            s.add("orders", r.ms(), r.seq(), f);
        }
        Answer got = s.sql().query(c.sql());
        assertEqual(c, got, Oracle.answer(c.spec(), c.rows(), 0));
    }

    static void assertEqual(Queries.Case c, Answer got, List<List<Object>> expected) {
        assertThat(got.rows().size()).as("rows of %s\nexpected %s\ngot %s", c, expected, got.rows()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            List<Object> e = expected.get(i);
            io.vavr.collection.List<Value> g = got.rows().get(i);
            assertThat(g.size()).isEqualTo(e.size());
            for (int j = 0; j < e.size(); j++) {
                assertThat(Oracle.same(e.get(j), g.get(j))).as("row %d column %s of %s\nexpected %s\ngot %s", i, got.names().get(j), c, e, g).isTrue();
            }
        }
    }
}
