package echomq.cli.output;

import io.vavr.collection.List;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** The formats on values made here: rows that come one at a time, times in a zone, numbers plain. */
class FormatTest {

    @Test
    void rowsOneAtATimeStayUnderTheirHeader() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RowSink sink = Format.TABLE.sink(new PrintStream(bytes, true, StandardCharsets.UTF_8), ZoneOffset.UTC,
                List.of("from", "entries", "sum:amount"), List.of(24, 8, 8), List.of(false, true, true));
        sink.row(Cell.obj(), List.of(Cell.time(Instant.parse("2026-12-07T10:00:00Z")), Cell.number(3), new Cell.Number(new BigDecimal("1E+3"))));
        sink.row(Cell.obj(), List.of(Cell.time(Instant.parse("2026-12-07T10:01:00Z")), Cell.number(12345), new Cell.None()));
        java.util.List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).containsExactly(
                "from                       entries  sum:amount",
                "2026-12-07T10:00:00.000Z         3        1000",
                "2026-12-07T10:01:00.000Z     12345           -");
    }

    @Test
    void jsonTimesInTheZoneAndNumbersPlain() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Cell.Obj doc = Cell.obj().with("from", Cell.time(Instant.parse("2026-12-07T10:00:00Z")))
                .with("sum", new Cell.Number(new BigDecimal("1.5E+4"))).with("min", new Cell.None());
        Format.JSON.write(new Report(doc, new Table(List.empty(), List.empty())), new PrintStream(bytes, true, StandardCharsets.UTF_8),
                ZoneId.of("Europe/Berlin"));
        assertThat(bytes.toString(StandardCharsets.UTF_8).replaceAll("\\s", ""))
                .isEqualTo("{\"from\":\"2026-12-07T11:00:00.000+01:00\",\"sum\":15000,\"min\":null}");
    }

    @Test
    void anOffsetWithSecondsIsShownWhole() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Cell.Obj doc = Cell.obj().with("from", Cell.time(Instant.parse("2026-12-07T10:00:00Z")));
        Format.JSON.write(new Report(doc, new Table(List.empty(), List.empty())), new PrintStream(bytes, true, StandardCharsets.UTF_8),
                ZoneOffset.of("+01:30:15"));
        // the local time and the offset name the same instant (an offset cut to minutes would be 15 s off)
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("2026-12-07T11:30:15.000+01:30:15");
    }
}
