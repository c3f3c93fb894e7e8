package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * What an append of a host-minted id turns out to be once that id is read back
 * ({@code XRANGE key id id}), when Redis refused it as not above the stream's top or its reply was
 * lost. One rule for both adapters, so an append never lands twice and never fails though it landed:
 * <ul>
 * <li>{@link Ours}: the entry at the id carries the sent branded id in its {@code id} field, and the
 * fields sent. An
 * earlier send of this very append landed (its reply was cut, and the send that was refused is a
 * retry, by the adapter or by the client on its own): the append is answered with its receipt, once.</li>
 * <li>{@link Taken}: another entry holds the id (another writer's, or a foreign one): not ours; the
 * refusal stands as it did before, minted again above the top or a {@link NonMonotonicAppendException}.</li>
 * <li>{@link Vacant}: no entry at the id (it was never written, or was deleted or trimmed): not ours.</li>
 * </ul>
 * A refused id is at or below the top, and the top only rises: what is read there after the
 * refusal is final, so a verdict of not ours cannot turn into a late landing of the same send.
 * <pre>{@code
 * AppendReadBack found = AppendReadBack.entryAt(sent, sentFields, idField, entryFields);   // or AppendReadBack.nothingAt(sent)
 * switch (found.afterRefusal(false, attempt, StreamAppendPort.MAX_REMINTS)) { case ANSWER -> …; case MINT_AGAIN -> …; case REFUSE -> … }
 * }</pre>
 */
public sealed interface AppendReadBack {

    /** How often an append whose reply was lost is sent again under the same id before its id is read back. */
    int MAX_RESENDS = 3;

    /**
     * How long an adapter may wait for its connection to come back to settle an unanswered append
     * (to send it again, or read its id back) before it fails as {@link StreamStoreException.OutcomeUnknown}.
     */
    java.time.Duration SETTLE_WITHIN = java.time.Duration.ofSeconds(10);

    /**
     * How long to wait before sending an unanswered append again: a moment for the client to
     * reconnect (10 ms, then 100 ms, then 500 ms), so a link that broke once does not fail the append.
     *
     * @param resends how many times the id was sent again already, from 0
     * @return the wait before the next send
     * @throws IllegalArgumentException for a negative {@code resends}
     */
    static java.time.Duration resendDelay(int resends) {
        if (resends < 0) {
            throw new IllegalArgumentException("resends must be >= 0, got " + resends);
        }
        return java.time.Duration.ofMillis(resends == 0 ? 10 : resends == 1 ? 100 : 500);
    }

    /**
     * The id that was sent and read back.
     *
     * @return the sent branded id
     */
    BrandedId sent();

    /**
     * The entry id that was read back.
     *
     * @return the A1 entry id of {@link #sent()}
     */
    default StreamId at() {
        return sent().streamId();
    }

    /**
     * The entry at the id is this append's: it landed.
     *
     * @param sent the sent branded id, the append's receipt
     */
    record Ours(BrandedId sent) implements AppendReadBack {
        /**
         * Checks the id is present.
         *
         * @param sent the sent branded id
         */
        public Ours {
            Objects.requireNonNull(sent, "sent");
        }
    }

    /**
     * Another entry holds the id.
     *
     * @param sent   the sent branded id
     * @param holder the {@code id} field of the entry found there; none when it has none (a foreign entry)
     */
    record Taken(BrandedId sent, Option<String> holder) implements AppendReadBack {
        /**
         * Checks both are present.
         *
         * @param sent   the sent branded id
         * @param holder the {@code id} field found there, none when it has none
         */
        public Taken {
            Objects.requireNonNull(sent, "sent");
            Objects.requireNonNull(holder, "holder");
        }
    }

    /**
     * No entry at the id.
     *
     * @param sent the sent branded id
     */
    record Vacant(BrandedId sent) implements AppendReadBack {
        /**
         * Checks the id is present.
         *
         * @param sent the sent branded id
         */
        public Vacant {
            Objects.requireNonNull(sent, "sent");
        }
    }

    /**
     * The read-back that found an entry at the id: its {@code id} field is {@code idField} and its
     * other fields {@code found}.
     *
     * @param sent       the sent branded id
     * @param sentFields the fields the append sent, without {@code id}
     * @param idField    the {@code id} field of the entry at {@code sent}'s entry id; none when it has none
     * @param found      the entry's other fields
     * @return {@link Ours} when the field is exactly {@code sent}'s text and the other fields are the
     *         ones sent (a caller that appends another record under an id it used before is refused,
     *         not answered), else {@link Taken}
     */
    static AppendReadBack entryAt(BrandedId sent, java.util.Map<String, String> sentFields, Option<String> idField,
                                  java.util.Map<String, String> found) {
        Objects.requireNonNull(sent, "sent");
        Objects.requireNonNull(sentFields, "sentFields");
        Objects.requireNonNull(idField, "idField");
        Objects.requireNonNull(found, "found");
        return idField.contains(sent.toString()) && sentFields.equals(found) ? new Ours(sent) : new Taken(sent, idField);
    }

    /**
     * The read-back that found no entry at the id.
     *
     * @param sent the sent branded id
     * @return {@link Vacant}
     */
    static AppendReadBack nothingAt(BrandedId sent) {
        return new Vacant(sent);
    }

    /**
     * Whether the append landed.
     *
     * @return true for {@link Ours}
     */
    default boolean landed() {
        return this instanceof Ours;
    }

    /** What the appender does once a refused append's id is read back. */
    enum Next {
        /** It landed: answer its receipt, the sent id. */
        ANSWER,
        /** Not ours, and the record's id is the appender's to mint: mint again above the top and send again. */
        MINT_AGAIN,
        /** Not ours, and nothing more to try: the typed {@link NonMonotonicAppendException}. */
        REFUSE,
        /** Not found, after sends that all went unanswered: {@link StreamStoreException.OutcomeUnknown}. */
        UNKNOWN
    }

    /**
     * After Redis refused the sent id as not above the top: answer when it is ours, else mint again
     * while the record's id is the appender's and the bound allows, else refuse.
     *
     * @param callersOwnId whether the id is the caller's ({@code appendWithId}): never minted again
     * @param attempt      how many times the record was minted again before, from 0
     * @param maxRemints   how many times a record may be minted again ({@link StreamAppendPort#MAX_REMINTS})
     * @return what to do next
     * @throws IllegalArgumentException for a negative {@code attempt} or {@code maxRemints}
     */
    default Next afterRefusal(boolean callersOwnId, int attempt, int maxRemints) {
        if (attempt < 0 || maxRemints < 0) {
            throw new IllegalArgumentException("attempt and maxRemints must be >= 0, got " + attempt + " and " + maxRemints);
        }
        if (landed()) {
            return Next.ANSWER;
        }
        return callersOwnId || attempt >= maxRemints ? Next.REFUSE : Next.MINT_AGAIN;
    }

    /**
     * After a send of the id went unanswered (the connection failed once the command may have been
     * sent): whether to send it again under the same id. Sending again is what makes the outcome
     * knowable: it lands (the first did not), or is refused as not above the top, and then the
     * read-back says whether the first landed.
     *
     * @param resends how many times the id was sent again already, from 0
     * @return whether to send it again ({@code resends < MAX_RESENDS})
     * @throws IllegalArgumentException for a negative {@code resends}
     */
    static boolean sendAgain(int resends) {
        if (resends < 0) {
            throw new IllegalArgumentException("resends must be >= 0, got " + resends);
        }
        return resends < MAX_RESENDS;
    }

    /**
     * After every send of the id went unanswered and the id was read back: answered when it is ours;
     * otherwise whether it landed cannot be told (a send may still be on its way while the top is
     * below the id), so the append fails as {@link StreamStoreException.OutcomeUnknown}.
     *
     * @return {@link Next#ANSWER} when it landed, else {@link Next#UNKNOWN}
     */
    default Next afterLostReplies() {
        return landed() ? Next.ANSWER : Next.UNKNOWN;
    }
}
