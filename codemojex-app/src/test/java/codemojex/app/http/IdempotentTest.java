package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.GameSettledException;
import codemojex.app.core.NameTakenException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.UnauthorizedException;
import echomq.domain.stream.StreamStoreException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which failures let an {@code Idempotency-Key} go (a retry runs again) and which keep it held to
 * its lease's end: only a refusal decided before anything was written lets it go.
 */
class IdempotentTest {

    @Test
    void aRefusalBeforeAnyWriteLetsTheKeyGoAndAnythingElseMayHaveWritten() {
        assertThat(Idempotent.mayHaveWritten(new BadInputException("room", "bad"))).isFalse();
        assertThat(Idempotent.mayHaveWritten(new NotFoundException("no such game"))).isFalse();
        assertThat(Idempotent.mayHaveWritten(new UnauthorizedException("no session"))).isFalse();
        assertThat(Idempotent.mayHaveWritten(new NameTakenException("G1", "ann"))).isFalse();
        assertThat(Idempotent.mayHaveWritten(new GameSettledException("G1"))).isFalse();
        assertThat(Idempotent.mayHaveWritten(new StreamStoreException.OutOfMemory("k", "OOM", null))).isFalse();
        assertThat(Idempotent.mayHaveWritten(new StreamStoreException.WritesRefused("k", "MISCONF", null))).isFalse();

        assertThat(Idempotent.mayHaveWritten(new StreamStoreException.Unavailable("k", "connection reset", null)))
                .as("a store gone mid-write").isTrue();
        assertThat(Idempotent.mayHaveWritten(new StreamStoreException("k", "unknown", null))).isTrue();
        assertThat(Idempotent.mayHaveWritten(new IllegalStateException("a bug"))).isTrue();
    }
}
