package echomq.domain.retention;

import echomq.domain.id.StreamId;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.Hold;
import echomq.domain.retention.Retention;
import echomq.domain.retention.RetentionPolicy;
import echomq.domain.retention.TrimPlan;
import echomq.domain.testing.Seeded;
import io.vavr.collection.List;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The safe horizon of a trim: never past what any reader needs, and exactly as asked when nobody needs less. */
class RetentionPlanPropertiesTest {

    static StreamId id(Random r) {
        return StreamId.of(1_000 + r.nextInt(50), r.nextInt(3));
    }

    @TestFactory
    Stream<DynamicTest> theTrimKeepsEverythingAnyReaderNeedsAndNoMoreThanThat() {
        Random r = Seeded.random("RetentionPlanPropertiesTest");
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            StreamId asked = id(r);
            List<Hold> readers = List.range(0, r.nextInt(4)).map(k -> new Hold("reader " + k, id(r), "test"));
            boolean approximate = r.nextBoolean();
            return DynamicTest.dynamicTest(asked + " with " + readers.map(Hold::needsFrom), () -> {
                TrimPlan plan = RetentionPolicy.plan(Retention.minId(asked, approximate), Option.some(asked), readers);
                StreamId horizon = readers.map(Hold::needsFrom).append(asked).min().get();
                if (horizon.equals(StreamId.MIN)) {
                    assertThat(plan.effective()).isEmpty();
                } else {
                    assertThat(plan.effective()).contains(Retention.minId(horizon, approximate));
                }
                assertThat(plan.holds()).containsExactlyInAnyOrderElementsOf(readers.filter(h -> h.needsFrom().compareTo(asked) < 0));
                assertThat(plan.holds().map(Hold::needsFrom).toJavaList()).isSorted();
                assertThat(plan.heldBack()).isEqualTo(horizon.compareTo(asked) < 0);
            });
        });
    }

    @Test
    void edgeCases() {
        StreamId at = StreamId.of(2_000, 0);
        // nothing to trim: nothing runs, nobody is named
        TrimPlan none = RetentionPolicy.plan(Retention.maxLen(10, true), Option.none(), List.of(new Hold("g", StreamId.MIN, "all")));
        assertThat(none.effective()).isEmpty();
        assertThat(none.holds()).isEmpty();
        // a reader needing the whole log stops every trim
        assertThat(RetentionPolicy.plan(Retention.minId(at, false), Option.some(at), List.of(Hold.noCheckpoint("boards")))
                .effective()).isEmpty();
        // a group: pending entries and everything undelivered
        assertThat(Hold.of(new GroupPosition("g", StreamId.of(1_500, 2), Option.some(StreamId.of(1_200, 0)), 3)).needsFrom())
                .isEqualTo(StreamId.of(1_200, 0));
        assertThat(Hold.of(new GroupPosition("g", StreamId.of(1_500, 2), Option.none(), 0)).needsFrom())
                .isEqualTo(StreamId.of(1_500, 3));
        assertThat(Hold.of(new GroupPosition("g", StreamId.MIN, Option.none(), 0)).needsFrom()).isEqualTo(StreamId.of(0, 1));
    }
}
