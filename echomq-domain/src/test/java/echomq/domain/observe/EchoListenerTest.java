package echomq.domain.observe;

import echomq.domain.stream.StreamKey;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** Listeners combined, and spans that never break the work they observe. */
class EchoListenerTest {

    static final StreamKey KEY = StreamKey.of("q", "s");

    /** A listener that writes what it hears and which spans it opens, failed and closed. */
    record Recording(String name, List<String> log) implements EchoListener {
        @Override
        public void on(EchoEvent event) {
            log.add(name + " heard " + event.getClass().getSimpleName());
        }

        @Override
        public EchoSpan begin(EchoSpan.Operation operation, String projection, StreamKey stream) {
            log.add(name + " opened " + projection);
            return new EchoSpan() {
                @Override
                public void failed(Throwable error) {
                    log.add(name + " failed " + error.getMessage());
                }

                @Override
                public void close() {
                    log.add(name + " closed " + projection);
                }
            };
        }
    }

    @Test
    void bothListenersHearEveryEventAndTheirSpansNestInOrder() {
        List<String> log = new ArrayList<>();
        EchoListener both = new Recording("a", log).and(new Recording("b", log));

        EchoListener.tell(both, new EchoEvent.Evicted());
        try (EchoSpan span = EchoListener.open(both, EchoSpan.Operation.FOLD, "board", KEY)) {
            span.failed(new IllegalStateException("boom"));
        }

        assertThat(log).containsExactly("a heard Evicted", "b heard Evicted",
                "a opened board", "b opened board", "a failed boom", "b failed boom", "b closed board", "a closed board");
    }

    @Test
    void aListenerWithoutSpansOpensNone() {
        EchoListener counting = event -> { };
        assertThat(EchoListener.open(counting, EchoSpan.Operation.FOLD, "board", KEY)).isSameAs(EchoSpan.NONE);
        assertThat(EchoListener.open(EchoListener.NONE, EchoSpan.Operation.FOLD, "board", KEY)).isSameAs(EchoSpan.NONE);
    }

    @Test
    void aSpanThatThrowsIsDroppedNotTheWorksProblem() {
        EchoListener broken = new EchoListener() {
            @Override
            public void on(EchoEvent event) {
                throw new IllegalStateException("on");
            }

            @Override
            public EchoSpan begin(EchoSpan.Operation operation, String projection, StreamKey stream) {
                return new EchoSpan() {
                    @Override
                    public void failed(Throwable error) {
                        throw new IllegalStateException("failed");
                    }

                    @Override
                    public void close() {
                        throw new IllegalStateException("close");
                    }
                };
            }
        };
        EchoListener cannotOpen = new EchoListener() {
            @Override
            public void on(EchoEvent event) {
            }

            @Override
            public EchoSpan begin(EchoSpan.Operation operation, String projection, StreamKey stream) {
                throw new IllegalStateException("begin");
            }
        };

        assertThatCode(() -> {
            try (EchoSpan span = EchoListener.open(broken.and(cannotOpen), EchoSpan.Operation.FOLD, "board", KEY)) {
                span.failed(new RuntimeException("work"));
            }
            EchoListener.tell(broken, new EchoEvent.Evicted());
        }).doesNotThrowAnyException();
        assertThat(EchoListener.open(cannotOpen, EchoSpan.Operation.FOLD, "board", KEY)).isSameAs(EchoSpan.NONE);
    }
}
