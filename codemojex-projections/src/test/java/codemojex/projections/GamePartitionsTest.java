package codemojex.projections;

import echomq.domain.partition.HashSlot;
import echomq.domain.stream.StreamKey;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GamePartitionsTest {

    @Test
    void onePartitionIsThePlainQueue() {
        assertThat(GamePartitions.ONE.queue(0)).isEqualTo("cm");
        assertThat(GamePartitions.ONE.queueOf("GAMabc")).isEqualTo("cm");
        assertThat(GamePartitions.ONE.stream(0, Channels.GUESSES).toString()).isEqualTo("emq:{cm}:stream:guesses");
    }

    @Test
    void aGameAlwaysLandsInTheSamePartitionAndGamesSpreadOverAll() {
        GamePartitions three = new GamePartitions(3);
        Set<Integer> seen = new HashSet<>();
        IntStream.range(0, 300).mapToObj(i -> "GAM" + Integer.toString(i * 7919, 36)).forEach(g -> {
            int p = three.of(g);
            assertThat(three.of(g)).isEqualTo(p);
            assertThat(three.queueOf(g)).isEqualTo(three.queue(p)).startsWith("cm-p" + p);
            seen.add(p);
        });
        assertThat(seen).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void threePartitionsAreThreeHashSlots() {
        GamePartitions three = new GamePartitions(3);
        Set<Integer> slots = new HashSet<>();
        three.all().forEach(p -> slots.add(HashSlot.of(three.stream(p, Channels.GUESS_SCORED).toString())));
        assertThat(slots).hasSize(3);
        // one partition in each third of the slots: on three masters that split them evenly, one each
        three.all().forEach(p -> assertThat(HashSlot.of(three.queue(p)) * 3 / HashSlot.SLOTS).isEqualTo(p));
        assertThat(HashSlot.of(three.stream(1, Channels.GUESSES).toString()))
                .isEqualTo(HashSlot.of(StreamKey.prefix(three.queue(1)) + "board:GAMx"));
    }

    @Test
    void aCountOutOfRangeIsRefusedByValue() {
        assertThatThrownBy(() -> new GamePartitions(0)).hasMessageContaining("got 0");
        assertThatThrownBy(() -> new GamePartitions(17)).hasMessageContaining("1..16, got 17");
        assertThatThrownBy(() -> new GamePartitions(2).of("bad id")).isInstanceOf(IllegalArgumentException.class);
    }
}
