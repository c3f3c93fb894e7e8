package codemojex.projections;

import echomq.testkit.Seeded;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link Code#parse} takes a text of six known emojis separated by single spaces (the wire form)
 * without the grapheme matcher; it must come to what the matcher ({@link Code#segment}) makes of
 * the same text, the same code or the same refusal. Seeded ({@code -Dechomq.seed=N} replays,
 * {@code -Dechomq.cases=N} sets the count) over tricky emojis (skin tones, ZWJ sequences, flags,
 * keycaps, tag sequences) and texts that only look like the wire form: marks that join a space,
 * doubled or trailing spaces, other separators, a seventh emoji, a letter.
 */
class CodeFastPathTest {

    private static final String[] TRICKY = {"🐙", "🦊", "👍🏽", "👨‍👩‍👧‍👦", "🧑🏿‍🚀", "🇫🇷", "🇯🇵", "1️⃣", "#⃣", "*️⃣", "❤️", "☺",
            "⭐", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏳️‍🌈", "©️", "🐸", "🦄", "🐝", "🐢"};
    /** What may stand between or around emojis in a text that is not quite the wire form. */
    private static final String[] NOISE = {"  ", " \u0301", " \u200D", "\u200D", "\uFE0F", ",", " | ", "a", "\t", " \u20E3", "🇫"};

    static Stream<String> texts() {
        Random r = Seeded.random("CodeFastPathTest");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Seeded.CASES; i++) {
            int n = r.nextInt(10) == 0 ? 5 + r.nextInt(3) * 2 - (r.nextBoolean() ? 1 : 0) : Code.LENGTH; // 4..7 now and then
            StringBuilder text = new StringBuilder();
            for (int j = 0; j < n; j++) {
                if (j > 0) {
                    text.append(r.nextInt(8) == 0 ? NOISE[r.nextInt(NOISE.length)] : " ");
                }
                text.append(TRICKY[r.nextInt(TRICKY.length)]);
            }
            if (r.nextInt(10) == 0) {
                text.append(NOISE[r.nextInt(NOISE.length)]);
            }
            out.add(text.toString());
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("texts")
    void theWireFormComesToWhatTheMatcherMakesOfIt(String text) {
        for (String t : TRICKY) {
            Emoji.of(t); // every emoji known, so the fast path is taken wherever the form allows it
        }
        Object fast = outcome(text, true);
        Object slow = outcome(text, false);
        assertThat(fast).as("parse of %s", Emoji.printable(text)).isEqualTo(slow);
    }

    @ParameterizedTest
    @ValueSource(strings = {"🐙 🦊 🐸 🦄 🐝 🐢", "🐙 🦊 🐸 🦄 🐝 🐢 ", " 🐙 🦊 🐸 🦄 🐝 🐢", "🐙  🦊 🐸 🦄 🐝 🐢", "🐙 🦊 🐸 🦄 🐝",
            "🐙 🦊 🐸 🦄 🐝 🐢 🐙", "🐙 \u0301🦊 🐸 🦄 🐝 🐢", "🐙 🦊 🐸 🦄 🐝 🐢\u200D", "🇫 🇷 🐸 🦄 🐝 🐢", "1 \u20E3 🐸 🦄 🐝 🐢 🐙"})
    void edgesOfTheWireForm(String text) {
        for (String t : TRICKY) {
            Emoji.of(t);
        }
        assertThat(outcome(text, true)).as("parse of %s", Emoji.printable(text)).isEqualTo(outcome(text, false));
    }

    @Test
    void aKnownEmojiIsCheckedOnceAndSharedAndAnInvalidOneIsNeverKept() {
        assertThat(Emoji.of("🦑")).isSameAs(Emoji.of("🦑"));
        assertThat(catchThrowable(() -> Emoji.of("a"))).hasMessageContaining("not an emoji");
        assertThat(Emoji.known("a")).isEmpty();
        assertThat(Code.parse("🦑 🐙 🦊 🐸 🦄 🐝").get(0)).isSameAs(Emoji.of("🦑"));
    }

    /** The code, or the refusal's message. */
    private static Object outcome(String text, boolean viaParse) {
        try {
            return viaParse ? Code.parse(text) : Code.segment(text);
        } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
        }
    }
}
