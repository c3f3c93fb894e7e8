package echomq.wire;

import echomq.domain.id.StreamId;
import echomq.testkit.Seeded;
import echomq.testkit.XrangeReplies;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link XrangeReply} frames a reply from bytes that arrive in pieces of any size, says it is whole
 * at its last byte and not before, leaves the bytes after it to the replies after it, and builds the
 * entries the reply holds; bytes that are not an {@code XRANGE} reply are named.
 */
class XrangeReplyTest {

    private static final long SEED = Seeded.seed("XrangeReplyTest");

    @TestFactory
    Stream<DynamicTest> aReplyArrivingInPiecesOfAnySizeIsFramedAtItsLastByteAndReadAsWritten() {
        Random random = new Random(SEED);
        XrangeReply reader = new XrangeReply(); // one reader for every reply, as a connection has
        return IntStream.range(0, Math.max(50, Seeded.CASES / 4)).mapToObj(i -> {
            XrangeReplies.Reply reply = XrangeReplies.draw(random);
            byte[] after = random.nextBoolean() ? new byte[0] : "$3\r\nnext\r\n".getBytes(StandardCharsets.US_ASCII);
            int piece = 1 + random.nextInt(random.nextBoolean() ? 8 : 70_000);
            return DynamicTest.dynamicTest("reply " + i + " of " + reply.entries().size() + " entries, pieces of " + piece + " bytes",
                    () -> readBack(reader, reply, after, piece));
        });
    }

    /**
     * A reader that takes at most {@link XrangeReply#needs} bytes at a time, from pieces of any size,
     * ends exactly at the reply's last byte: the next reply's bytes (a pipelined request's) stay unread.
     */
    @TestFactory
    Stream<DynamicTest> readingWhatTheReplyNeedsNeverTakesAByteOfTheNextReply() {
        Random random = new Random(SEED + 1);
        XrangeReply reader = new XrangeReply();
        return IntStream.range(0, Math.max(50, Seeded.CASES / 4)).mapToObj(i -> {
            XrangeReplies.Reply reply = XrangeReplies.draw(random);
            XrangeReplies.Reply next = XrangeReplies.draw(random);
            int piece = 1 + random.nextInt(random.nextBoolean() ? 8 : 70_000);
            return DynamicTest.dynamicTest("reply " + i + " of " + reply.entries().size() + " entries, pieces of " + piece + " bytes", () -> {
                byte[] resp = reply.resp();
                byte[] wire = Arrays.copyOf(resp, resp.length + next.resp().length);
                System.arraycopy(next.resp(), 0, wire, resp.length, next.resp().length);
                reader.start("orders");
                int taken = 0;
                while (!reader.scan()) {
                    int needs = reader.needs();
                    assertThat(needs).as("needs while not whole").isPositive();
                    int n = Math.min(Math.min(piece, needs), wire.length - taken);
                    System.arraycopy(wire, taken, reader.room(n), reader.length(), n);
                    reader.wrote(n);
                    taken += n;
                    assertThat(taken).as("bytes taken, after reading %d of %d needed", n, needs).isLessThanOrEqualTo(resp.length);
                }
                assertThat(reader.needs()).isZero();
                assertThat(taken).isEqualTo(resp.length);
                assertThat(reader.end()).isEqualTo(resp.length);
                reader.check();
                reply.assertReadAs(reader.entries());
            });
        });
    }

    @Test
    void aValueLargerThanTheFirstBufferGrowsIt() {
        XrangeReply reader = new XrangeReply();
        readBack(reader, XrangeReplies.oneLargeValue(300_000), new byte[0], 4096);
        readBack(reader, XrangeReplies.oneLargeValue(10), new byte[0], 1); // and a small one after it
    }

    @Test
    void bytesThatAreNotAnXrangeReplyAreNamedWithTheStream() {
        assertMalformed("+OK\r\n", "'+'");
        assertMalformed("-ERR wrong\r\n", "'-'");
        assertMalformed("*1\r\n:5\r\n", "':'");
        assertMalformed("*x\r\n", "a length with 'x'");
        assertMalformed("*12345678901\r\n", "a length with '1'");
        assertMalformed("*1\n", "a length with '\n'");
        assertMalformed("*1\r\r", "not a length and CRLF");
        assertMalformed("*1\r\n$3\r\nabcXY", "not ended by CRLF");
        assertChecked("$3\r\nabc\r\n", "a bulk string where entries belong");
        assertChecked("$-1\r\n", "a nil bulk string");
        assertChecked("*1\r\n*3\r\n$3\r\n1-0\r\n*0\r\n*0\r\n", "not an id and its fields");
        assertChecked("*1\r\n*2\r\n*0\r\n*0\r\n", "an entry id that is not a bulk string");
        assertChecked("*1\r\n*2\r\n$42\r\n" + "1".repeat(42) + "\r\n*0\r\n", "at most 41 bytes");
        assertChecked("*1\r\n*2\r\n$3\r\n1-0\r\n$1\r\na\r\n", "fields that are not an array");
        assertChecked("*1\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$1\r\na\r\n$-1\r\n", "a nil or an array among");
        assertChecked("*1\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$1\r\na\r\n*0\r\n", "a nil or an array among");
    }

