package codemojex.projections;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Memo}: computed once per text, bounded, never keeping a refusal. */
class MemoTest {

    @Test
    void aTextIsComputedOnceAndItsAnswerShared() {
        AtomicInteger calls = new AtomicInteger();
        Memo<StringBuilder> memo = new Memo<>(10, t -> {
            calls.incrementAndGet();
            return new StringBuilder(t);
        });
        assertThat(memo.known("a")).isEmpty();
        StringBuilder first = memo.get("a");
        assertThat(memo.get("a")).isSameAs(first);
        assertThat(memo.known("a").get()).isSameAs(first);
        assertThat(calls).hasValue(1);
    }

    @Test
    void aRefusedTextIsNeverKeptAndNullIsHandedToTheFunction() {
        Memo<Integer> memo = new Memo<>(10, t -> {
            if (t == null || t.isEmpty()) {
                throw new IllegalArgumentException("refused: " + t);
            }
            return t.length();
        });
        assertThatThrownBy(() -> memo.get("")).hasMessage("refused: ");
        assertThat(memo.known("")).isEmpty();
        assertThatThrownBy(() -> memo.get(null)).hasMessage("refused: null");
        assertThat(memo.known(null)).isEmpty();
    }

    @Test
    void pastItsBoundItForgetsAndStartsOver() {
        AtomicInteger calls = new AtomicInteger();
        Memo<Integer> memo = new Memo<>(3, t -> calls.incrementAndGet());
        for (String t : new String[] {"a", "b", "c"}) {
            memo.get(t);
        }
        assertThat(memo.known("a").isDefined()).isTrue();
        memo.get("d"); // a fourth: the three are forgotten, the fourth kept
        assertThat(memo.known("a")).isEmpty();
        assertThat(memo.known("d").isDefined()).isTrue();
        memo.get("a");
        assertThat(calls).hasValue(5);
        assertThatThrownBy(() -> new Memo<>(0, t -> t)).hasMessage("a memo keeps at least 1 answer, got 0");
    }

    @Test
    void aPlayerNameThatIsNoneIsRefusedAsANameNotAsANull() {
        assertThatThrownBy(() -> PlayerIds.ofName(null)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("player");
    }
}
