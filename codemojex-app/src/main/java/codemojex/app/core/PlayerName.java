package codemojex.app.core;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import com.ibm.icu.lang.UScript;
import com.ibm.icu.text.Normalizer2;
import com.ibm.icu.text.SpoofChecker;
import com.ibm.icu.text.UnicodeSet;
import io.vavr.collection.List;

import java.util.Objects;
import java.util.TreeSet;

/**
 * A name a player may join a game with, and the rule that says so, once. The name is kept
 * NFKC-normalised (so {@code ｖｉｃｔｉｍ} is {@code victim}); it is 1..{@value #MAX} characters with
 * no control character, no line break and no space at either end, something visible in it (not only
 * default-ignorable, format, space, mark, Hangul filler or braille blank characters), no invisible
 * character outside an emoji sequence (the joiner and variation selectors of {@code 👨‍👩‍👧} or
 * {@code ❤️} are fine, the one in {@code victim}+U+034F is not), and no mix of scripts beyond
 * Unicode's <em>moderately restrictive</em> level (UTS #39 section 5.2): one script, or Latin with
 * Han and kana, Bopomofo or Hangul, or Latin with any other recommended script except Cyrillic and
 * Greek. Digits, punctuation, spaces and emoji belong to every script. No white space twice in a row
 * (the page shows a run of spaces as one), at most {@value #MAX_MARKS} combining marks in a row, and
 * no mark its letter hides ({@code i} with U+0307, UTS #39's hidden overlay).
 *
 * <p>Why moderately and not highly restrictive: both refuse Latin mixed with the scripts whose
 * letters pass for Latin ones ({@code vаctim} with a Cyrillic {@code а}, {@code Ζeus} with a Greek
 * {@code Ζ}), which is what makes a name pass for another; highly restrictive also refuses
 * {@code Ali علي} or {@code Ravi रवि}, names players write, for no gain, since Arabic or Devanagari
 * letters do not pass for Latin ones. What one script alone can fake ({@code асе}, all Cyrillic,
 * against {@code ace}) is caught where it matters, against the names of the same game, by the
 * {@link #skeleton()}.
 *
 * <p>Two names look alike when their UTS #39 skeletons are equal ({@code victim}, {@code victirn}),
 * or the skeletons of their case folds ({@code ALICE}, {@code alice}); the store keeps one live name
 * per look in a game ({@code session-join.lua}, {@link #looks()}).
 *
 * @param value the name, NFKC-normalised (the constructor normalises what it is given)
 */
public record PlayerName(String value) {

    /** The most characters (code points) of a name. */
    public static final int MAX = 32;

    /**
     * The most combining marks in a row: UTS #39 (section 5.4) forbids more than four, which no
     * writing system needs once NFKC has composed what it can; past that, marks pile up over the
     * rows beside the name on the board.
     */
    public static final int MAX_MARKS = 4;

    /** Why a name is refused. */
    public enum Reason {
        EMPTY("is empty"),
        TOO_LONG("is too long"),
        CONTROL("contains a control character or a line break"),
        SPACE_AT_END("has leading or trailing white space"),
        SPACES_IN_A_ROW("has white space twice in a row"),
        STACKED_MARKS("stacks more than " + MAX_MARKS + " marks on one character"),
        HIDDEN_MARK("holds a mark its letter hides"),
        INVISIBLE("is invisible"),
        UNPRINTABLE("holds a character that has no glyph (private use, unassigned or a noncharacter)"),
        MIXED_SCRIPTS("mixes scripts");

        private final String says;

        Reason(String says) {
            this.says = says;
        }

        /** The reason as the refusal says it. */
        public String says() {
            return says;
        }
    }

    /** A refused name: its {@link Reason}, and a message naming the field, the name (escaped) and why. */
    public static final class Refused extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        private final Reason reason;

        Refused(String name, Reason reason, String detail) {
            super("name \"" + LogSafe.escape(name) + "\" " + reason.says() + (detail.isEmpty() ? "" : ": " + detail));
            this.reason = reason;
        }

