package codemojex.app.core;

import echomq.testkit.Seeded;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** What a log line prints of outside text: one line, nothing invisible raw, nothing forged (#27). */
class LogSafeTest {

    @Test
    void controlFormatAndLineBreaksAreEscaped() {
        assertThat(LogSafe.escape("vic\u2028tim")).isEqualTo("vic\\u2028tim");
        assertThat(LogSafe.escape("a\nINFO forged")).isEqualTo("a\\u000AINFO forged");
        assertThat(LogSafe.escape("eve\u202E\u200B\r\u0085\u2029")).isEqualTo("eve\\u202E\\u200B\\u000D\\u0085\\u2029");
        assertThat(LogSafe.escape("victim\u00A0")).isEqualTo("victim\\u00A0");
        assertThat(LogSafe.escape("a\\u000Ab")).isEqualTo("a\\u005Cu000Ab"); // a backslash cannot fake an escape
        assertThat(LogSafe.escape("\uDB40\uDC67")).isEqualTo("\\u{E0067}");
        assertThat(LogSafe.escape("\uD800")).isEqualTo("\\uD800"); // a lone surrogate
        assertThat(LogSafe.escape(null)).isEqualTo("null");
    }

    @Test
    void printableTextIsUnchanged() {
        for (String s : new String[]{"eve", "José", "Влад", "李小龍", "ada 🎉", "❤", "game-1_x", "محمد"}) {
            assertThat(LogSafe.escape(s)).isEqualTo(s);
        }
    }

    @Test
    void longValuesAreCutAndSaySo() {
        assertThat(LogSafe.escape("x".repeat(500))).isEqualTo("x".repeat(LogSafe.MAX_SHOWN) + "…(300 more)");
    }

    @Test
    void whateverTheInputTheOutputIsOneLineWithNoControlOrFormatCharacter() {
        Random rnd = Seeded.random("LogSafeTest");
        for (int i = 0; i < Seeded.CASES * 5; i++) {
            StringBuilder s = new StringBuilder();
            int n = rnd.nextInt(40);
            for (int k = 0; k < n; k++) {
                switch (rnd.nextInt(4)) {
                    case 0 -> s.append((char) rnd.nextInt(0x40));          // controls and ASCII
                    case 1 -> s.append((char) (0x2000 + rnd.nextInt(0x70))); // spaces, joiners, separators, bidi
                    case 2 -> s.append((char) rnd.nextInt(0x10000));       // anything, lone surrogates too
                    default -> s.appendCodePoint(rnd.nextInt(0x110000));
                }
            }
            String out = LogSafe.escape(s.toString());
            assertThat(out.codePoints().filter(cp -> cp != '\\' && LogSafe.mustEscape(cp))).as(out).isEmpty();
            assertThat(out).doesNotContain("\n", "\r", "\u2028", "\u2029", "\u0085");
            assertThat(out.lines().count()).isLessThanOrEqualTo(1);
        }
    }
}
