package echomq.wire;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link LuaScript#run} and {@link Xgroup}: the rules both clients share, checked with no client. */
class LuaScriptRunTest {

    static final LuaScript SCRIPT = new LuaScript("t.lua", "return 1", "abc123");

    @Test
    void aCachedScriptIsRunByItsSha1Only() {
        List<String> sent = new ArrayList<>();
        Object reply = SCRIPT.run((command, script) -> {
            sent.add(command + " " + script);
            return 1L;
        });
        assertThat(reply).isEqualTo(1L);
        assertThat(sent).containsExactly("EVALSHA abc123");
    }

    @Test
    void onNoscriptTheBodyIsSentWhole() {
        List<String> sent = new ArrayList<>();
        Object reply = SCRIPT.run((command, script) -> {
            sent.add(command + " " + script);
            if (command == LuaScript.Command.EVALSHA) {
                throw new IllegalStateException("NOSCRIPT No matching script. Please use EVAL.");
            }
            return "ran";
        });
        assertThat(reply).isEqualTo("ran");
        assertThat(sent).containsExactly("EVALSHA abc123", "EVAL return 1");
    }

    @Test
    void anyOtherFailureIsThrownAsItIsAndTheBodyIsNotSent() {
        List<LuaScript.Command> sent = new ArrayList<>();
        RuntimeException refused = new IllegalStateException("WRONGTYPE Operation against a key holding the wrong kind of value");
        assertThatThrownBy(() -> SCRIPT.run((command, script) -> {
            sent.add(command);
            throw refused;
        })).isSameAs(refused);
        assertThat(sent).containsExactly(LuaScript.Command.EVALSHA);
        // a NOSCRIPT from EVAL itself is not retried again
        assertThatThrownBy(() -> SCRIPT.run((command, script) -> {
            throw new IllegalStateException("NOSCRIPT again");
        })).hasMessage("NOSCRIPT again");
    }

    @Test
    void noscriptAndBusygroupAreReadFromTheServersErrorMessage() {
        assertThat(LuaScript.isNoScript(new RuntimeException("NOSCRIPT No matching script"))).isTrue();
        assertThat(LuaScript.isNoScript(new RuntimeException("ERR NOSCRIPT"))).isFalse();
        assertThat(LuaScript.isNoScript(new RuntimeException((String) null))).isFalse();
        assertThat(LuaScript.isNoScript(null)).isFalse();
        assertThat(Xgroup.alreadyExists(new RuntimeException("BUSYGROUP Consumer Group name already exists"))).isTrue();
        assertThat(Xgroup.alreadyExists(new RuntimeException("WRONGTYPE"))).isFalse();
        assertThat(Xgroup.alreadyExists(null)).isFalse();
    }

    @Test
    void aGroupIsCreatedFromTheStartWithItsStream() {
        assertThat(Xgroup.create("emq:{cm}:guesses", "scorers")).containsExactly("CREATE", "emq:{cm}:guesses", "scorers", "0", "MKSTREAM");
        assertThatThrownBy(() -> Xgroup.create(null, "g")).isInstanceOf(NullPointerException.class);
    }
}
