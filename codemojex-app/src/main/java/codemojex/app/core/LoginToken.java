package codemojex.app.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A player's session token: 256 random bits, written as 43 characters of base64url. Only its
 * {@link #hash()} is stored; the token itself is handed out once, to the player who joined, and
 * its {@link #toString()} never shows it (so a log line that prints one prints nothing secret).
 *
 * <p>{@code LoginToken t = LoginToken.random(new SecureRandom()); store(t.hash()); answer(t.reveal());}
 */
public final class LoginToken {

    /** Random bits per token. */
    public static final int BITS = 256;

    /** Characters of a written token: {@code ceil(256 / 6)}, base64url without padding. */
    public static final int LENGTH = 43;

    private final String value;

    private LoginToken(String value) {
        this.value = value;
    }

    /** A fresh token from {@code random}. */
    public static LoginToken random(SecureRandom random) {
        byte[] bytes = new byte[BITS / 8];
        random.nextBytes(bytes);
        return new LoginToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /**
     * The token a client presented.
     *
     * @throws UnauthorizedException when it is not one this app could have issued; the message does
     *                               not repeat what was presented
     */
    public static LoginToken parse(String presented) {
        Objects.requireNonNull(presented, "presented");
        if (presented.length() != LENGTH) {
            throw new UnauthorizedException("the session token is malformed: " + LENGTH + " characters expected, got "
                    + presented.length());
        }
        for (int i = 0; i < LENGTH; i++) {
            char c = presented.charAt(i);
            boolean ok = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_';
            if (!ok) {
                throw new UnauthorizedException("the session token is malformed: character " + (i + 1) + " is not base64url");
            }
        }
        return new LoginToken(presented);
    }

    /** What is stored: the SHA-256 of the token, in hex. A 256-bit random token needs no slow hash or salt. */
    public String hash() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** The token itself, for the one answer that issues it. */
    public String reveal() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoginToken t && MessageDigest.isEqual(value.getBytes(StandardCharsets.US_ASCII),
                t.value.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return "LoginToken[hidden]";
    }
}
