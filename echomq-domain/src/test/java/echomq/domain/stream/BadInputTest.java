package echomq.domain.stream;

import echomq.domain.fold.Fold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import echomq.domain.testing.SortedMapStreamRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every refused input is refused with a message naming it, and before the port is called. */
class BadInputTest {

    static final Instant T = Instant.parse("2025-06-01T12:00:00Z");

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "1", "12", "1-", "-1", "-1-0", "1--2", "1-2-3", "+1-2", "1-+2", " 1-2", "1-2 ",
            "1 -2", "１-2", "1-２", "a-b", "1.0-2", "0x1-2", "1-9223372036854775808", "9223372036854775808-0",
            "99999999999999999999-0", "1-\u0000", "1-2\n", "*", "+", "-inf"})
    void streamIdParseRefusesAndQuotes(String text) {
        assertThatThrownBy(() -> StreamId.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"" + text + "\"");
    }

    @Test
    void streamIdParseAcceptsTheEdges() {
        assertThat(StreamId.parse("0-0")).isEqualTo(StreamId.MIN);
        assertThat(StreamId.parse("9223372036854775807-9223372036854775807")).isEqualTo(StreamId.MAX);
        assertThat(StreamId.parse("007-010")).isEqualTo(StreamId.of(7, 10));
    }

    @Test
    void streamIdOfRefusesNegativeParts() {
        assertThatThrownBy(() -> StreamId.of(-1, 0)).hasMessageContaining("ms=-1");
        assertThatThrownBy(() -> StreamId.of(0, -5)).hasMessageContaining("seq=-5");
        assertThatThrownBy(StreamId.MAX::successor).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void instantsBefore1970AreRefused() {
        Instant before = Instant.EPOCH.minusNanos(1);
        assertThatThrownBy(() -> StreamId.floor(before)).hasMessageContaining(before.toString());
        assertThatThrownBy(() -> StreamId.ceiling(Instant.MIN)).hasMessageContaining("before 1970");
        assertThatThrownBy(() -> StreamId.floor(Instant.MAX)).hasMessageContaining(Instant.MAX.toString());
    }

    static Stream<Arguments> badBrandedIds() {
        return Stream.of(
                Arguments.of("", "14 characters"),
                Arguments.of("EVT", "14 characters"),
                Arguments.of("EVT0KHTOWnGLuCX", "14 characters"),
                Arguments.of("evt0KHTOWnGLuC", "upper-case"),
                Arguments.of("EV10KHTOWnGLuC", "upper-case"),
                Arguments.of("ÉVT0KHTOWnGLu", "14 characters"),
                Arguments.of("\uD83D\uDE00", "must be 14 characters, is 1"),                     // an emoji is one character, not two
                Arguments.of("EVT0KHTOWnGLu\uD83D\uDE00", "must be 14 characters of a namespace and base62"), // 14, one of them past the BMP
                Arguments.of("EVT0KHTOWnGLu!", "outside 0-9A-Za-z"),
                Arguments.of("EVT0KHTOWn-LuC", "outside 0-9A-Za-z"),
                Arguments.of("EVTzzzzzzzzzzz", "above 2^63-1"),
                Arguments.of("EVTAzL8n0Y58m8", "above 2^63-1"));
    }

    @ParameterizedTest
    @MethodSource("badBrandedIds")
    void brandedIdParseRefusesWithAClearMessage(String text, String why) {
        assertThatThrownBy(() -> BrandedId.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"" + text + "\"")
                .hasMessageContaining(why);
    }

    @Test
    void theLargestSnowflakeIsAccepted() {
        assertThat(BrandedId.parse("EVTAzL8n0Y58m7").snowflake()).isEqualTo(Long.MAX_VALUE);
    }

    static Stream<Arguments> badNames() {
        return Stream.of(
                Arguments.of("", "s", "must not be empty"),
                Arguments.of("q", "", "must not be empty"),
                Arguments.of("a:b", "s", "':'"),
                Arguments.of("a{b", "s", "brace"),
                Arguments.of("a}b", "s", "brace"),
                Arguments.of("q", "x{y}", "brace"),
                Arguments.of("a b", "s", "whitespace"),
                Arguments.of("q", "tab\tbed", "whitespace"),
                Arguments.of("q", "crlf\r\n", "whitespace"),
                Arguments.of("nul\u0000", "s", "control character"),
                Arguments.of("q", "bell\u0007", "control character"),
                Arguments.of("q", "zw\u200Bsp", "control character"),
                Arguments.of("q", "nbsp\u00A0", "whitespace"),
                Arguments.of("x".repeat(201), "s", "201 bytes"),
                Arguments.of("q", "é".repeat(101), "202 bytes"));
    }

    @ParameterizedTest
    @MethodSource("badNames")
    void badQueueOrStreamNamesNeverReachThePort(String queue, String name, String why) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        StreamWindows windows = new StreamWindows(port);
        assertThatThrownBy(() -> StreamKey.of(queue, name)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(why);
        assertThatThrownBy(() -> windows.readWindow(queue, name, T, T, 10)).hasMessageContaining(why);
        assertThatThrownBy(() -> windows.readSince(queue, name, T, 10)).hasMessageContaining(why);
        assertThatThrownBy(() -> windows.foldWindow(StreamKey.of(queue, name), Window.since(T), Fold.of("n", 0, (a, e) -> a)))
                .hasMessageContaining(why);
        assertThat(port.calls()).isZero();
    }

    @Test
    void aColonIsFineInAStreamNameAndTheKeyHasTheHashTag() {
        assertThat(StreamKey.of("cm", "guess-scored").toString()).isEqualTo("emq:{cm}:stream:guess-scored");
        assertThat(StreamKey.of("cm", "a:b").toString()).isEqualTo("emq:{cm}:stream:a:b");
        assertThat(StreamKey.of("x".repeat(200), "s").queue()).hasSize(200);
    }

    @Test
    void anInvertedWindowNamesBothInstantsAndNeverReachesThePort() {
        SortedMapStreamRange port = new SortedMapStreamRange();
        StreamWindows windows = new StreamWindows(port);
        Instant t1 = T.minusMillis(1);
        assertThatThrownBy(() -> Window.closed(T, t1))
                .hasMessageContaining(T.toString()).hasMessageContaining(t1.toString());
        assertThatThrownBy(() -> windows.readWindow("q", "s", T, t1, 10))
                .hasMessageContaining(T.toString()).hasMessageContaining(t1.toString());
        assertThatThrownBy(() -> windows.readSince("q", "s", Instant.EPOCH.minusSeconds(1), 10))
                .hasMessageContaining("before 1970");
        assertThat(port.calls()).isZero();
        assertThat(Window.closed(T, T).upper()).contains(StreamId.ceiling(T));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void aCountOrPageSizeBelowOneNeverReachesThePort(int count) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        StreamWindows windows = new StreamWindows(port);
        assertThatThrownBy(() -> windows.readWindow("q", "s", T, T, count)).hasMessageContaining("count must be > 0, got " + count);
        assertThatThrownBy(() -> windows.readSince("q", "s", T, count)).hasMessageContaining("got " + count);
        assertThatThrownBy(() -> windows.foldWindow(StreamKey.of("q", "s"), Window.since(T), Fold.of("n", 0, (a, e) -> a), count))
                .hasMessageContaining("page size must be > 0, got " + count);
        assertThat(port.calls()).isZero();
    }
}
