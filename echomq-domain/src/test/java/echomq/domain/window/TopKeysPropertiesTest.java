package echomq.domain.window;

import echomq.domain.testing.Seeded;

import io.vavr.Tuple2;
import io.vavr.collection.HashMap;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Comparator;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link TopKeys} against a brute force: for random keyed buckets (ties included) and any N, each
 * bucket keeps the keys a full sort by value then key puts first, no more than N, the buckets'
 * windows and counts unchanged.
 */
class TopKeysPropertiesTest {

    @Test
    void eachBucketKeepsItsFirstKeysByValueThenKey() {
        Random r = Seeded.random("TopKeysPropertiesTest");
        for (int c = 0; c < Seeded.CASES; c++) {
            int buckets = 1 + r.nextInt(5);
            List<Bucket<Map<String, Long>>> list = List.empty();
            for (int b = 0; b < buckets; b++) {
                Map<String, Long> keyed = HashMap.empty();
                for (int k = r.nextInt(30); k > 0; k--) {
                    keyed = keyed.put("k" + r.nextInt(40), (long) r.nextInt(6)); // few values: many ties
                }
                Instant t = Instant.ofEpochMilli(1_000L * b);
                list = list.append(new Bucket<>(Window.closed(t, t.plusMillis(999)), r.nextInt(100), keyed));
            }
            int n = 1 + r.nextInt(12);
            boolean largest = r.nextBoolean();
            Comparator<Long> by = largest ? Comparator.reverseOrder() : Comparator.naturalOrder();
            Series<List<Tuple2<String, Long>>> top = TopKeys.<String, Long>of(n, by).of(new Series<>(list));
            assertThat(top.buckets().map(Bucket::window)).isEqualTo(list.map(Bucket::window));
            assertThat(top.buckets().map(Bucket::entries)).isEqualTo(list.map(Bucket::entries));
            for (int b = 0; b < buckets; b++) {
                java.util.List<Tuple2<String, Long>> all = new java.util.ArrayList<>(list.get(b).value().toJavaList());
                all.sort((x, y) -> {
                    int v = largest ? Long.compare(y._2, x._2) : Long.compare(x._2, y._2);
                    return v != 0 ? v : x._1.compareTo(y._1);
                });
                assertThat(top.buckets().get(b).value().toJavaList()).isEqualTo(all.subList(0, Math.min(n, all.size())));
            }
        }
    }

    @Test
    void everyKeyRankedAndAtLeastOneKept() {
        Map<String, Long> m = HashMap.of("b", 2L, "a", 2L, "c", 5L);
        assertThat(TopKeys.<String, Long>all(Comparator.reverseOrder()).first(m).map(Tuple2::_1)).containsExactly("c", "a", "b");
        assertThatThrownBy(() -> TopKeys.of(0, Comparator.naturalOrder())).hasMessageContaining("at least 1");
    }
}
