package codemojex.app.http;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IsoInstantTest {

    @Test
    void writesWhatInstantToStringWrites() {
        for (Instant t : new Instant[]{Instant.EPOCH, Instant.parse("2026-12-07T04:00:59.999Z"), Instant.parse("2026-12-07T04:00:00Z"),
                Instant.parse("2024-02-29T23:59:59.000001Z"), Instant.parse("2024-02-29T23:59:59.123456789Z"),
                Instant.parse("9999-12-31T23:59:59.999999999Z"), Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("1969-12-31T23:59:59.999Z"), Instant.MIN, Instant.MAX}) {
            assertEquals(t.toString(), IsoInstant.format(t));
        }
        SplittableRandom r = new SplittableRandom(47);
        for (int i = 0; i < 200_000; i++) {
            long s = r.nextLong(-1_000_000_000L, 300_000_000_000L);
            int nano = switch (i % 4) {
                case 0 -> 0;
                case 1 -> r.nextInt(1000) * 1_000_000;
                case 2 -> r.nextInt(1_000_000) * 1_000;
                default -> r.nextInt(1_000_000_000);
            };
            Instant t = Instant.ofEpochSecond(s, nano);
            assertEquals(t.toString(), IsoInstant.format(t), () -> s + "s " + nano + "ns");
        }
    }
}
