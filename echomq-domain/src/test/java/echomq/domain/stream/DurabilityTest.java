package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurabilityTest {

    private static final BrandedId RECEIPT = BrandedId.parse("EVT0KHTOWnGLuC");

    @Test
    void theDefaultAsksNothingAndKeepsEveryPromise() {
        assertThat(Durability.NONE.replication()).isEmpty();
        assertThat(Durability.NONE.judge("k", 0, List.of(RECEIPT))).isEmpty();
        assertThat(Durability.NONE.unconfirmed("k", List.of(RECEIPT))).isEmpty();
        assertThat(Durability.NONE).hasToString("none");
    }

    @Test
    void countsAndTimeoutsOutOfRangeAreRefusedNamingThem() {
        assertThatThrownBy(() -> Durability.replicated(0, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 0");
        assertThatThrownBy(() -> Durability.replicated(101, Duration.ofSeconds(1))).hasMessageContaining("got 101");
        assertThatThrownBy(() -> Durability.replicated(1, Duration.ZERO)).hasMessageContaining("wait for ever").hasMessageContaining("PT0S");
        assertThatThrownBy(() -> Durability.replicated(1, Duration.ofNanos(999_999))).hasMessageContaining("1 ms .. 60 s");
        assertThatThrownBy(() -> Durability.replicated(1, Duration.ofSeconds(-1))).hasMessageContaining("PT-1S");
        assertThatThrownBy(() -> Durability.replicated(1, Duration.ofSeconds(61))).hasMessageContaining("PT1M1S");
        assertThat(Durability.replicated(100, Duration.ofSeconds(60)).timeoutMillis()).isEqualTo(60_000);
        assertThat(Durability.replicated(1, Duration.ofMillis(1)).timeoutMillis()).isEqualTo(1);
    }

    @Test
    void theModesAreReadAsTheCommandLineSpellsThem() {
        assertThat(Durability.of("none", 1, Duration.ofSeconds(1))).isEqualTo(Durability.NONE);
        assertThat(Durability.of(" Replicated ", 2, Duration.ofMillis(500))).isEqualTo(Durability.replicated(2, Duration.ofMillis(500)));
        assertThat(Durability.of("replicated-fsync", 1, Duration.ofSeconds(1))).isEqualTo(Durability.replicated(1, Duration.ofSeconds(1)).fsynced());
        assertThatThrownBy(() -> Durability.of("all", 1, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"all\"").hasMessageContaining("none, replicated or replicated-fsync");
        assertThatThrownBy(() -> Durability.of("replicated", 0, Duration.ofSeconds(1))).hasMessageContaining("got 0");
    }

    /** Fewer acknowledgements than asked for is never a success; as many or more always is. */
    @TestFactory
    Stream<DynamicTest> aWriteIsJudgedByItsAcknowledgements() {
        java.util.Random rng = Seeded.random("DurabilityTest");
        return java.util.stream.IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            int replicas = 1 + rng.nextInt(5);
            long acks = rng.nextInt(8) - 1; // -1: could not be asked
            Durability.Replicated d = Durability.replicated(replicas, Duration.ofMillis(1 + rng.nextInt(60_000)));
            return DynamicTest.dynamicTest(acks + " of " + replicas, () -> judge(d, replicas, acks));
        });
    }

    private static void judge(Durability.Replicated d, int replicas, long acks) {
        {
            var judged = d.judge("emq:{q}:stream:s", acks, List.of(RECEIPT));
            assertThat(judged.isEmpty()).as("%d of %d", acks, replicas).isEqualTo(acks >= replicas);
            judged.forEach(e -> {
                assertThat(e.acknowledged()).isEqualTo(acks);
                assertThat(e.receipts()).containsExactly(RECEIPT);
                assertThat(e.asked()).isEqualTo(d);
                assertThat(e.key()).isEqualTo("emq:{q}:stream:s");
                assertThat(e).isNotInstanceOf(StreamStoreException.Unavailable.class); // sending it again would write it twice
                assertThat(e.getMessage()).contains(RECEIPT.toString(), "may or may not survive", acks < 0 ? "could not be asked" : acks + " of the " + replicas);
            });
        }
    }

    @Test
    void aWriteFoundByReadingItBackIsUnconfirmed() {
        Durability.Replicated d = Durability.replicated(1, Duration.ofSeconds(1));
        StreamStoreException.NotReplicated e = d.unconfirmed("k", List.of(RECEIPT)).get();
        assertThat(e.acknowledged()).isEqualTo(-1);
        assertThat(e.getMessage()).contains("could not be asked");
    }

    @Test
    void aBatchNotAcknowledgedIsOneOutcomeNamingEveryReceipt() {
        Durability.Replicated d = Durability.replicated(1, Duration.ofSeconds(1));
        BrandedId second = BrandedId.parse("EVT0KHTOWnGLuD");
        StreamStoreException whole = AppendBatchException.of("k", List.of(),
                List.of(new StreamStoreException.NotReplicated("k", List.of(RECEIPT), 0, d), new StreamStoreException.NotReplicated("k", List.of(second), 0, d)));
        assertThat(whole).isInstanceOf(StreamStoreException.NotReplicated.class);
        assertThat(((StreamStoreException.NotReplicated) whole).receipts()).containsExactly(RECEIPT, second);
        StreamStoreException mixed = AppendBatchException.of("k", List.of(second),
                List.of(new StreamStoreException.NotReplicated("k", List.of(RECEIPT), 0, d)));
        assertThat(mixed).isInstanceOf(AppendBatchException.class);
        assertThat(((AppendBatchException) mixed).landed()).containsExactly(second);
    }
}
