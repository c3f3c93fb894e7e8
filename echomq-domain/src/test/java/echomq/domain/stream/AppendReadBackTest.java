package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.AppendReadBack.Next;
import echomq.domain.testing.Seeded;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a refused or unanswered append is, once its id is read back: pure. */
class AppendReadBackTest {

    static final java.util.Map<String, String> FIELDS = java.util.Map.of("n", "7", "player", "ann");

    @Test
    void onlyTheSentBrandedIdAtTheIdIsALanding() {
        Random r = Seeded.random("AppendReadBackTest.landing");
        for (int c = 0; c < Seeded.CASES; c++) {
            BrandedId sent = BrandedId.event(r.nextLong(Long.MAX_VALUE));
            BrandedId other = BrandedId.event(r.nextLong(Long.MAX_VALUE));
            int attempt = r.nextInt(2 * StreamAppendPort.MAX_REMINTS);
            boolean own = r.nextBoolean();
            String what = sent + " vs " + other + ", attempt " + attempt + (own ? ", caller's id" : "");

            AppendReadBack ours = AppendReadBack.entryAt(sent, FIELDS, Option.some(sent.toString()), FIELDS);
            assertThat(ours).as(what).isEqualTo(new AppendReadBack.Ours(sent));
            assertThat(ours.afterRefusal(own, attempt, StreamAppendPort.MAX_REMINTS)).as(what).isEqualTo(Next.ANSWER);
            assertThat(ours.afterLostReplies()).as(what).isEqualTo(Next.ANSWER);
            assertThat(ours.at()).isEqualTo(sent.streamId());

            Next notOurs = own || attempt >= StreamAppendPort.MAX_REMINTS ? Next.REFUSE : Next.MINT_AGAIN;
            for (AppendReadBack found : java.util.List.of(
                    AppendReadBack.entryAt(sent, FIELDS, Option.some(other.toString()), FIELDS),
                    AppendReadBack.entryAt(sent, FIELDS, Option.none(), FIELDS),
                    AppendReadBack.entryAt(sent, FIELDS, Option.some(sent.toString()), java.util.Map.of("n", "other")),
                    AppendReadBack.nothingAt(sent))) {
                if (sent.equals(other) && found.equals(ours)) {
                    continue; // the generator drew the same id twice
                }
                assertThat(found.landed()).as(what + ": " + found).isFalse();
                assertThat(found.afterRefusal(own, attempt, StreamAppendPort.MAX_REMINTS)).as(what + ": " + found).isEqualTo(notOurs);
                assertThat(found.afterLostReplies()).as(what + ": " + found).isEqualTo(Next.UNKNOWN);
            }
        }
    }

    @Test
    void edges() {
        BrandedId sent = BrandedId.parse("EVT0KHTOWnGLuC");
        // another namespace, the same snowflake: not ours; nor is the text in another case, nor padded
        assertThat(AppendReadBack.entryAt(sent, FIELDS, Option.some("USR0KHTOWnGLuC"), FIELDS).landed()).isFalse();
        assertThat(AppendReadBack.entryAt(sent, FIELDS, Option.some("evt0khtownglUc"), FIELDS).landed()).isFalse();
        assertThat(AppendReadBack.entryAt(sent, FIELDS, Option.some(" EVT0KHTOWnGLuC"), FIELDS).landed()).isFalse();
        assertThat(AppendReadBack.entryAt(sent, FIELDS, Option.some(""), FIELDS).landed()).isFalse();
        assertThat(AppendReadBack.entryAt(sent, FIELDS, Option.none(), FIELDS)).isEqualTo(new AppendReadBack.Taken(sent, Option.none()));
        // our id with other fields: the caller appended another record under an id it used before; not this append
        assertThat(AppendReadBack.entryAt(sent, FIELDS, Option.some(sent.toString()), java.util.Map.of("n", "7")))
                .isEqualTo(new AppendReadBack.Taken(sent, Option.some(sent.toString())));
        assertThat(AppendReadBack.entryAt(sent, java.util.Map.of(), Option.some(sent.toString()), java.util.Map.of()).landed()).isTrue();
        // the bound: the last remint allowed, then the refusal stands
        AppendReadBack vacant = AppendReadBack.nothingAt(sent);
        assertThat(vacant.afterRefusal(false, StreamAppendPort.MAX_REMINTS - 1, StreamAppendPort.MAX_REMINTS)).isEqualTo(Next.MINT_AGAIN);
        assertThat(vacant.afterRefusal(false, StreamAppendPort.MAX_REMINTS, StreamAppendPort.MAX_REMINTS)).isEqualTo(Next.REFUSE);
        assertThat(vacant.afterRefusal(false, 0, 0)).isEqualTo(Next.REFUSE);
        assertThat(vacant.afterRefusal(true, 0, StreamAppendPort.MAX_REMINTS)).isEqualTo(Next.REFUSE);
        assertThatThrownBy(() -> vacant.afterRefusal(false, -1, 3)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> vacant.afterRefusal(false, 0, -2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-2");
        // sent again under the same id a bounded number of times
        for (int i = 0; i < AppendReadBack.MAX_RESENDS; i++) {
            assertThat(AppendReadBack.sendAgain(i)).isTrue();
        }
        assertThat(AppendReadBack.sendAgain(AppendReadBack.MAX_RESENDS)).isFalse();
        assertThatThrownBy(() -> AppendReadBack.sendAgain(-1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> AppendReadBack.entryAt(null, FIELDS, Option.none(), FIELDS)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> AppendReadBack.entryAt(sent, FIELDS, null, FIELDS)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> AppendReadBack.entryAt(sent, null, Option.none(), FIELDS)).isInstanceOf(NullPointerException.class);
        // the typed failure of an unknown outcome is an Unavailable naming the key and the id
        StreamStoreException.OutcomeUnknown unknown = new StreamStoreException.OutcomeUnknown("emq:{q}:stream:s", sent.streamId(), new RuntimeException("reset"));
        assertThat(unknown).isInstanceOf(StreamStoreException.Unavailable.class);
        assertThat(unknown.sent()).isEqualTo(sent.streamId());
        assertThat(unknown.getMessage()).contains(sent.streamId().toString()).contains("emq:{q}:stream:s").contains("unknown whether it landed");
    }
}
