package echomq.sql;

import echomq.domain.eventtime.LeftOut;
import echomq.sql.result.Answer;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * By event time, every answer equals the brute-force reading of the query over the rows by their own
 * time: random cases of every shape ({@link Queries}) with {@code DESCRIPTOR(ts)} and {@code ts}
 * predicates, over entries written up to the lead before and the lateness after their time, among
 * entries the rule leaves out (which no answer holds, and the answer counts), in memory.
 */
class SqlEventTimePropertiesTest {

    @TestFactory
    Stream<DynamicTest> everyAnswerByEventTimeIsTheBruteForceAnswer() {
        Random seeds = Seeded.random("SqlEventTimePropertiesTest");
        return IntStream.range(0, Math.max(50, Seeded.CASES / 3)).mapToObj(i -> EventTimeCases.next(seeds, "orders")).map(c ->
                DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    static void check(EventTimeCases.Case c) {
        Streams s = new Streams();
        for (EventTimeCases.Entry e : c.entries()) {
            s.add("orders", e.ms(), e.seq(), e.fields().entrySet().stream().flatMap(f -> Stream.of(f.getKey(), f.getValue())).toArray(String[]::new));
        }
        Answer got = s.sql().withEventTime(c.time()).query(c.sql());
        SqlPropertiesTest.assertEqual(c.base(), got, Oracle.answer(c.base().spec(), c.base().rows(), 0));
        assertLeftOut(c, got);
    }

    static void assertLeftOut(EventTimeCases.Case c, Answer got) {
        assertThat(got.leftOut()).as("left out, told").isNotEmpty();
        LeftOut told = got.leftOut().get();
        if (c.timeOnly() && !c.entries().isEmpty()) {
            assertThat(told.total()).as("every entry left out is counted once: %s", told).isEqualTo(c.leftOut());
        } else {
            assertThat(told.total()).as("no entry is counted twice: %s", told).isLessThanOrEqualTo(c.leftOut());
        }
    }
}
