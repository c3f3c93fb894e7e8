package codemojex.app.core;

import echomq.testkit.Seeded;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pure part of {@code Idempotency-Key} (#48): which keys are taken, what is decided for a
 * request given what the store holds, fingerprints, and the seal a kept answer is stored under.
 */
class IdempotencyDecisionTest {

    static final String VISIBLE = IntStream.rangeClosed(0x21, 0x7e).collect(StringBuilder::new, StringBuilder::appendCodePoint,
            StringBuilder::append).toString();

    @TestFactory
    Stream<DynamicTest> everyKeyOfOneTo255VisibleAsciiCharactersIsTakenAndNoOther() {
        Random r = Seeded.random("IdempotencyDecisionTest.keys");
        return IntStream.range(0, 200).mapToObj(i -> {
            int length = 1 + r.nextInt(IdempotencyKey.MAX_LENGTH);
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < length; k++) {
                b.append(VISIBLE.charAt(r.nextInt(VISIBLE.length())));
            }
            String good = b.toString();
            // one character out of range, anywhere: a space, a control character, DEL, Latin-1, an emoji's half
            char[] bad = {' ', '\t', '\n', '\0', 0x7f, 'é', '\u00a0', '\ud83d'};
            int at = r.nextInt(length);
            String worse = good.substring(0, at) + bad[r.nextInt(bad.length)] + good.substring(at + 1);
            return DynamicTest.dynamicTest(length + " chars", () -> {
                assertThat(new IdempotencyKey(good).value()).isEqualTo(good);
                assertThatThrownBy(() -> new IdempotencyKey(worse)).isInstanceOf(BadInputException.class)
                        .satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("Idempotency-Key"));
            });
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 256, 1000})
    void aKeyOfNoOrTooManyCharactersIsRefusedNamingTheHeader(int length) {
        assertThatThrownBy(() -> new IdempotencyKey("k".repeat(length))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("Idempotency-Key").satisfies(e -> assertThat(((BadInputException) e).field()).isEqualTo("Idempotency-Key"));
    }

    @Test
    void theEdgesAreTaken() {
        assertThat(new IdempotencyKey("!").value()).isEqualTo("!");
        assertThat(new IdempotencyKey("~".repeat(255)).value()).hasSize(255);
        assertThat(new IdempotencyKey(VISIBLE).toString()).doesNotContain(VISIBLE); // a key is not logged whole
    }

    static Idempotency.Request request(String key, String scope, String body) {
        return new Idempotency.Request(new IdempotencyKey(key), new Idempotency.Scope(scope), Option.none(),
                Idempotency.fingerprint("POST", "/rooms", body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theDecisionIsFreshReplayMismatchOrInFlight() {
        Idempotency.Request r = request("k", "address 127.0.0.1", "{}");
        IdempotentAnswer answer = new IdempotentAnswer(201, "{\"game\":\"GAM1\"}", Option.none(), List.of());
        assertThat(Idempotency.decide(r, Option.none(), s -> answer)).isEqualTo(new Idempotency.Decision.Fresh());
        assertThat(Idempotency.decide(r, Option.some(new Idempotency.Held.Done(r.fingerprint(), "sealed")), s -> answer))
                .isEqualTo(new Idempotency.Decision.Replay(answer));
        assertThat(Idempotency.decide(r, Option.some(new Idempotency.Held.Running(r.fingerprint())), s -> answer))
                .isEqualTo(new Idempotency.Decision.InFlight());
        String other = request("k", "address 127.0.0.1", "{\"room\":\"x\"}").fingerprint();
        assertThat(Idempotency.decide(r, Option.some(new Idempotency.Held.Done(other, "sealed")), s -> answer))
                .isEqualTo(new Idempotency.Decision.Mismatch());
        assertThat(Idempotency.decide(r, Option.some(new Idempotency.Held.Running(other)), s -> answer))
                .as("another request while the first runs is refused as another request").isEqualTo(new Idempotency.Decision.Mismatch());
    }

    @Test
    void aFingerprintIsTheMethodThePathAndTheBodyBytes() {
        byte[] body = "{\"guess\":\"ab\"}".getBytes(StandardCharsets.UTF_8);
        String f = Idempotency.fingerprint("POST", "/games/G1/guesses", body);
        assertThat(Idempotency.fingerprint("POST", "/games/G1/guesses", body.clone())).isEqualTo(f);
        assertThat(Idempotency.fingerprint("POST", "/games/G2/guesses", body)).isNotEqualTo(f);
        assertThat(Idempotency.fingerprint("PUT", "/games/G1/guesses", body)).isNotEqualTo(f);
        assertThat(Idempotency.fingerprint("POST", "/games/G1/guesses", "{\"guess\": \"ab\"}".getBytes(StandardCharsets.UTF_8)))
                .as("the raw bytes, not the JSON they mean").isNotEqualTo(f);
        assertThat(f).matches("[0-9a-f]{64}");
    }

    @Test
    void aRecordIsNamedByAHashOfScopeAndKeyNeverByEither() {
        Idempotency.Request r = request("my-key", "session abc", "{}");
        assertThat(r.recordId()).matches("[0-9a-f]{64}").doesNotContain("my-key");
        assertThat(request("my-key", "session abd", "{}").recordId()).isNotEqualTo(r.recordId());
        assertThat(request("my-kez", "session abc", "{}").recordId()).isNotEqualTo(r.recordId());
    }

    @Test
    void aSealedAnswerOpensUnderItsOwnKeyAndScopeOnlyAndHoldsNothingInClear() {
        IdempotencySeal seal = new IdempotencySeal(new SecureRandom());
        Idempotency.Request r = request("k-1", "address 10.0.0.1 game G", "{\"name\":\"ann\"}");
        IdempotentAnswer answer = new IdempotentAnswer(201, "{\"token\":\"SECRET-TOKEN-VALUE\"}", Option.some("/games/G/guesses/GSS1"),
                List.of("codemojex_session=SECRET-TOKEN-VALUE; Path=/games/G; HttpOnly"));
        String sealed = seal.seal(r, answer);
        assertThat(new String(java.util.Base64.getDecoder().decode(sealed), StandardCharsets.ISO_8859_1)).doesNotContain("SECRET");
        assertThat(seal.open(r, sealed)).isEqualTo(answer);
        assertThat(seal.seal(r, answer)).as("a nonce of its own each time").isNotEqualTo(sealed);
        assertThatThrownBy(() -> seal.open(request("k-2", "address 10.0.0.1 game G", "{}"), sealed)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> seal.open(request("k-1", "address 10.0.0.2 game G", "{}"), sealed)).isInstanceOf(IllegalStateException.class);
        IdempotentAnswer bare = new IdempotentAnswer(202, "", Option.none(), List.of());
        assertThat(seal.open(r, seal.seal(r, bare))).isEqualTo(bare);
    }
}
