package codemojex.projections;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class NamesTest {

    /** The rule of {@link Names#requirePlayer}, for names of ASCII characters, stated on its own. */
    static boolean isPlayer(String s) {
        return !s.isBlank() && s.length() <= Names.MAX_PLAYER && s.chars().noneMatch(Character::isISOControl) && s.strip().equals(s);
    }

    static boolean accepted(String s) {
        try {
            return Names.requirePlayer(s).equals(s);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Test
    void asciiNamesPassExactlyWhenTheRuleSaysSo() {
        SplittableRandom rng = new SplittableRandom(47);
        String pool = " \t\n\u001f\u007f\u001cab Z09~-_.";
        for (int i = 0; i < 20_000; i++) {
            int n = rng.nextInt(36);
            StringBuilder b = new StringBuilder(n);
            for (int j = 0; j < n; j++) {
                b.append(rng.nextInt(4) == 0 ? pool.charAt(rng.nextInt(pool.length())) : (char) rng.nextInt(0x80));
            }
            String s = b.toString();
            assertThat(accepted(s)).as("\"%s\"", Emoji.printable(s)).isEqualTo(isPlayer(s));
        }
        assertThat(accepted("ada")).isTrue();
        assertThat(accepted("a".repeat(32))).isTrue();
        assertThat(accepted("a".repeat(33))).isFalse();
        assertThat(accepted(" ada")).isFalse();
        assertThat(accepted("ada ")).isFalse();
        assertThat(accepted("a d a")).isTrue();
        assertThat(accepted("")).isFalse();
        assertThat(accepted(null)).isFalse();
    }
}
