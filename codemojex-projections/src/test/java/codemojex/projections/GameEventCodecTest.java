package codemojex.projections;

import codemojex.projections.GameEvent.GameSettled;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameEvent.RoomOpened;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GameEventCodecTest {

    static final Code SECRET = Code.parse("🐙🦊🐸🦄🐝🐢");
    static final BrandedId ID = BrandedId.parse("EVT0KHTOWnGLuC");

    static StreamEntry entry(LinkedHashMap<String, String> fields) {
        return StreamEntry.of(ID, fields);
    }

    @Test
    void everyEventRoundTripsThroughItsFields() {
        RoomOpened opened = new RoomOpened("room-1", "g1", Keyboard.standard());
        GuessSubmitted submitted = new GuessSubmitted("g1", "room-1", PlayerIds.ofName("Ada <b>"), "Ada <b>", Code.parse("👍🏽👨‍👩‍👧‍👦🇫🇷1️⃣❤️🧑🏿‍🚀"));
        GuessScored scored = new GuessScored("g1", "room-1", PlayerIds.ofName("Ada <b>"), "Ada <b>", ID.toString(), 480, 80, 500 - 20);
        GameSettled settled = new GameSettled("g1", "room-1", PlayerIds.ofName("Ada <b>"), "Ada <b>", ID.toString(), SECRET);
        assertThat(RoomOpened.decode(entry(opened.fields()))).isEqualTo(opened);
        assertThat(GuessSubmitted.decode(entry(submitted.fields()))).isEqualTo(submitted);
        assertThat(GuessScored.decode(entry(scored.fields()))).isEqualTo(scored);
        assertThat(GameSettled.decode(entry(settled.fields()))).isEqualTo(settled);
        assertThat(opened.fields().head()._1).isEqualTo("v");
        assertThat(opened.channel()).isEqualTo("room-opened");
        assertThat(submitted.channel()).isEqualTo("guesses");
        assertThat(scored.channel()).isEqualTo("guess-scored");
        assertThat(settled.channel()).isEqualTo("game-settled");
    }

    @Test
    void aScoredGuessHandsItsFieldsOneByOneInTheOrderOfItsMapBestLast() {
        GuessScored scored = new GuessScored("g1", "room-1", PlayerIds.ofName("Ada"), "Ada", ID.toString(), 480, 80, 520);
        java.util.List<String> all = new java.util.ArrayList<>();
        scored.writeFields((f, v) -> all.add(f + "=" + v));
        assertThat(all).containsExactlyElementsOf(scored.fields().map(t -> t._1 + "=" + t._2));
        assertThat(all.get(all.size() - 1)).isEqualTo("best=520");
    }

    @Test
    void aDerivedIdIsTheSameAskedOnceOrTenThousandTimesOver() {
        String first = PlayerIds.ofName("zoë");
        for (int i = 0; i < 10_050; i++) {
            PlayerIds.ofName("n" + i); // past the memo's bound: it is cleared and filled again
        }
        assertThat(PlayerIds.ofName("zoë")).isEqualTo(first);
        assertThat(PlayerIds.derived(first, "zoë")).isTrue();
        assertThat(PlayerIds.derived(first, "zoe")).isFalse();
    }

    @Test
    void noEventOfAnOpenGameCarriesTheSecret() {
        Keyboard keyboard = Keyboard.standard();
        // drawn as the app draws it: six of the keyboard in a random order
        Code drawn = keyboard.drawSecret(new java.util.Random(7));
        assertThat(keyboard.text()).doesNotContain(drawn.text());
        RoomOpened opened = new RoomOpened("r", "g", keyboard);
        GuessScored scored = new GuessScored("g", "r", PlayerIds.ofName("p"), "p", "EVT0KHTOWnGLuC", 100, 17, 100);
        for (GameEvent e : new GameEvent[] {opened, scored}) {
            assertThat(e.fields().values().mkString(" ")).doesNotContain(drawn.text()).doesNotContain(drawn.toString());
            assertThat(e.fields().keySet()).doesNotContain("secret");
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '!', value = {
            "v=2,game=g,room=r,player=p,guess=G1,total=100,pct=17,best=100! field \"v\" is version \"2\"",
            "game=g,room=r,player=p,guess=G1,total=100,pct=17,best=100! field \"v\" is missing",
            "v=1,room=r,player=p,guess=G1,total=100,pct=17,best=100! field \"game\" is missing",
            "v=1,game=g,room=r,player=p,guess=G1,total=1x0,pct=17,best=100! field \"total\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=,pct=17,best=100! field \"total\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=00100,pct=17,best=100! field \"total\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=+100,pct=17,best=100! field \"total\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=100,pct=-1,best=100! field \"pct\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=100,pct=١٧,best=100! field \"pct\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=100,pct=17,best=1e2! field \"best\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=100,pct=17,best=80! best 80 is below",
            "v=1,game=g{,room=r,player=p,guess=G1,total=100,pct=17,best=100! field \"game\" is invalid",
            "v=1,game=g,room=r,player=,guess=G1,total=100,pct=17,best=100! field \"player\" is invalid",
            "v=1,game=g,room=r,player=p,guess=G1,total=110,pct=17,best=120! multiple of 20",
    })
    void aMalformedEntryNamesItsIdAndField(String fields, String message) {
        LinkedHashMap<String, String> map = LinkedHashMap.empty();
        for (String kv : fields.split(",")) {
            String[] p = kv.split("=", -1);
            map = map.put(p[0], p[1]);
        }
        StreamEntry e = entry(map);
        assertThatThrownBy(() -> GuessScored.decode(e))
                .isInstanceOf(MalformedEntryException.class)
                .hasMessageContaining("entry " + ID.streamId())
                .hasMessageContaining(message)
                .satisfies(x -> assertThat(((MalformedEntryException) x).entryId()).isEqualTo(ID.streamId()));
    }

    @Test
    void badGuessContentIsNamed() {
        StreamEntry e = entry(LinkedHashMap.of("v", "1", "game", "g", "room", "r", "player", "p", "guess", "🐙🦊"));
        assertThatThrownBy(() -> GuessSubmitted.decode(e)).hasMessageContaining("field \"guess\"").hasMessageContaining("got 2");
    }

    @Test
    void playerNamesAreCheckedButMayHoldAnyText() {
        assertThat(Names.requirePlayer("<script>alert(1)</script>")).isNotEmpty();
        assertThat(Names.requirePlayer("Zoë 🐙")).isNotEmpty();
        assertThatThrownBy(() -> Names.requirePlayer("a\u0000b")).hasMessageContaining("control");
        assertThatThrownBy(() -> Names.requirePlayer("x".repeat(33))).hasMessageContaining("33 characters");
        assertThatThrownBy(() -> Names.requirePlayer(" ada")).hasMessageContaining("white space");
        assertThatThrownBy(() -> Names.requireId("game", "a b")).hasMessageContaining("\"a b\"");
    }
}
