package echomq.domain.partition;

import echomq.domain.partition.HashSlot;
import echomq.domain.stream.StreamKey;

import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class HashSlotTest {

    @Test
    void theRedisVectorsAndTheHashTagRules() {
        assertThat(HashSlot.of("123456789")).isEqualTo(12739);
        assertThat(HashSlot.crc16("123456789".getBytes(), 0, 9)).isEqualTo(0x31C3);
        assertThat(HashSlot.of("{user1000}.following")).isEqualTo(HashSlot.of("user1000"));
        assertThat(HashSlot.of("foo{}{bar}")).isEqualTo(HashSlot.of("foo{}{bar}")).isNotEqualTo(HashSlot.of("bar"));
        assertThat(HashSlot.of("foo{{bar}}zap")).isEqualTo(HashSlot.of("{bar"));
        assertThat(HashSlot.of("foo{bar}{zap}")).isEqualTo(HashSlot.of("bar"));
        assertThat(HashSlot.of("")).isZero();
    }

    @Test
    void everyKeyOfAQueueSharesTheQueuesSlot() {
        Random r = Seeded.random("HashSlotTest");
        for (int i = 0; i < Seeded.CASES; i++) {
            String queue = "q" + Long.toString(r.nextLong() & Long.MAX_VALUE, 36);
            int slot = HashSlot.of(StreamKey.hashTag(queue));
            assertThat(HashSlot.of(StreamKey.of(queue, "s" + r.nextInt(1000)).toString())).isEqualTo(slot);
            assertThat(HashSlot.of(StreamKey.prefix(queue) + "board:g" + r.nextInt(99))).isEqualTo(slot);
            assertThat(slot).isBetween(0, HashSlot.SLOTS - 1);
        }
    }
}