        /** Why the name was refused. */
        public Reason reason() {
            return reason;
        }
    }

    private static final Normalizer2 NFKC = Normalizer2.getNFKCInstance();

    /** UTS #39 checks; a built checker is safe to share between threads (ICU's word). */
    private static final SpoofChecker SPOOF = new SpoofChecker.Builder()
            .setAllowedChars(UnicodeSet.ALL_CODE_POINTS) // judge scripts only: emoji and symbols are fine
            .setRestrictionLevel(SpoofChecker.RestrictionLevel.MODERATELY_RESTRICTIVE)
            // HIDDEN_OVERLAY: a mark a letter already draws, as U+0307's dot over i or j (i\u0307an passes for ian)
            .setChecks(SpoofChecker.RESTRICTION_LEVEL | SpoofChecker.MIXED_NUMBERS | SpoofChecker.HIDDEN_OVERLAY)
            .build();

    /** What shows nothing by itself: fillers and blanks that are letters or symbols to Unicode. */
    private static final UnicodeSet BLANKS = new UnicodeSet("[\\u115F\\u1160\\u3164\\uFFA0\\u2800\\u17B4\\u17B5\\u180E\\u3000]").freeze();

    public PlayerName {
        if (value == null || value.isEmpty()) {
            throw new Refused("", Reason.EMPTY, "");
        }
        if (value.length() > 8 * MAX) { // before normalising: NFKC may expand a character up to 18 times
            throw new Refused(value, Reason.TOO_LONG, value.codePointCount(0, value.length()) + " characters, at most " + MAX);
        }
        String raw = value;
        value = NFKC.normalize(value);
        int n = value.codePointCount(0, value.length());
        if (n > MAX) {
            throw new Refused(raw, Reason.TOO_LONG, n + " characters once normalised, at most " + MAX);
        }
        int[] cps = value.codePoints().toArray();
        for (int cp : cps) {
            int type = Character.getType(cp);
            if (type == Character.CONTROL || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.SURROGATE) {
                throw new Refused(raw, Reason.CONTROL, codePoint(cp));
            }
            // a private-use, unassigned or noncharacter code point draws as a box or nothing: a name nobody can read
            // (and UTS #39 restricts them); ICU's character data, as the skeletons are ICU's
            int icuType = UCharacter.getType(cp);
            if (icuType == UCharacter.PRIVATE_USE || icuType == UCharacter.UNASSIGNED || UCharacter.hasBinaryProperty(cp,
                    UProperty.NONCHARACTER_CODE_POINT)) {
                throw new Refused(raw, Reason.UNPRINTABLE, codePoint(cp));
            }
        }
        if (UCharacter.isUWhiteSpace(cps[0]) || UCharacter.isUWhiteSpace(cps[cps.length - 1])) {
            throw new Refused(raw, Reason.SPACE_AT_END, "");
        }
        boolean visible = false;
        for (int i = 0; i < cps.length; i++) {
            int cp = cps[i];
            if (invisible(cp)) {
                if (!inEmojiSequence(cps, i)) {
                    throw new Refused(raw, Reason.INVISIBLE, "it holds the invisible character " + codePoint(cp));
                }
            } else if (!blank(cp)) {
                visible = true;
            }
        }
        if (!visible) {
            throw new Refused(raw, Reason.INVISIBLE, "it has no visible character");
        }
        int marks = 0;
        for (int i = 0; i < cps.length; i++) {
            // the board draws a name as text, where a run of spaces shows as one: "ada  ada" would pass for "ada ada"
            if (i > 0 && UCharacter.isUWhiteSpace(cps[i]) && UCharacter.isUWhiteSpace(cps[i - 1])) {
                throw new Refused(raw, Reason.SPACES_IN_A_ROW, "");
            }
            marks = mark(cps[i]) ? marks + 1 : 0;
            if (marks > MAX_MARKS) {
                throw new Refused(raw, Reason.STACKED_MARKS, "");
            }
        }
        SpoofChecker.CheckResult result = new SpoofChecker.CheckResult();
        if (SPOOF.failsChecks(value, result)) {
            if ((result.checks & SpoofChecker.HIDDEN_OVERLAY) != 0) {
                throw new Refused(raw, Reason.HIDDEN_MARK, "it would pass for the name without it");
            }
            throw new Refused(raw, Reason.MIXED_SCRIPTS, (result.checks & SpoofChecker.MIXED_NUMBERS) != 0
                    ? "digits of more than one system"
                    : String.join(" and ", scripts(value)) + " together");
        }
    }

    /** {@code name} normalised, if it is a player name. */
    public static PlayerName of(String name) {
        return new PlayerName(name);
    }

    /**
     * The UTS #39 skeleton of the name: equal for names that look alike ({@code victim},
     * {@code victirn}, {@code vіctim} with a Ukrainian {@code і}), whatever their scripts.
     */
    public String skeleton() {
        return SPOOF.getSkeleton(value);
    }

    /**
     * The looks of the name a game keeps one live name of each: its {@link #skeleton()}, and the
     * skeleton of its case fold (prefixed {@code fold:}), so that {@code ALICE} and {@code Alice}
     * look like {@code alice} while {@code Il} still looks like {@code ll} (folding alone would lose
     * what the skeleton of the name as written keeps: a capital {@code I} passes for an {@code l}).
     *
     * @return the two looks, the skeleton first
     */
    public List<String> looks() {
        return List.of(skeleton(), "fold:" + SPOOF.getSkeleton(UCharacter.foldCase(value, true)));
    }

    /** Whether {@code other} looks like this name (a look in common: the skeletons, of the names or of their case folds). */
    public boolean confusableWith(PlayerName other) {
        Objects.requireNonNull(other, "other");
        return looks().exists(other.looks()::contains);
    }

    @Override
    public String toString() {
        return value;
    }

    /** What has no glyph: default-ignorable and format characters. */
    private static boolean invisible(int cp) {
        return UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT)
                || UCharacter.getType(cp) == UCharacter.FORMAT;
    }

    /** A combining mark: drawn over, under or beside the character before it. */
    private static boolean mark(int cp) {
        int type = UCharacter.getType(cp);
        return type == UCharacter.NON_SPACING_MARK || type == UCharacter.ENCLOSING_MARK || type == UCharacter.COMBINING_SPACING_MARK;
    }

    /** What shows nothing alone: white space, marks (with nothing to mark), fillers and blanks. */
    private static boolean blank(int cp) {
        int type = UCharacter.getType(cp);
        return UCharacter.isUWhiteSpace(cp) || type == UCharacter.NON_SPACING_MARK || type == UCharacter.ENCLOSING_MARK
                || type == UCharacter.COMBINING_SPACING_MARK || BLANKS.contains(cp);
    }

    /**
     * Whether the invisible character at {@code i} is part of an emoji: a variation selector or
     * tag after an emoji, or a joiner between two.
     */
    private static boolean inEmojiSequence(int[] cps, int i) {
        int cp = cps[i];
        boolean afterEmoji = i > 0 && emojiPart(cps[i - 1]);
        if (cp == 0xFE0E || cp == 0xFE0F || (cp >= 0xE0020 && cp <= 0xE007F)) {
            return afterEmoji;
        }
        if (cp == 0x200D) {
            return afterEmoji && i + 1 < cps.length && UCharacter.hasBinaryProperty(cps[i + 1], UProperty.EMOJI);
        }
        return false;
    }

    private static boolean emojiPart(int cp) {
        return UCharacter.hasBinaryProperty(cp, UProperty.EMOJI) || UCharacter.hasBinaryProperty(cp, UProperty.EXTENDED_PICTOGRAPHIC)
                || cp == 0xFE0F || (cp >= 0xE0020 && cp <= 0xE007F) || cp == 0x20E3;
    }

    private static TreeSet<String> scripts(String s) {
        TreeSet<String> names = new TreeSet<>();
        s.codePoints().map(UScript::getScript).filter(sc -> sc != UScript.COMMON && sc != UScript.INHERITED)
                .forEach(sc -> names.add(UScript.getName(sc)));
        return names;
    }

    private static String codePoint(int cp) {
        return String.format("U+%04X", cp);
    }
}
