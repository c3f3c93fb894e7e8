package echomq.wire;

import echomq.domain.partition.HashSlot;
import echomq.domain.partition.PartitionedChannel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A partition's lease lives in the partition's slot (a commit script can read it), the members in the channel's. */
class PartitionLeasesKeysTest {

    @Test
    void theLeaseIsInThePartitionsSlotAndTheMembersInTheChannels() {
        for (int n : new int[] {1, 3, 6, 64}) {
            PartitionedChannel ch = new PartitionedChannel("cm", "guesses", n);
            for (int p = 0; p < n; p++) {
                assertThat(HashSlot.of(PartitionLeases.key(ch, p))).isEqualTo(HashSlot.of(ch.partition(p).toString()));
            }
            assertThat(HashSlot.of(PartitionLeases.membersKey(ch))).isEqualTo(HashSlot.of("{cm}"));
        }
        assertThat(PartitionLeases.key(new PartitionedChannel("cm", "guesses", 1), 0)).isEqualTo("emq:{cm}:lease:guesses");
        assertThat(PartitionLeases.key(new PartitionedChannel("cm", "guesses", 3), 1)).startsWith("emq:{cm-p1").endsWith("}:lease:guesses");
        assertThatThrownBy(() -> PartitionLeases.key(new PartitionedChannel("cm", "guesses", 3), 3)).hasMessageContaining("got 3");
    }
}
