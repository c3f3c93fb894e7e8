package codemojex.app.core;

import io.vavr.control.Option;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Objects;
import java.util.function.Function;

/**
 * What an {@code Idempotency-Key} on a write means, decided without I/O (Stripe's semantics): the
 * same key in the same scope with the same request within {@link #KEPT} is answered the first
 * answer again and runs nothing; with another request it is refused ({@link Decision.Mismatch}, a
 * 422); while the first still runs it is refused for now ({@link Decision.InFlight}, a 409). A
 * request is its method, its path and its raw body, compared by their SHA-256 ({@link #fingerprint}).
 * The key and the scope reach the store only hashed ({@link Request#recordId()}); the answer only
 * sealed ({@link IdempotencySeal}).
 */
public final class Idempotency {

    /** How long an answer is kept to be given again: keys have an end. */
    public static final Duration KEPT = Duration.ofHours(24);

    /**
     * How long a key is held for its first request while it runs, or after a failure that may have
     * written (a store that went away mid-write): a retry in that time is a 409, after it runs again.
     * Far longer than a request runs (its store calls time out in seconds), so that a slow first
     * request is never run twice.
     */
    public static final Duration LEASE = Duration.ofSeconds(30);

    private Idempotency() {
    }

    /**
     * Whose keys a key is one of: a session's (by its token's hash, never the token) for guesses, a
     * client address's for rooms, a client address's in one game for joins.
     *
     * @param value what names the scope, a line of text
     */
    public record Scope(String value) {
        public Scope {
            Objects.requireNonNull(value, "value");
        }

        /** The keys of the client at {@code address}. */
        public static Scope address(String address) {
            return new Scope("address " + address);
        }

        /** The keys of the client at {@code address} in {@code game}. */
        public static Scope addressInGame(String address, String game) {
            return new Scope("address " + address + " game " + game);
        }

        /** The keys of the session whose token hashes to {@code tokenHash}. */
        public static Scope session(String tokenHash) {
            return new Scope("session " + tokenHash);
        }
    }

    /**
     * A request that carries a key.
     *
     * @param key         its key
     * @param scope       whose keys it is one of
     * @param game        the game it writes in (its record is kept in the game's partition), none for a room
     * @param fingerprint its {@link #fingerprint}
     */
    public record Request(IdempotencyKey key, Scope scope, Option<String> game, String fingerprint) {
        public Request {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(fingerprint, "fingerprint");
        }

        /** The name of its record: the SHA-256 of the scope and the key, in hex (neither is stored). */
        public String recordId() {
            return sha256("codemojex idempotency record\0" + scope.value() + "\0" + key.value());
        }
    }

    /** What the store holds for a key when a request comes with it. */
    public sealed interface Held {
        /** The fingerprint of the request that holds the key. */
        String fingerprint();

        /** The key's first request runs (or failed in a way that may have written, until its lease ends). */
        record Running(String fingerprint) implements Held {
        }

        /** The key's first request was answered: {@code sealed} is its {@link IdempotentAnswer}, sealed. */
        record Done(String fingerprint, String sealed) implements Held {
        }
    }

    /** What is done with a request that carries a key. */
    public sealed interface Decision {
        /** The key is new in its scope, and held for this request now: run it. */
        record Fresh() implements Decision {
        }

        /** The key's first request, the same, was answered: answer it again and run nothing. */
        record Replay(IdempotentAnswer answer) implements Decision {
        }

        /** The key was used for another request: refused (422). */
        record Mismatch() implements Decision {
        }

        /** The key's first request, the same, still runs: refused for now (409). */
        record InFlight() implements Decision {
        }
    }

    /**
     * The decision for {@code request}, given what the store held for its key when it came: nothing
     * (the store held the key for it then), or another request's record.
     *
     * @param open how a kept answer is unsealed
     */
    public static Decision decide(Request request, Option<Held> held, Function<String, IdempotentAnswer> open) {
        if (held.isEmpty()) {
            return new Decision.Fresh();
        }
        Held h = held.get();
        if (!MessageDigest.isEqual(h.fingerprint().getBytes(StandardCharsets.US_ASCII), request.fingerprint().getBytes(StandardCharsets.US_ASCII))) {
            return new Decision.Mismatch();
        }
        return h instanceof Held.Done done ? new Decision.Replay(open.apply(done.sealed())) : new Decision.InFlight();
    }

    /** A request's fingerprint: the SHA-256, in hex, of its method, its path and its raw body bytes. */
    public static String fingerprint(String method, String path, byte[] body) {
        MessageDigest d = digest();
        d.update((method + " " + path + "\n").getBytes(StandardCharsets.UTF_8));
        d.update(body);
        return HexFormat.of().formatHex(d.digest());
    }

    static String sha256(String text) {
        return HexFormat.of().formatHex(digest().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
