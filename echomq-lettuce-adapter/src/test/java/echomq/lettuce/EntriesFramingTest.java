package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.testkit.Seeded;
import echomq.testkit.XrangeReplies;
import echomq.wire.XrangeReply;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link EntriesOutput#frame} as {@link XrangeCommandHandler} calls it: on the event loop's
 * cumulating buffer, bytes arriving in pieces of any size with the next replies' bytes behind them.
 * It takes the reply and not one byte more, says whole only at the reply's last byte, and leaves an
 * error reply, untouched, to Lettuce's parser. That a connection of ours reads its pages this way is
 * {@link LettuceRangePagesTest}'s.
 */
class EntriesFramingTest {

    private static final long SEED = Seeded.seed("EntriesFramingTest");

    @TestFactory
    Stream<DynamicTest> aReplyInPiecesIsTakenToItsLastByteAndTheNextRepliesAreLeft() {
        Random random = new Random(SEED);
        ReplyBytes[] pair = {new ReplyBytes("orders"), new ReplyBytes("orders")}; // filled in turn, as a paging read does
        return IntStream.range(0, Math.max(50, Seeded.CASES / 4)).mapToObj(i -> {
            XrangeReplies.Reply reply = XrangeReplies.draw(random);
            int piece = 1 + random.nextInt(random.nextBoolean() ? 16 : 200_000);
            boolean followed = random.nextBoolean();
            ReplyBytes into = pair[i % 2];
            return DynamicTest.dynamicTest("reply " + i + " of " + reply.entries().size() + " entries, pieces of " + piece
                    + (followed ? ", then another reply" : ""), () -> readBack(into, reply, piece, followed));
        });
    }

    @Test
    void anErrorReplyIsLeftWholeToLettucesParser() {
        ByteBuf in = Unpooled.copiedBuffer("-WRONGTYPE Operation against a key\r\n", StandardCharsets.US_ASCII);
        EntriesOutput out = new EntriesOutput(new ReplyBytes("orders"));
        assertThat(out.frame(in)).isEqualTo(EntriesOutput.Framing.NOT_FRAMED);
        assertThat(in.readerIndex()).isZero();
        assertThat(out.frame(in)).as("and stays Lettuce's").isEqualTo(EntriesOutput.Framing.NOT_FRAMED);
        assertThat(new EntriesOutput(new ReplyBytes("orders")).frame(Unpooled.EMPTY_BUFFER)).isEqualTo(EntriesOutput.Framing.PART);
    }

    @Test
    void bytesThatAreNotAnXrangeReplyFailTheReadNamingTheStream() {
        ByteBuf in = Unpooled.copiedBuffer("*1\r\n:7\r\n", StandardCharsets.US_ASCII);
        EntriesOutput out = new EntriesOutput(new ReplyBytes("orders"));
        assertThatThrownBy(() -> out.frame(in)).isInstanceOf(XrangeReply.Malformed.class).hasMessageContaining("orders").hasMessageContaining("':'");

        ReplyBytes shape = new ReplyBytes("orders");
        EntriesOutput framed = new EntriesOutput(shape);
        assertThat(framed.frame(Unpooled.copiedBuffer("*1\r\n*2\r\n$3\r\n1-0\r\n$1\r\na\r\n", StandardCharsets.US_ASCII)))
                .isEqualTo(EntriesOutput.Framing.WHOLE);
        assertThat(framed.malformed()).contains("orders").contains("fields that are not an array");
        assertThat(shape.size()).isZero();
        assertThat(shape.entries()).isEmpty();

        EntriesOutput badId = new EntriesOutput(new ReplyBytes("orders"));
        badId.frame(Unpooled.copiedBuffer("*1\r\n*2\r\n$6\r\nfive-3\r\n*0\r\n", StandardCharsets.US_ASCII));
        assertThat(badId.malformed()).isNull();
        assertThatThrownBy(() -> badId.get().lastId()).isInstanceOf(IllegalStateException.class).hasMessageContaining("five-3");
        assertThatThrownBy(() -> badId.get().entries()).isInstanceOf(IllegalStateException.class).hasMessageContaining("five-3");
    }

    private static void readBack(ReplyBytes into, XrangeReplies.Reply reply, int piece, boolean followed) {
        byte[] resp = reply.resp();
        byte[] next = followed ? "$4\r\nnext\r\n+OK\r\n".getBytes(StandardCharsets.US_ASCII) : new byte[0];
        byte[] wire = new byte[resp.length + next.length];
        System.arraycopy(resp, 0, wire, 0, resp.length);
        System.arraycopy(next, 0, wire, resp.length, next.length);
        ByteBuf in = Unpooled.buffer(); // the handler's cumulating buffer: what is not taken stays in it
        EntriesOutput out = new EntriesOutput(into);
        int sent = 0;
        EntriesOutput.Framing framing = EntriesOutput.Framing.PART;
        while (framing == EntriesOutput.Framing.PART) {
            assertThat(sent).as("never whole").isLessThan(wire.length);
            int n = Math.min(piece, wire.length - sent);
            in.writeBytes(wire, sent, n);
            sent += n;
            framing = out.frame(in);
            if (framing == EntriesOutput.Framing.PART) {
                assertThat(in.isReadable()).as("a part is taken whole").isFalse();
                assertThat(sent).as("not whole with its last byte in").isLessThan(resp.length);
            }
        }
        assertThat(framing).isEqualTo(EntriesOutput.Framing.WHOLE);
        assertThat(in.readableBytes()).as("the bytes after the reply are left").isEqualTo(sent - resp.length);
        assertThat(in.toString(StandardCharsets.US_ASCII)).isEqualTo(new String(wire, resp.length, sent - resp.length, StandardCharsets.US_ASCII));
        assertThat(out.malformed()).isNull();
        ReplyBytes got = out.get();
        assertThat(got.size()).isEqualTo(reply.entries().size());
        assertThat(got.lastId().map(StreamId::toString).toJavaOptional()).isEqualTo(reply.lastId());
        reply.assertReadAs(got.entries());
    }
}
