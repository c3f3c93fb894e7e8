package codemojex.app;

import codemojex.app.core.LoginToken;
import codemojex.app.core.UnauthorizedException;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Tokens: 256 random bits, base64url, kept as SHA-256, never shown by {@code toString}. */
class LoginTokenTest {

    @Test
    void tokensAreFreshWellFormedAndParseBack() {
        SecureRandom random = new SecureRandom();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            LoginToken t = LoginToken.random(random);
            assertThat(t.reveal()).hasSize(LoginToken.LENGTH).matches("[A-Za-z0-9_-]+");
            assertThat(seen.add(t.reveal())).isTrue();
            assertThat(LoginToken.parse(t.reveal())).isEqualTo(t);
            assertThat(LoginToken.parse(t.reveal()).hash()).isEqualTo(t.hash());
        }
    }

    @Test
    void theHashIsSha256InHexAndTheTokenNeverPrints() throws Exception {
        LoginToken t = LoginToken.random(new SecureRandom());
        String expected = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(t.reveal().getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        assertThat(t.hash()).isEqualTo(expected).hasSize(64).doesNotContain(t.reveal());
        assertThat(t.toString()).doesNotContain(t.reveal());
        assertThat(String.valueOf(t)).isEqualTo("LoginToken[hidden]");
    }

    @Test
    void malformedTokensAreRefusedWithoutBeingRepeated() {
        String good = LoginToken.random(new SecureRandom()).reveal();
        for (String bad : new String[] {"", good.substring(1), good + "A", good.substring(1) + "=", good.substring(1) + "é",
                good.substring(1) + "\u0000", " " + good.substring(1)}) {
            assertThatThrownBy(() -> LoginToken.parse(bad)).isInstanceOf(UnauthorizedException.class)
                    .hasMessageContaining("malformed")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain(good.substring(1, 20)));
        }
    }
}
