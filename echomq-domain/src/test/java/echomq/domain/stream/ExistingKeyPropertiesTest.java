package echomq.domain.stream;

import echomq.domain.partition.HashSlot;
import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link StreamKey#existing(String)}: any key another service writes, its own keys in its slot, its tag kept. */
class ExistingKeyPropertiesTest {

    private static final String ALPHABET = "abcxyz019:-_./{}é😀 ";

    private static String randomKey(Random r) {
        StringBuilder b = new StringBuilder();
        int n = 1 + r.nextInt(24);
        for (int i = 0; i < n; i++) {
            int cp = ALPHABET.codePointAt(ALPHABET.offsetByCodePoints(0, r.nextInt(ALPHABET.codePointCount(0, ALPHABET.length()))));
            b.appendCodePoint(cp);
        }
        return b.toString();
    }

    @TestFactory
    Stream<DynamicTest> anAcceptedKeyIsItselfAndItsOwnKeysShareItsSlot() {
        Random r = Seeded.random("ExistingKeyPropertiesTest");
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            String key = randomKey(r);
            return DynamicTest.dynamicTest("case " + i + ": " + key, () -> check(key));
        });
    }

    private static void check(String key) {
        StreamKey k;
        try {
            k = StreamKey.existing(key);
        } catch (IllegalArgumentException refused) {
            // refused only when no tag could share the key's slot: no tag, and a '}'
            assertThat(StreamKey.hashTagOf(key)).as("refused %s", key).contains("}");
            assertThat(refused).hasMessageContaining(key);
            return;
        }
        assertThat(k.toString()).isEqualTo(key);
        assertThat(k.existing()).isTrue();
        String own = k.ownKeysPrefix() + "checkpoint:" + k.name() + ":count:[0,1]";
        assertThat(HashSlot.of(own)).as("slot of %s beside %s", own, key).isEqualTo(HashSlot.of(key));
        assertThat(StreamKey.existing(key)).isEqualTo(k);
    }

    @ParameterizedTest
    @ValueSource(strings = {"orders", "shop:{eu}:orders", "{u7}orders", "a{b", "x}{y}z", "emq:{cm}:stream:has space",
            "emq:{cm}:checkpoint:x", "orders with spaces", "😀"})
    void edgeCasesKeepTheirSlot(String key) {
        check(key);
        assertThat(StreamKey.existing(key).existing()).isTrue();
    }

    @Test
    void aTaggedKeyKeepsItsTag() {
        StreamKey k = StreamKey.existing("shop:{eu}:orders");
        assertThat(k.queue()).isEqualTo("eu");
        assertThat(k.ownKeysPrefix()).isEqualTo("emq:{eu}:key:");
        assertThat(StreamKey.existing("orders").ownKeysPrefix()).isEqualTo("emq:{orders}:key:");
    }

    @Test
    void aKeyOfTheSchemeIsThatKey() {
        assertThat(StreamKey.existing("emq:{cm}:stream:guesses")).isEqualTo(StreamKey.of("cm", "guesses"));
        assertThat(StreamKey.existing("emq:{cm}:stream:guesses").ownKeysPrefix()).isEqualTo("emq:{cm}:");
    }

    @Test
    void anExistingKeysOwnKeysNeverMeetTheSchemes() {
        // the scheme's own keys are emq:{q}:<kind>:…, an existing key's emq:{tag}:key:<kind>:…, and no kind is "key"
        assertThat(StreamKey.existing("orders").ownKeysPrefix()).isNotEqualTo(StreamKey.of("orders", "orders").ownKeysPrefix());
        assertThat(StreamKey.existing("orders")).isNotEqualTo(StreamKey.of("orders", "orders"));
    }

    @Test
    void badKeysAreNamed() {
        assertThatThrownBy(() -> StreamKey.existing("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> StreamKey.existing("a}b")).hasMessageContaining("a}b").hasMessageContaining("'}'");
        assertThatThrownBy(() -> StreamKey.existing("a{}b")).hasMessageContaining("no hash tag");
        assertThatThrownBy(() -> StreamKey.existing("a\u0000b")).hasMessageContaining("U+0000");
        assertThatThrownBy(() -> StreamKey.existing("k".repeat(1025))).hasMessageContaining("1025 bytes");
        assertThatThrownBy(() -> new StreamKey("other", "orders", true)).hasMessageContaining("hash tag");
    }
}
