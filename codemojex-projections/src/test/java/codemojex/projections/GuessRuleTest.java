package codemojex.projections;

import echomq.testkit.Seeded;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rule of a guess (#27): six distinct emojis, like the secret. Seeded properties (the seed is
 * printed, {@code -Dechomq.seed=N} replays, {@code -Dechomq.cases=N} sets the count) over random
 * keyboards, secrets and six-key sequences, about half of them with a repeat.
 */
class GuessRuleTest {

    static Stream<Arguments> keyboardsAndSequences() {
        Random r = Seeded.random("GuessRuleTest");
        List<Arguments> out = new ArrayList<>();
        for (int i = 0; i < Seeded.CASES; i++) {
            Keyboard k = Keyboard.draw(r);
            Code secret = k.drawSecret(r);
            Vector<Emoji> keys = r.nextBoolean() ? k.drawGuess(r).emojis() // six distinct
                    : Vector.fill(Code.LENGTH, () -> k.keys().get(r.nextInt(k.keys().size()))); // repeats, mostly
            if (r.nextInt(4) == 0) {
                keys = keys.update(r.nextInt(Code.LENGTH), keys.get(r.nextInt(Code.LENGTH))); // one copied over another
            }
            String[] separators = {"", " ", ", ", "|"};
            out.add(Arguments.of(k, secret, keys, keys.mkString(separators[r.nextInt(separators.length)])));
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("keyboardsAndSequences")
    void aGuessIsSixDistinctEmojisAndEarnsFromEachEmojiOfTheSecretAtMostOnce(Keyboard k, Code secret, Vector<Emoji> keys,
                                                                                String text) {
        boolean distinct = keys.distinct().size() == Code.LENGTH;
        if (distinct) {
            Code guess = k.parseGuess(text);
            assertThat(guess.emojis()).isEqualTo(keys);
            assertThat(Code.parseGuess(text)).isEqualTo(guess);
            // what the rule buys: each emoji of the secret is scored at one position of a guess at most,
            // so a guess never shows by itself where the secret holds an emoji
            Scoring.Score s = Scoring.score(secret, guess);
            for (Emoji e : secret.emojis()) {
                assertThat(s.positions().count(p -> p.emoji().equals(e) && p.distance().isDefined())).isLessThanOrEqualTo(1);
            }
            assertThat(s.positions().count(p -> p.distance().isDefined())).isEqualTo(guess.emojis().count(secret.emojis()::contains));
        } else {
            int second = keys.zipWithIndex().find(t -> keys.indexOf(t._1) < t._2).get()._2;
            Emoji repeated = keys.get(second);
            String message = "a guess is 6 distinct emojis, like the secret: " + repeated + " is repeated (positions "
                    + (keys.indexOf(repeated) + 1) + " and " + (second + 1) + ")";
            assertThatThrownBy(() -> k.parseGuess(text)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
            assertThatThrownBy(() -> Code.parseGuess(text)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
        }
    }

    @Test
    void sixCopiesOfOneEmojiAreRefusedNamingIt() {
        Keyboard k = Keyboard.standard();
        assertThatThrownBy(() -> k.parseGuess("🐙🐙🐙🐙🐙🐙"))
                .hasMessage("a guess is 6 distinct emojis, like the secret: 🐙 is repeated (positions 1 and 2)");
        assertThatThrownBy(() -> k.parseGuess("🐙 🦊 🐸 🦄 🐝 🦊"))
                .hasMessage("a guess is 6 distinct emojis, like the secret: 🦊 is repeated (positions 2 and 6)");
        // the form is checked first, then the repeat, then the keyboard
        assertThatThrownBy(() -> k.parseGuess("🐙🐙")).hasMessage("a code is 6 emojis, got 2");
        assertThatThrownBy(() -> k.parseGuess("🍕🍕🐸🦄🐝🐢")).hasMessageContaining("🍕 is repeated");
        assertThatThrownBy(() -> k.parseGuess("🐙🦊🐸🦄🐝🍕")).hasMessageContaining("🍕 at position 6 is not on the keyboard");
        // one emoji, however many code points: a skin tone or a ZWJ sequence repeated is a repeat
        assertThatThrownBy(() -> Code.parseGuess("👍🏽🐙🦊🐸🦄👍🏽")).hasMessageContaining("👍🏽 is repeated (positions 1 and 6)");
        assertThat(Code.parseGuess("👍🏽👍🐙🦊🐸🦄").emojis()).hasSize(6);
    }
}
