package codemojex.app.core;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import com.ibm.icu.text.Normalizer2;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The player name rule (#27): NFKC, nothing invisible, no mixed scripts, look-alikes share a UTS #39
 * skeleton. Explicit cases first (each name of the issue), then seeded properties.
 */
class PlayerNameTest {

    /** The names of issue #27 that must not pass for {@code victim}, with why each is refused by itself. */
    static Stream<org.junit.jupiter.params.provider.Arguments> refusedByTheRule() {
        return Stream.of(
                args("victim\uFE0F", PlayerName.Reason.INVISIBLE),   // a variation selector after a letter
                args("victim\u034F", PlayerName.Reason.INVISIBLE),   // combining grapheme joiner
                args("v\u0430ctim", PlayerName.Reason.MIXED_SCRIPTS), // Cyrillic a among Latin letters
                args("victim\u00A0", PlayerName.Reason.SPACE_AT_END), // NFKC: a trailing space
                args("\u3164", PlayerName.Reason.INVISIBLE),          // Hangul filler
                args("\u2800", PlayerName.Reason.INVISIBLE),          // braille blank
                args("\u0301", PlayerName.Reason.INVISIBLE),          // a lone combining acute
                args("vic\u2028tim", PlayerName.Reason.CONTROL),      // a line separator
                args("\u115F\u1160\uFFA0", PlayerName.Reason.INVISIBLE),
                args("\u200B", PlayerName.Reason.INVISIBLE),
                args("a\u200Bb", PlayerName.Reason.INVISIBLE),
                args("eve\u202E", PlayerName.Reason.INVISIBLE),       // a bidi override
                args("\u3000x", PlayerName.Reason.SPACE_AT_END),
                args("\u00A0\u2800\u00A0", PlayerName.Reason.SPACE_AT_END),
                args("\u2800\u0301\u2800", PlayerName.Reason.INVISIBLE),
                args("\u0396eus", PlayerName.Reason.MIXED_SCRIPTS),   // Greek capital zeta
                args("Vlad \u0412\u043B\u0430\u0434", PlayerName.Reason.MIXED_SCRIPTS),
                args("a\nb", PlayerName.Reason.CONTROL),
                args("", PlayerName.Reason.EMPTY),
                args("x".repeat(33), PlayerName.Reason.TOO_LONG),
                args("\uFDFA".repeat(2), PlayerName.Reason.TOO_LONG), // 2 characters, 36 once normalised
                // seen accepted by an attacker's try-out: each passed for another name on the board
                args("ada  ada", PlayerName.Reason.SPACES_IN_A_ROW),
                args("ada\u2001 ada", PlayerName.Reason.SPACES_IN_A_ROW), // NFKC: an em quad is a space
                args("ada \u3000ada", PlayerName.Reason.SPACES_IN_A_ROW),
                args("i\u0307an", PlayerName.Reason.HIDDEN_MARK),         // the dot of i, twice
                args("j\u0307o", PlayerName.Reason.HIDDEN_MARK),
                args("a" + "\u0301".repeat(31), PlayerName.Reason.STACKED_MARKS),
                args("x\u0301\u0300\u0302\u0303\u0304", PlayerName.Reason.STACKED_MARKS)); // five different marks (no x with one composes)
    }

    private static org.junit.jupiter.params.provider.Arguments args(String name, PlayerName.Reason reason) {
        return org.junit.jupiter.params.provider.Arguments.of(name, reason);
    }

    @ParameterizedTest
    @MethodSource("refusedByTheRule")
    void eachLookAlikeOfTheIssueIsRefusedSayingWhyWithTheNameEscaped(String name, PlayerName.Reason reason) {
        PlayerName.Refused refused = catchThrowableOfType(PlayerName.Refused.class, () -> PlayerName.of(name));
        assertThat(refused).as(LogSafe.escape(name)).isNotNull();
        assertThat(refused.reason()).isEqualTo(reason);
        assertThat(refused.getMessage()).startsWith("name \"").contains(reason.says())
                .doesNotContain("\u2028", "\n", "\u202E", "\u034F", "\u200B");
        assertThat(refused).isInstanceOf(IllegalArgumentException.class); // a 400 naming the field, through BadInputException.check
    }

    /** Names that draw as a box or nothing (a private-use, unassigned or noncharacter code point), seen accepted by a user test. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"\uE000", "\uF8FF", "ada\uE000", "\u0378", "\uFFFF", "\uFDD0",
            "\uDBFF\uDFFF", "\uDB80\uDC00x"})
    void aNameNobodyCanReadIsRefusedNamingTheCodePoint(String name) {
        PlayerName.Refused refused = catchThrowableOfType(PlayerName.Refused.class, () -> PlayerName.of(name));
        assertThat(refused).as(LogSafe.escape(name)).isNotNull();
        assertThat(refused.reason()).isEqualTo(PlayerName.Reason.UNPRINTABLE);
        assertThat(refused.getMessage()).contains("U+");
    }

    @Test
    void fourMarksInARowAreTheMostAndOneSpaceBetweenWords() {
        assertThat(PlayerName.of("o\u0301\u0300\u0302\u0303\u0304").value()).as("composed: ó, then four marks").isEqualTo("ó\u0300\u0302\u0303\u0304");
        assertThatThrownBy(() -> PlayerName.of("o\u0301\u0300\u0302\u0303\u0304\u0306")).isInstanceOf(PlayerName.Refused.class)
                .hasMessageContaining("more than 4 marks");
        assertThat(PlayerName.of("ada ada").value()).isEqualTo("ada ada");
        assertThat(PlayerName.of("i\u0301an").value()).as("a mark the dot does not hide (composed: í)").isEqualTo("ían");
    }

    @Test
    void nullIsRefusedAsEmpty() {
        assertThatThrownBy(() -> PlayerName.of(null)).isInstanceOf(PlayerName.Refused.class).hasMessageContaining("is empty");
    }

    static List<String> legit() {
        return List.of("victim", "ada", "José", "Zoë", "O'Brien", "Jean-Luc", "player42", "007", "Ada Lovelace",
                "Влад", "Ωμέγα", "李小龍", "たろう太郎", "김민준", "محمد", "דוד", "Ravi रवि", "Ali علي", "Tom 김", "Ken 山田",
                "ada 🎉", "👨‍👩‍👧", "❤️", "1️⃣", "🏳️‍🌈", "🏴\uDB40\uDC67\uDB40\uDC62\uDB40\uDC65\uDB40\uDC6E\uDB40\uDC67\uDB40\uDC7F",
                "👍🏽", "x".repeat(32), "Nguyễn Thị", "Ada Love lace");
    }

    @ParameterizedTest
    @MethodSource("legit")
    void legitNamesInEveryScriptWithDigitsAndEmojiAreAccepted(String name) {
        PlayerName p = PlayerName.of(name);
        assertThat(p.value()).isEqualTo(Normalizer2.getNFKCInstance().normalize(name));
        assertThat(PlayerName.of(p.value())).isEqualTo(p); // normalising is idempotent
        assertThat(codemojex.projections.Names.requirePlayer(p.value())).isEqualTo(p.value()); // what a session keeps
    }

    @Test
    void namesAreKeptNfkcNormalised() {
        assertThat(PlayerName.of("ｖｉｃｔｉｍ").value()).isEqualTo("victim"); // fullwidth
        assertThat(PlayerName.of("ﬁona").value()).isEqualTo("fiona");          // the fi ligature
        assertThat(PlayerName.of("Jose\u0301").value()).isEqualTo("José");    // composed
        assertThat(PlayerName.of("ｖｉｃｔｉｍ")).isEqualTo(PlayerName.of("victim"));
    }

    @Test
    void lookAlikesShareTheirSkeleton() {
        PlayerName victim = PlayerName.of("victim");
        assertThat(PlayerName.of("victirn").confusableWith(victim)).isTrue();        // rn for m
        assertThat(PlayerName.of("\u0430\u0441\u0435").confusableWith(PlayerName.of("ace"))).isTrue(); // all Cyrillic
        assertThat(PlayerName.of("a1").confusableWith(PlayerName.of("al"))).isTrue();
        assertThat(PlayerName.of("ada").confusableWith(PlayerName.of("bob"))).isFalse();
        assertThat(PlayerName.of("\u0412\u0435\u0441").confusableWith(PlayerName.of("Bec"))).isTrue(); // Cyrillic Ves
        assertThat(PlayerName.of("Влад").confusableWith(PlayerName.of("Blad"))).isFalse(); // л and д pass for no Latin letter
    }

    // ---- seeded properties ----

    /** Letters and their look-alikes, marks, spaces, invisible characters, controls, emoji: what hostile names are made of. */
    static final String[] ALPHABET = {"a", "c", "e", "o", "p", "x", "y", "m", "r", "n", "l", "1", "0", "I", " ",
            "\u0430", "\u0441", "\u0435", "\u043E", "\u0440", "\u0445", "\u0443", "\u03BF", "\u0391", // Cyrillic, Greek
            "\u0301", "\u0308", "\u034F", "\uFE0F", "\uFE0E", "\u200B", "\u200C", "\u200D", "\u2060", "\u00AD", "\u202E",
            "\u00A0", "\u2028", "\u2029", "\u0085", "\n", "\t", "\u0000", "\u3164", "\u1160", "\u2800", "\u3000", "\u180E",
            "ｖ", "ﬁ", "🎉", "👍", "🏽", "❤", "李", "た", "김", "م", "\uDB40\uDC67"};

    static String randomName(Random rnd) {
        StringBuilder s = new StringBuilder();
        int n = 1 + rnd.nextInt(8);
        for (int i = 0; i < n; i++) {
            s.append(ALPHABET[rnd.nextInt(ALPHABET.length)]);
        }
        return s.toString();
    }

    @Test
    void anAcceptedNameIsNormalisedVisibleOneLineAndOfOneScriptSet() {
        Random rnd = Seeded.random("PlayerNameTest");
        int accepted = 0;
        int refused = 0;
        for (int i = 0; i < Seeded.CASES * 5; i++) {
            String raw = randomName(rnd);
            PlayerName p;
            try {
                p = PlayerName.of(raw);
            } catch (PlayerName.Refused e) {
                refused++;
                assertThat(e.getMessage()).startsWith("name \"");
                assertThat(e.getMessage().codePoints().filter(LogSafe::mustEscape).filter(cp -> cp != '\\')).as(e.getMessage()).isEmpty();
                continue;
            }
            accepted++;
            String v = p.value();
            String shown = LogSafe.escape(raw);
            assertThat(Normalizer2.getNFKCInstance().isNormalized(v)).as(shown).isTrue();
            assertThat(v.codePoints().filter(cp -> Character.isISOControl(cp) || cp == 0x2028 || cp == 0x2029)).as(shown).isEmpty();
            assertThat(UCharacter.isUWhiteSpace(v.codePointAt(0))).as(shown).isFalse();
            int[] cps = v.codePoints().toArray();
            for (int k = 1; k < cps.length; k++) {
                assertThat(UCharacter.isUWhiteSpace(cps[k]) && UCharacter.isUWhiteSpace(cps[k - 1])).as("two spaces in " + shown).isFalse();
            }
            assertThat(v.codePoints().anyMatch(cp -> !UCharacter.isUWhiteSpace(cp) && !UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT)
                    && UCharacter.getType(cp) != UCharacter.NON_SPACING_MARK && cp != 0x2800)).as(shown).isTrue();
            assertThat(PlayerName.of(v)).as(shown).isEqualTo(p);
            // never both Latin and Cyrillic (or Greek) letters
            boolean latin = v.codePoints().anyMatch(cp -> Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN);
            boolean cyrillicOrGreek = v.codePoints().anyMatch(cp -> Character.UnicodeScript.of(cp) == Character.UnicodeScript.CYRILLIC
                    || Character.UnicodeScript.of(cp) == Character.UnicodeScript.GREEK);
            assertThat(latin && cyrillicOrGreek).as(shown).isFalse();
            // a stray invisible character anywhere in an accepted name makes it refused, or (a joiner or selector
            // inside an emoji sequence) leaves it a name that looks the same
            int at = v.offsetByCodePoints(0, rnd.nextInt(v.codePointCount(0, v.length()) + 1));
            String stray = new String[]{"\u034F", "\u200B", "\u2060", "\u00AD", "\u180E", "\u3164"}[rnd.nextInt(6)];
            assertThatThrownBy(() -> PlayerName.of(v.substring(0, at) + stray + v.substring(at))).as(shown).isInstanceOf(PlayerName.Refused.class);
        }
        assertThat(accepted).as("accepted").isPositive();
        assertThat(refused).as("refused").isPositive();
    }

    /** Latin letters with a Cyrillic twin. */
    static final String TWINNED = "aceopxy";
    static final String TWINS = "\u0430\u0441\u0435\u043E\u0440\u0445\u0443";

    @Test
    void aLatinNameAndItsCyrillicTwinAreRefusedMixedOrConfusableWholeAndNormalisedWideOnesAreTheSame() {
        Random rnd = Seeded.random("PlayerNameTest.twins");
        for (int i = 0; i < Seeded.CASES; i++) {
            StringBuilder latin = new StringBuilder();
            int n = 1 + rnd.nextInt(10);
            for (int k = 0; k < n; k++) {
                latin.append(TWINNED.charAt(rnd.nextInt(TWINNED.length())));
            }
            String name = latin.toString();
            PlayerName original = PlayerName.of(name);
            StringBuilder whole = new StringBuilder();
            StringBuilder one = new StringBuilder(name);
            int swapped = rnd.nextInt(n);
            for (int k = 0; k < n; k++) {
                whole.append(TWINS.charAt(TWINNED.indexOf(name.charAt(k))));
            }
            one.setCharAt(swapped, TWINS.charAt(TWINNED.indexOf(name.charAt(swapped))));
            // all Cyrillic: a name of one script, accepted, but confusable with the Latin one
            assertThat(PlayerName.of(whole.toString()).confusableWith(original)).as(name).isTrue();
            // one letter swapped: refused as mixed, unless it was the only letter (then it is the whole twin)
            if (n > 1) {
                assertThatThrownBy(() -> PlayerName.of(one.toString())).as(name)
                        .isInstanceOfSatisfying(PlayerName.Refused.class, r -> assertThat(r.reason()).isEqualTo(PlayerName.Reason.MIXED_SCRIPTS));
            }
            // fullwidth letters are the same name once normalised
            String wide = name.chars().map(c -> c - 'a' + 'ａ').collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
            assertThat(PlayerName.of(wide)).isEqualTo(original);
        }
    }

    @Test
    void theSeededNamesOfTheIssueAlwaysFailWhereverTheyAreBuilt() {
        // every name of the issue but victim, refused by the rule or confusable with victim: nothing passes for it
        PlayerName victim = PlayerName.of("victim");
        List<String> issue = List.of("victim\uFE0F", "victim\u034F", "v\u0430ctim", "victim\u00A0", "\u3164", "\u2800", "\u0301", "vic\u2028tim");
        List<String> passed = new ArrayList<>();
        for (String name : issue) {
            try {
                PlayerName p = PlayerName.of(name);
                if (!p.confusableWith(victim)) {
                    passed.add(LogSafe.escape(name));
                }
            } catch (PlayerName.Refused expected) {
                // refused by itself
            }
        }
        assertThat(passed).isEmpty();
    }
}