    @Test
    void anIdThatIsNotOneIsRefusedNamingTheStream() {
        XrangeReply reader = feed("*1\r\n*2\r\n$6\r\nfive-3\r\n*0\r\n");
        assertThat(reader.scan()).isTrue();
        assertThatThrownBy(reader::check).isInstanceOf(IllegalStateException.class).isNotInstanceOf(XrangeReply.Malformed.class)
                .hasMessageContaining("orders").hasMessageContaining("five-3");
    }

    @Test
    void entriesAreBuiltOnceAfterACheckAndAReplyNotWholeIsNotChecked() {
        XrangeReply reader = new XrangeReply();
        reader.start("orders");
        byte[] part = "*1\r\n*2\r\n$3\r\n1-0".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(part, 0, reader.room(part.length), 0, part.length);
        reader.wrote(part.length);
        assertThat(reader.scan()).isFalse();
        assertThatThrownBy(reader::check).isInstanceOf(IllegalStateException.class).hasMessageContaining("not arrived whole");
        reader = feed("*1\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$1\r\na\r\n$1\r\nx\r\n");
        assertThat(reader.scan()).isTrue();
        assertThat(reader.check()).contains(StreamId.of(1, 0));
        assertThat(reader.entries()).extracting(e -> e.field("a").get()).containsExactly("x");
        assertThat(reader.size()).isZero();
        assertThatThrownBy(reader::entries).isInstanceOf(IllegalStateException.class).hasMessageContaining("orders");
    }

    @Test
    void badRoomAndWriteCountsAreRefused() {
        XrangeReply reader = new XrangeReply();
        reader.start("orders");
        assertThatThrownBy(() -> reader.room(-1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        int size = reader.room(0).length;
        assertThatThrownBy(() -> reader.wrote(size + 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(String.valueOf(size + 1));
        assertThatThrownBy(() -> reader.wrote(-2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-2");
    }

    private static void readBack(XrangeReply reader, XrangeReplies.Reply reply, byte[] after, int piece) {
        byte[] resp = reply.resp();
        byte[] wire = Arrays.copyOf(resp, resp.length + after.length);
        System.arraycopy(after, 0, wire, resp.length, after.length);
        reader.start("orders");
        int sent = 0;
        boolean whole = false;
        while (!whole) {
            assertThat(sent).as("the reply was whole before it was seen whole").isLessThan(wire.length);
            int n = Math.min(piece, wire.length - sent);
            byte[] into = reader.room(n);
            System.arraycopy(wire, sent, into, reader.length(), n);
            reader.wrote(n);
            sent += n;
            whole = reader.scan();
            if (!whole) {
                assertThat(sent).as("said not whole with the last byte in").isLessThan(resp.length);
            }
        }
        assertThat(sent).as("said whole before its last byte").isGreaterThanOrEqualTo(resp.length);
        assertThat(reader.end()).as("where the reply ends").isEqualTo(resp.length);
        assertThat(reader.check().map(StreamId::toString).toJavaOptional()).isEqualTo(reply.lastId());
        assertThat(reader.size()).isEqualTo(reply.entries().size());
        reply.assertReadAs(reader.entries());
    }

    private static XrangeReply feed(String text) {
        XrangeReply reader = new XrangeReply();
        reader.start("orders");
        byte[] b = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, reader.room(b.length), 0, b.length);
        reader.wrote(b.length);
        return reader;
    }

    private static void assertMalformed(String text, String named) {
        XrangeReply reader = feed(text);
        assertThatThrownBy(reader::scan).as(text).isInstanceOf(XrangeReply.Malformed.class)
                .hasMessageContaining("orders").hasMessageContaining(named);
    }

    private static void assertChecked(String text, String named) {
        XrangeReply reader = feed(text);
        assertThat(reader.scan()).as(text).isTrue();
        assertThatThrownBy(reader::check).as(text).isInstanceOf(XrangeReply.Malformed.class)
                .hasMessageContaining("orders").hasMessageContaining(named);
    }
}
