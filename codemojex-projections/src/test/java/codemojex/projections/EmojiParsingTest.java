package codemojex.projections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmojiParsingTest {

    @ParameterizedTest
    @ValueSource(strings = {"🐙", "👍🏽", "👨‍👩‍👧‍👦", "🧑🏿‍🚀", "🇫🇷", "🇯🇵", "1️⃣", "#⃣", "*️⃣", "❤️", "☺", "⭐", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏳️‍🌈", "©️"})
    void oneEmojiEach(String text) {
        assertThat(Emoji.of(text).text()).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "1", "#", "é", "中", "🇫", " ", "\u200D", "\uFE0F"})
    void notAnEmoji(String text) {
        assertThatThrownBy(() -> Emoji.of(text)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an emoji");
    }

    @Test
    void twoEmojisAreNotOne() {
        assertThatThrownBy(() -> Emoji.of("🐙🦊")).hasMessageContaining("2 characters");
        assertThatThrownBy(() -> Emoji.of("")).hasMessageContaining("empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"👍🏽👨‍👩‍👧‍👦🇫🇷1️⃣❤️🧑🏿‍🚀", "👍🏽 👨‍👩‍👧‍👦 🇫🇷 1️⃣ ❤️ 🧑🏿‍🚀", "👍🏽,👨‍👩‍👧‍👦, 🇫🇷|1️⃣;❤️ 🧑🏿‍🚀", "  👍🏽👨‍👩‍👧‍👦🇫🇷1️⃣❤️🧑🏿‍🚀\n"})
    void aCodeOfTrickyEmojisWithOrWithoutSeparators(String text) {
        Code c = Code.parse(text);
        assertThat(c.emojis().map(Emoji::text)).containsExactly("👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "1️⃣", "❤️", "🧑🏿‍🚀");
        assertThat(Code.parse(c.text())).isEqualTo(c);
        assertThat(Code.parse(c.toString())).isEqualTo(c);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '!', value = {
            "🐙🦊🐸🦄🐝! got 5",
            "🐙🦊🐸🦄🐝🐢🦉! got 7",
            "🐙🦊🐸a🐝🐢! \"a\" at position 4 is not an emoji",
            "🐙🦊🐸🦄🐝🇫! \"🇫\" at position 6 is not an emoji",
            "🐙🦊<script>! \"<\" at position 3 is not an emoji",
    })
    void badCodesAreRefusedNamingTheProblem(String text, String message) {
        assertThatThrownBy(() -> Code.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }

    @Test
    void emptyAndOversizeInputAreRefusedCheaply() {
        assertThatThrownBy(() -> Code.parse("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> Code.parse("   ")).hasMessageContaining("empty");
        assertThatThrownBy(() -> Code.parse(null)).hasMessageContaining("empty");
        assertThatThrownBy(() -> Code.parse("🐙".repeat(5_000))).hasMessageContaining("10000 chars is too long");
        assertThatThrownBy(() -> Code.parse("a".repeat(10_240))).hasMessageContaining("too long");
    }

    @Test
    void aSecretHoldsDistinctEmojisAndAGuessUsesTheKeyboard() {
        assertThatThrownBy(() -> Code.parseSecret("🐙🦊🐸🦄🐝🐙")).hasMessageContaining("🐙 is repeated");
        assertThat(Code.parse("🐙🦊🐸🦄🐝🐙").get(5).text()).isEqualTo("🐙");
        Keyboard k = Keyboard.standard();
        assertThat(k.keys()).hasSize(12);
        assertThatThrownBy(() -> k.parseGuess("🐙🐙🐙🐙🐙🐙")).hasMessageContaining("🐙 is repeated"); // #27: a guess is six distinct emojis
        assertThatThrownBy(() -> k.parseGuess("🐙🦊🐸🦄🐝🍕")).hasMessageContaining("🍕 at position 6 is not on the keyboard");
        assertThat(Keyboard.parse(k.text())).isEqualTo(k);
        assertThatThrownBy(() -> Keyboard.parse("🐙 🐙 🦊 🐸 🦄 🐝")).hasMessageContaining("distinct");
    }

    /** ❄ is U+2744 alone or with VS16 (U+FE0F), as the keyboard writes it: either is that key, and the guess holds the keyboard's. */
    @Test
    void aGuessMayWriteAnEmojiWithOrWithoutItsPresentationSelector() {
        Keyboard k = Keyboard.parse("🐙 🦊 🐸 🦄 🐝 ❄️ ⭐");
        Code bare = k.parseGuess("\u2744🐙🦊🐸🦄🐝");
        assertThat(bare.get(0).text()).isEqualTo("\u2744\uFE0F");
        assertThat(bare).isEqualTo(k.parseGuess("❄️🐙🦊🐸🦄🐝"));
        // and the other way round: the keyboard's ⭐ has no VS16, a guess's ⭐️ is that key
        assertThat(k.parseGuess("⭐\uFE0F🐙🦊🐸🦄🐝").get(0).text()).isEqualTo("⭐");
        assertThat(k.key(Emoji.of("🍕"))).isEmpty();
        // the two forms are one emoji: a guess that holds both repeats it, and the rule refuses it
        assertThatThrownBy(() -> k.parseGuess("\u2744❄️🐙🦊🐸🦄"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is repeated (positions 1 and 2)");
    }

    @Test
    void drawingIsDeterministicForASeed() {
        java.util.Random a = new java.util.Random(42);
        java.util.Random b = new java.util.Random(42);
        Keyboard ka = Keyboard.draw(a);
        assertThat(ka).isEqualTo(Keyboard.draw(b));
        Code secret = ka.drawSecret(a);
        assertThat(secret).isEqualTo(ka.drawSecret(b));
        assertThat(secret.requireDistinct().emojis().distinct()).hasSize(6);
        assertThat(ka.allows(secret)).isTrue();
    }
}
