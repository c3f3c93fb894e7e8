package echomq.cli.output;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The progress line, shown when told (no timing): rewritten in place, wiped at the end. */
class ProgressTest {

    @Test
    void theLineIsRewrittenInPlaceAndWipedAtTheEnd() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        AtomicLong read = new AtomicLong(1_234_567);
        Progress p = Progress.manual(err, read::get);
        p.show(Duration.ofMillis(2500));
        String first = "read 1,234,567 entries (493,826/s)";
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("\r" + first);
        read.set(7);
        p.show(Duration.ofMillis(7000));
        String second = "read 7 entries (1/s)";
        // a shorter line covers the longer one with spaces
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("\r" + first + "\r" + second + " ".repeat(first.length() - second.length()));
        bytes.reset();
        p.close();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("\r" + " ".repeat(first.length()) + "\r");
    }

    @Test
    void aReadThatShowedNothingLeavesNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = Progress.manual(new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> 5);
        p.close();
        assertThat(bytes.size()).isZero();
    }

    @Test
    void nothingReadYetShowsNoLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AtomicLong read = new AtomicLong();
        Progress p = Progress.manual(new PrintStream(bytes, true, StandardCharsets.UTF_8), read::get);
        p.show(Duration.ofMillis(5000)); // a slow handshake: no line of zeros
        assertThat(bytes.size()).isZero();
        read.set(3);
        p.show(Duration.ofMillis(6000));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("\rread 3 entries (0/s)");
    }

    @Test
    void theLineStaysAsItWasOnceTheReadHasEndedInsteadOfARateThatFalls() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AtomicLong read = new AtomicLong(1_000);
        Progress p = Progress.manual(new PrintStream(bytes, true, StandardCharsets.UTF_8), read::get);
        p.show(Duration.ofMillis(2000));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("\rread 1,000 entries (500/s)");
        // the read has ended; the answer takes seconds to build (a sort of a million keys)
        p.show(Duration.ofMillis(4000));
        p.show(Duration.ofMillis(9000));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("\rread 1,000 entries (500/s)");
        read.set(3_000);
        p.show(Duration.ofMillis(10_000));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith("\rread 3,000 entries (300/s)");
    }
}
