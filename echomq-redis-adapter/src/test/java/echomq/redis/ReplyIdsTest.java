package echomq.redis;

import echomq.domain.id.StreamId;
import echomq.testkit.Seeded;
import echomq.wire.Replies;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * An entry id read from a parser's own array ({@code EntriesConnection}, at an offset, between other
 * bytes) is the id read from a direct buffer ({@code EntriesOutput}) and the id {@link StreamId#parse}
 * reads from the text; a text that is not an id is refused the same way by all three. Seeded ids
 * over the whole range, and texts that only look like ids (signs, spaces, 19 and 20 digits, a
 * missing part, a second dash), plus the edges.
 */
class ReplyIdsTest {

    @TestFactory
    Stream<DynamicTest> everyWayOfReadingAnIdAgrees() {
        Random r = Seeded.random("ReplyIdsTest");
        List<String> texts = new ArrayList<>(List.of("0-0", "0-1", "1-0", "18446744073709551615-18446744073709551615",
                "9223372036854775807-9223372036854775807", "9223372036854775808-0", "999999999999999999-1",
                "1000000000000000000-1", "-", "1-", "-1", "1--1", "1-1-1", " 1-1", "1-1 ", "+1-1", "1-+1", "", "a-1", "1-a",
                "00000000000000000001-2"));
        String digits = "0123456789";
        for (int i = 0; i < Seeded.CASES; i++) {
            if (r.nextBoolean()) {
                texts.add(Long.toUnsignedString(r.nextLong() >>> r.nextInt(64)) + "-" + Long.toUnsignedString(r.nextLong() >>> r.nextInt(64)));
            } else {
                StringBuilder b = new StringBuilder();
                int n = r.nextInt(24);
                for (int k = 0; k < n; k++) {
                    b.append(r.nextInt(8) == 0 ? "-+ x".charAt(r.nextInt(4)) : digits.charAt(r.nextInt(10)));
                }
                texts.add(b.toString());
            }
        }
        return texts.stream().map(t -> DynamicTest.dynamicTest("\"" + t + "\"", () -> agree(t)));
    }

    private static void agree(String text) {
        Object expected = outcome(() -> StreamId.parse(text));
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        byte[] within = new byte[bytes.length + 6];
        System.arraycopy(bytes, 0, within, 3, bytes.length);
        within[0] = '9';
        within[within.length - 1] = '9'; // digits around it must not be read as its own
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 4);
        direct.put(new byte[] {'7', '-'}).put(bytes).put(new byte[] {'-', '7'});
        direct.position(2).limit(2 + bytes.length);
        assertThat(outcome(() -> Replies.streamId(within, 3, bytes.length))).isEqualTo(expected);
        assertThat(outcome(() -> Replies.streamId(direct))).isEqualTo(expected);
        assertThat(direct.position()).isEqualTo(2);
    }

    /** The id, or the refusal's type and message. */
    private static Object outcome(java.util.function.Supplier<StreamId> read) {
        Throwable t = catchThrowable(read::get);
        return t == null ? read.get() : t.getClass().getName() + ": " + t.getMessage();
    }
}
