package echomq.domain.id;

import echomq.domain.id.Base62;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;

import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Base62, branded ids and the A1 mapping. */
class IdCodecPropertiesTest {

    static Stream<Long> values() {
        Random r = Seeded.random("IdCodecPropertiesTest.values");
        LongStream edges = LongStream.of(0, 1, 61, 62, 63, 3843, 3844, (1L << 22) - 1, 1L << 22,
                Long.MAX_VALUE - 1, Long.MAX_VALUE, 274557032793636864L);
        LongStream random = LongStream.generate(() -> r.nextBoolean() ? r.nextLong(Long.MAX_VALUE) : r.nextLong(1L << 40))
                .limit(Seeded.CASES);
        return LongStream.concat(edges, random).boxed();
    }

    static Stream<Arguments> valuePairs() {
        Random r = Seeded.random("IdCodecPropertiesTest.valuePairs");
        List<Arguments> out = new ArrayList<>(List.of(Arguments.of(0L, 1L), Arguments.of(61L, 62L),
                Arguments.of(Long.MAX_VALUE - 1, Long.MAX_VALUE), Arguments.of(5L, 5L)));
        for (int i = 0; i < Seeded.CASES; i++) {
            long a = r.nextLong(Long.MAX_VALUE);
            long b = r.nextInt(3) == 0 ? a + r.nextInt(3) - 1 : r.nextLong(Long.MAX_VALUE);
            out.add(Arguments.of(Math.max(0, a), Math.max(0, b)));
        }
        return out.stream();
    }

    @Test
    void theContractVector() {
        BrandedId id = BrandedId.parse("USR0KHTOWnGLuC");
        assertThat(id.namespace()).isEqualTo("USR");
        assertThat(id.snowflake()).isEqualTo(274557032793636864L);
        assertThat(new BrandedId("USR", 274557032793636864L).toString()).isEqualTo("USR0KHTOWnGLuC");
    }

    @Test
    void theA1MappingOfTheContractVector() {
        long flake = 274557032793636864L;
        BrandedId id = new BrandedId("EVT", flake);
        long unixMs = (flake >> 22) + 1_704_067_200_000L;
        assertThat(id.streamId()).isEqualTo(StreamId.of(unixMs, flake & 0x3FFFFF));
        assertThat(id.instant()).isEqualTo(Instant.ofEpochMilli(unixMs));
        assertThat(id.toString()).hasSize(14).startsWith("EVT");
    }

    @ParameterizedTest
    @MethodSource("values")
    void base62RoundTripsAtFixedWidth(long value) {
        String text = Base62.encode(value);
        assertThat(text).hasSize(11).matches("[0-9A-Za-z]{11}");
        assertThat(Base62.decode(text)).isEqualTo(value);
        BrandedId id = BrandedId.event(value);
        assertThat(BrandedId.parse(id.toString())).isEqualTo(id);
    }

    @ParameterizedTest
    @MethodSource("valuePairs")
    void base62TextOrderIsNumericOrder(long a, long b) {
        assertThat(Integer.signum(Base62.encode(a).compareTo(Base62.encode(b))))
                .isEqualTo(Integer.signum(Long.compare(a, b)));
    }

    @ParameterizedTest
    @MethodSource("valuePairs")
    void theA1MappingIsStrictlyMonotoneInTheSnowflake(long a, long b) {
        StreamId ia = BrandedId.event(a).streamId();
        StreamId ib = BrandedId.event(b).streamId();
        assertThat(Integer.signum(ia.compareTo(ib))).isEqualTo(Integer.signum(Long.compare(a, b)));
        assertThat(ia.seq()).isBetween(0L, StreamId.MAX_SNOWFLAKE_TAIL);
    }
}
