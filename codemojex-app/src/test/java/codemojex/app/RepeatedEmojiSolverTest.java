package codemojex.app;

import codemojex.app.core.BadInputException;
import codemojex.projections.Code;
import codemojex.projections.Emoji;
import codemojex.projections.Keyboard;
import codemojex.projections.Scoring;
import com.fasterxml.jackson.databind.JsonNode;
import echomq.testkit.Seeded;
import io.vavr.collection.Vector;
import io.vavr.control.Either;
import io.vavr.control.Option;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue #27, "The game is solved by a script in 11 guesses": six copies of one emoji scored that
 * emoji at every position, so the breakdown's distance at the first position was exactly where the
 * secret holds it. {@link CopiesScript} is that script. Against the bare scoring (what the game ran
 * before the rule) it cracks every game; against a real game over HTTP it is refused at its first
 * guess, with a 400 naming the field and the repeated emoji, and nothing is written. An honest
 * player, who guesses six distinct emojis ({@link HonestPlayer}), still scores and wins.
 */
class RepeatedEmojiSolverTest {

    static AppFixture f;

    @BeforeAll
    static void start() {
        f = new AppFixture();
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    /** What a player's script sees of a game: a guess answers its breakdown's distances (none for a miss), or a refusal. */
    interface Table {
        Either<String, Vector<Option<Integer>>> guess(String text);
    }

    /**
     * The result of a play.
     *
     * @param guesses how many guesses were sent, the refused one included
     * @param refusal what refused a guess, if one was refused (the play stops there)
     * @param won     whether the last guess scored 600
     */
    record Played(int guesses, Option<String> refusal, boolean won) {
    }

    /**
     * The script of #27: six copies of each keyboard emoji in turn; a hit's distance at position 1
     * is the emoji's position in the secret. Once six are placed (or five, with one emoji left
     * unprobed, which must then be the sixth), the next guess is the secret. At most eleven probes
     * and the winning guess.
     */
    static final class CopiesScript {
        static Played play(Vector<Emoji> keyboard, Table table) {
            Emoji[] secret = new Emoji[Code.LENGTH];
            int placed = 0;
            int guesses = 0;
            for (int k = 0; k < keyboard.size() && placed < Code.LENGTH; k++) {
                Emoji e = keyboard.get(k);
                if (placed == Code.LENGTH - 1 && k == keyboard.size() - 1) {
                    secret[java.util.Arrays.asList(secret).indexOf(null)] = e; // the last unprobed emoji fills the last gap
                    placed++;
                    break;
                }
                guesses++;
                Either<String, Vector<Option<Integer>>> answer = table.guess(e.text().repeat(Code.LENGTH));
                if (answer.isLeft()) {
                    return new Played(guesses, Option.some(answer.getLeft()), false);
                }
                Option<Integer> at = answer.get().get(0);
                if (at.isDefined()) {
                    secret[at.get()] = e;
                    placed++;
                }
            }
            guesses++;
            Either<String, Vector<Option<Integer>>> last = table.guess(Vector.of(secret).mkString());
            return new Played(guesses, last.swap().toOption(), last.isRight() && last.get().forAll(d -> d.contains(0)));
        }
    }

    /**
     * An honest player: every guess is six distinct emojis, the first arrangement of the keyboard
     * that agrees with every breakdown so far (a miss: the emoji is not in the secret; a distance
     * {@code d} at position {@code i}: the secret holds it at {@code i - d} or {@code i + d}).
     */
    static final class HonestPlayer {
        static Played play(Vector<Emoji> keyboard, Table table, int maxGuesses) {
            int n = keyboard.size();
            int[] allowed = new int[n]; // per emoji, the positions it may hold (bits 0..5)
            boolean[] present = new boolean[n];
            java.util.Arrays.fill(allowed, (1 << Code.LENGTH) - 1);
            for (int guesses = 1; guesses <= maxGuesses; guesses++) {
                int[] guess = first(new int[Code.LENGTH], 0, 0, allowed, present);
                Code code = new Code(Vector.ofAll(java.util.Arrays.stream(guess).boxed()).map(keyboard::get));
                assertThat(code.emojis().distinct()).as("an honest guess").hasSize(Code.LENGTH);
                Either<String, Vector<Option<Integer>>> answer = table.guess(code.toString());
                if (answer.isLeft()) {
                    return new Played(guesses, Option.some(answer.getLeft()), false);
                }
                if (answer.get().forAll(d -> d.contains(0))) {
                    return new Played(guesses, Option.none(), true);
                }
                for (int i = 0; i < Code.LENGTH; i++) {
                    Option<Integer> d = answer.get().get(i);
                    if (d.isEmpty()) {
                        allowed[guess[i]] = 0;
                    } else {
                        int mask = 0;
                        for (int p : new int[] {i - d.get(), i + d.get()}) {
                            mask |= p >= 0 && p < Code.LENGTH ? 1 << p : 0;
                        }
                        allowed[guess[i]] &= mask;
                        present[guess[i]] = true;
                    }
                }
            }
            return new Played(maxGuesses, Option.none(), false);
        }

        /** The first arrangement from {@code position} on that agrees with what is known; null when none. */
        private static int[] first(int[] chosen, int position, int used, int[] allowed, boolean[] present) {
            if (position == Code.LENGTH) {
                for (int k = 0; k < allowed.length; k++) {
                    if (present[k] && (used & (1 << k)) == 0) {
                        return null;
                    }
                }
                return chosen.clone();
            }
            for (int k = 0; k < allowed.length; k++) {
                if ((used & (1 << k)) == 0 && (allowed[k] & (1 << position)) != 0) {
                    chosen[position] = k;
                    int[] found = first(chosen, position + 1, used | (1 << k), allowed, present);
                    if (found != null) {
                        return found;
                    }
                }
            }
            return null;
        }
    }

    /** The bare scoring function, which scores any six emojis: the game as it was before the rule. */
    static Table bareScoring(Code secret) {
        return text -> Either.right(Scoring.score(secret, Code.parse(text)).distances());
    }

    /** The game's own rule of a guess, then its scoring, without Redis. */
    static Table theRuleThenScoring(Keyboard keyboard, Code secret) {
        return text -> {
            try {
                return Either.right(Scoring.score(secret, keyboard.parseGuess(text)).distances());
            } catch (IllegalArgumentException refused) {
                return Either.left(refused.getMessage());
            }
        };
    }

    /** A real game over HTTP, as {@code player} (joined already): each guess posted, its breakdown awaited. */
    static Table overHttp(String game, String player) {
        return text -> {
            AppFixture.Response sent = f.guess(game, player, text);
            if (sent.status() != 202) {
                return Either.left(sent.status() + " " + sent.body());
            }
            JsonNode scored = f.awaitScore(game, sent.json().get("guessId").asText(), player);
            assertThat(scored.get("status").asText()).as(scored.toString()).isEqualTo("scored");
            Vector<Option<Integer>> distances = Vector.empty();
            for (JsonNode p : scored.get("positions")) {
                distances = distances.append(p.get("distance").isNull() ? Option.none() : Option.some(p.get("distance").asInt()));
            }
            return Either.right(distances);
        };
    }

    static long guessesSubmitted() {
        return f.direct().keys("*").stream().filter(k -> k.contains(":stream:") && k.endsWith(":guesses")).mapToLong(k -> f.direct().xlen(k)).sum(); // streams only: the lease and the members keys end so too
    }

    /**
     * Every key of {@code game} (its hash, board, scores, players, sessions…) with its type and size: what a guess of it
     * could write besides the guesses stream ({@link #guessesSubmitted()}). Keys of other games are left out: the score
     * worker may still be committing the guesses of an earlier test while this one looks.
     */
    static java.util.SortedMap<String, String> keysOf(String game) {
        java.util.SortedMap<String, String> out = new java.util.TreeMap<>();
        for (String k : f.direct().keys("*" + game + "*")) {
            String type = f.direct().type(k);
            long size = switch (type) {
                case "hash" -> f.direct().hlen(k);
                case "zset" -> f.direct().zcard(k);
                case "stream" -> f.direct().xlen(k);
                case "set" -> f.direct().scard(k);
                case "list" -> f.direct().llen(k);
                default -> f.direct().strlen(k);
            };
            out.put(k, type + " " + size);
        }
        return out;
    }

    @Test
    void theScriptCracksEveryGameWhenRepeatsAreScored() {
        Random r = Seeded.random("RepeatedEmojiSolverTest.bare");
        int most = 0;
        for (int i = 0; i < 500; i++) {
            Keyboard k = Keyboard.draw(r);
            Code secret = k.drawSecret(r);
            Played played = CopiesScript.play(k.keys(), bareScoring(secret));
            assertThat(played.won()).as("secret %s, keyboard %s", secret, k.text()).isTrue();
            most = Math.max(most, played.guesses());
        }
        // eleven probes at most (the twelfth emoji is known by elimination), then the winning guess
        assertThat(most).isLessThanOrEqualTo(12);
        System.out.println("[#27] the copies script cracked 500 games with repeats scored, in at most " + most + " guesses");
    }

    @Test
    void theGamesRuleRefusesTheScriptAtItsFirstGuessAndAnHonestPlayerStillWins() {
        Random r = Seeded.random("RepeatedEmojiSolverTest.rule");
        int most = 0;
        for (int i = 0; i < 200; i++) {
            Keyboard k = Keyboard.draw(r);
            Code secret = k.drawSecret(r);
            Played script = CopiesScript.play(k.keys(), theRuleThenScoring(k, secret));
            assertThat(script.guesses()).isEqualTo(1);
            assertThat(script.refusal()).contains("a guess is 6 distinct emojis, like the secret: " + k.keys().get(0)
                    + " is repeated (positions 1 and 2)");
            Played honest = HonestPlayer.play(k.keys(), theRuleThenScoring(k, secret), 30);
            assertThat(honest.refusal()).isEmpty();
            assertThat(honest.won()).as("secret %s, keyboard %s", secret, k.text()).isTrue();
            most = Math.max(most, honest.guesses());
        }
        System.out.println("[#27] an honest player won 200 games under the rule, in at most " + most + " guesses");
    }

    @Test
    void overHttpTheScriptIsRefusedAtItsFirstGuessWritingNothingAndAnHonestPlayerScoresAndWins() {
        String game = f.post("/rooms", Map.of("room", "solver")).json().get("game").asText();
        Vector<Emoji> keyboard = Vector.ofAll(f.get("/games/" + game).json().get("keyboard")).map(n -> Emoji.of(n.asText()));
        f.join(game, "bot");
        f.join(game, "ada");
        long guesses = guessesSubmitted();
        java.util.SortedMap<String, String> keys = keysOf(game);

        Played script = CopiesScript.play(keyboard, overHttp(game, "bot"));
        assertThat(script.guesses()).isEqualTo(1);
        assertThat(script.won()).isFalse();
        assertThat(script.refusal().get()).startsWith("400 ")
                .contains("\"field\":\"guess\"")
                .contains("a guess is 6 distinct emojis, like the secret: " + keyboard.get(0) + " is repeated (positions 1 and 2)");
        assertThat(guessesSubmitted()).as("the refused guess was never submitted").isEqualTo(guesses);
        assertThat(keysOf(game)).as("nothing written").isEqualTo(keys);
        assertThat(f.get("/games/" + game).json().get("status").asText()).isEqualTo("open");

        Played honest = HonestPlayer.play(keyboard, overHttp(game, "ada"), 30);
        assertThat(honest.refusal()).isEmpty();
        assertThat(honest.won()).isTrue();
        assertThat(guessesSubmitted() - guesses).isEqualTo(honest.guesses());
        JsonNode settled = f.get("/games/" + game).json();
        assertThat(settled.get("status").asText()).isEqualTo("settled");
        assertThat(settled.get("winner").asText()).isEqualTo("ada");
        JsonNode board = f.get("/games/" + game + "/board").json().get("board");
        assertThat(board).hasSize(1);
        assertThat(board.get(0).get("player").asText()).isEqualTo("ada");
        assertThat(board.get(0).get("best").asInt()).isEqualTo(Scoring.MAX_TOTAL);
        System.out.println("[#27] over HTTP the copies script was refused at guess 1; an honest player won in " + honest.guesses());
    }

    @Test
    void aGuessWithARepeatIsA400NamingTheFieldAndTheEmoji() {
        String game = f.post("/rooms", Map.of("room", "repeats")).json().get("game").asText();
        Vector<Emoji> k = f.app.useCases().games().game(game).keyboard().keys();
        f.join(game, "eve");
        long guesses = guessesSubmitted();
        java.util.SortedMap<String, String> keys = keysOf(game);
        Map<String, String> refused = Map.of(
                k.get(0).text().repeat(6), "a guess is 6 distinct emojis, like the secret: " + k.get(0) + " is repeated (positions 1 and 2)",
                k.take(5).append(k.get(2)).mkString(" "), "a guess is 6 distinct emojis, like the secret: " + k.get(2) + " is repeated (positions 3 and 6)",
                k.take(2).appendAll(Vector.fill(4, () -> k.get(7))).mkString(","), "a guess is 6 distinct emojis, like the secret: " + k.get(7) + " is repeated (positions 3 and 4)");
        for (Map.Entry<String, String> e : refused.entrySet()) {
            AppFixture.Response r = f.guess(game, "eve", e.getKey());
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.json()).as(r.body()).isEqualTo(f.json.createObjectNode().put("error", e.getValue()).put("field", "guess"));
        }
        assertThat(guessesSubmitted()).isEqualTo(guesses);
        assertThat(keysOf(game)).as("nothing written").isEqualTo(keys);
        // the core refuses it the same way, before the game is read: for a game that does not exist, still the guess
        assertThatThrownBy(() -> f.app.useCases().guesses().submit(game, TestPlayers.id("eve"), "eve", k.get(0).text().repeat(6)))
                .isInstanceOfSatisfying(BadInputException.class, b -> assertThat(b.field()).isEqualTo("guess"))
                .hasMessageContaining(k.get(0) + " is repeated");
        assertThatThrownBy(() -> f.app.useCases().guesses().submit("GAMnope", TestPlayers.id("eve"), "eve", k.get(0).text().repeat(6)))
                .isInstanceOfSatisfying(BadInputException.class, b -> assertThat(b.field()).isEqualTo("guess"));
        // six distinct emojis of the keyboard are still a guess
        assertThat(f.guess(game, "eve", k.drop(6).mkString()).status()).isEqualTo(202);
    }
}
