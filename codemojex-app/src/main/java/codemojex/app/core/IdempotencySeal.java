package codemojex.app.core;

import io.vavr.control.Option;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a kept answer is sealed: AES-256-GCM under a key derived from the request's scope and its
 * {@code Idempotency-Key}, which the store never holds (it names the record by another hash of
 * them). A join's answer carries its session's token; sealed, Redis holds no token in clear, and
 * only a retry with the same key in the same scope opens it. A client choosing a key that can be
 * guessed makes its answer as guessable: the page sends random ones (UUIDs).
 */
public final class IdempotencySeal {

    private static final int NONCE = 12;
    private static final int TAG_BITS = 128;

    private final RandomGenerator random;

    /** Nonces drawn from {@code random} (a {@link java.security.SecureRandom} in the app). */
    public IdempotencySeal(RandomGenerator random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    /** {@code answer} sealed for {@code request}'s key and scope, as base64 text. */
    public String seal(Idempotency.Request request, IdempotentAnswer answer) {
        byte[] nonce = new byte[NONCE];
        random.nextBytes(nonce);
        byte[] sealed = cipher(Cipher.ENCRYPT_MODE, request, nonce, encode(answer));
        byte[] out = new byte[NONCE + sealed.length];
        System.arraycopy(nonce, 0, out, 0, NONCE);
        System.arraycopy(sealed, 0, out, NONCE, sealed.length);
        return Base64.getEncoder().encodeToString(out);
    }

    /** The answer {@link #seal} sealed for {@code request}; a record that does not open under its key fails. */
    public IdempotentAnswer open(Idempotency.Request request, String sealed) {
        byte[] in = Base64.getDecoder().decode(sealed);
        if (in.length <= NONCE) {
            throw new IllegalStateException("a kept answer of " + in.length + " bytes is no sealed answer");
        }
        byte[] nonce = Arrays.copyOf(in, NONCE);
        return decode(cipher(Cipher.DECRYPT_MODE, request, nonce, Arrays.copyOfRange(in, NONCE, in.length)));
    }

    private static byte[] cipher(int mode, Idempotency.Request request, byte[] nonce, byte[] data) {
        try {
            byte[] key = HexFormat.of().parseHex(Idempotency.sha256("codemojex idempotency seal\0" + request.scope().value() + "\0"
                    + request.key().value()));
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(mode, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG_BITS, nonce));
            c.updateAAD(request.recordId().getBytes(StandardCharsets.US_ASCII)); // a sealed answer opens under its own record only
            return c.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a kept answer could not be " + (mode == Cipher.ENCRYPT_MODE ? "sealed" : "opened"), e);
        }
    }

    private static byte[] encode(IdempotentAnswer a) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeShort(a.status());
            text(out, a.location().getOrElse(""));
            out.writeBoolean(a.location().isDefined());
            out.writeShort(a.cookies().size());
            for (String c : a.cookies()) {
                text(out, c);
            }
            text(out, a.body());
        } catch (IOException e) {
            throw new IllegalStateException("an answer in memory could not be written", e);
        }
        return bytes.toByteArray();
    }

    private static IdempotentAnswer decode(byte[] plain) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(plain))) {
            int status = in.readShort();
            String location = text(in);
            boolean hasLocation = in.readBoolean();
            int n = in.readShort();
            List<String> cookies = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                cookies.add(text(in));
            }
            return new IdempotentAnswer(status, text(in), hasLocation ? Option.some(location) : Option.none(), cookies);
        } catch (IOException e) {
            throw new IllegalStateException("a kept answer is cut short", e);
        }
    }

    private static void text(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String text(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
