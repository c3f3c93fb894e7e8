package codemojex.projections;

import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.GameEvent.GuessSubmitted;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The checks of ids and names are put off to the event's constructor; a failure still names the first bad field read. */
class EntryDecoderTest {

    static final String PLAYER_ID = PlayerIds.ofName("ada");

    static String failingField(Runnable decode) {
        return catchThrowableOfType(decode::run, MalformedEntryException.class).field();
    }

    static StreamEntry scored(String game, String room, String player, String playerId, String guess, String total) {
        LinkedHashMap<String, String> m = LinkedHashMap.of("v", "1", "game", game, "room", room, "player", player);
        if (playerId != null) {
            m = m.put("playerId", playerId);
        }
        if (guess != null) {
            m = m.put("guess", guess);
        }
        return StreamEntry.of(GameEventCodecTest.ID, m.put("total", total).put("pct", "50").put("best", "600"));
    }

    @Test
    void theFirstBadFieldReadIsNamed() {
        String guess = GameEventCodecTest.ID.toString();
        assertThat(GuessScored.decode(scored("g1", "r1", "ada", PLAYER_ID, guess, "300")).game()).isEqualTo("g1");
        assertThat(failingField(() -> GuessScored.decode(scored("g 1", "r1", "ada", PLAYER_ID, guess, "x")))).isEqualTo("game");
        assertThat(failingField(() -> GuessScored.decode(scored("g1", "r 1", "ada", PLAYER_ID, null, "300")))).isEqualTo("room");
        assertThat(failingField(() -> GuessScored.decode(scored("g1", "r1", " ada", "nope", guess, "300")))).isEqualTo("player");
        assertThat(failingField(() -> GuessScored.decode(scored("g1", "r1", "ada", "nope", "g!", "300")))).isEqualTo("playerId");
        assertThat(failingField(() -> GuessScored.decode(scored("g1", "r1", "ada", PLAYER_ID, "g!", "300")))).isEqualTo("guess");
        assertThat(failingField(() -> GuessScored.decode(scored("g1", "r1", "ada", PLAYER_ID, null, "300")))).isEqualTo("guess");
        assertThat(failingField(() -> GuessScored.decode(scored("g1", "r1", "ada", PLAYER_ID, guess, "310")))).isEqualTo("*");
        assertThat(failingField(() -> GuessScored.decode(scored("g1", "r1", "a\u0000da", null, guess, "300")))).isEqualTo("player");
        assertThat(failingField(() -> GuessSubmitted.decode(StreamEntry.of(GameEventCodecTest.ID,
                LinkedHashMap.of("v", "1", "game", "g1", "room", "r{1}", "player", "ada", "guess", "🐙🦊"))))).isEqualTo("room");
    }
}
