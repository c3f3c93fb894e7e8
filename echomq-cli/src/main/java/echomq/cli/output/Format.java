package echomq.cli.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.vavr.Tuple2;
import io.vavr.collection.List;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The three ways an answer is printed on stdout: {@link #TABLE} (aligned, for people), {@link #JSON}
 * (one document, for scripts: its shape is fixed, see {@code docs/11-command-line.md}) and
 * {@link #CSV} (RFC 4180, a header line first). Times are ISO-8601 with milliseconds in the zone
 * given (UTC: {@code 2026-12-07T10:00:00.000Z}), numbers plain decimals.
 */
public enum Format {

    /** An aligned table: a header, then a row per line; numbers right-aligned, none shown as {@code -}. */
    TABLE,
    /** One JSON document (for a command that follows a stream: one document per line). */
    JSON,
    /** Comma-separated values, a header line first; none is an empty field. */
    CSV;

    /** What separates two columns of a table. */
    static final String GAP = "  ";

    private static final JsonFactory JSON_FACTORY = JsonFactory.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    /**
     * The format {@code --format} names.
     *
     * @param text {@code table}, {@code json} or {@code csv}, any case
     * @return the format
     * @throws IllegalArgumentException naming the text and what is accepted
     */
    public static Format parse(String text) {
        for (Format f : values()) {
            if (f.name().equalsIgnoreCase(text.trim())) {
                return f;
            }
        }
        throw new IllegalArgumentException("--format must be table, json or csv, got \"" + text + "\"");
    }

    /**
     * Writes {@code report} on {@code out}.
     *
     * @param report the answer
     * @param out    stdout
     * @param zone   the zone times are shown in
     */
    public void write(Report report, PrintStream out, ZoneId zone) {
        Texts texts = new Texts(zone);
        switch (this) {
            case JSON -> out.println(json(report.document(), texts, true));
            case CSV -> {
                out.println(csvLine(report.table().columns()));
                report.table().rows().forEach(r -> out.println(csvLine(r.map(texts::csv))));
            }
            default -> table(report.table(), texts).forEach(out::println);
        }
        out.flush();
    }

    /**
     * A sink for rows that come one at a time, under {@code columns}. The table cannot know its
     * widths in advance: each column is as wide as its name or {@code widths}' guess, whichever is
     * wider, and a wider value pushes the rest of its row right.
     *
     * @param out     stdout
     * @param zone    the zone times are shown in
     * @param columns the columns' names
     * @param widths  a width per column, what its values usually take
     * @param right   per column, whether it is right-aligned (numbers), its header too
     * @return the sink
     */
    public RowSink sink(PrintStream out, ZoneId zone, List<String> columns, List<Integer> widths, List<Boolean> right) {
        Texts texts = new Texts(zone);
        List<Integer> w = columns.zipWith(widths, (c, n) -> Math.max(c.length(), n));
        boolean[] headed = {false};
        return (document, cells) -> {
            switch (this) {
                case JSON -> out.println(json(document, texts, false));
                case CSV -> {
                    if (!headed[0]) {
                        out.println(csvLine(columns));
                        headed[0] = true;
                    }
                    out.println(csvLine(cells.map(texts::csv)));
                }
                default -> {
                    if (!headed[0]) {
                        out.println(line(columns, w, right));
                        headed[0] = true;
                    }
                    out.println(line(cells.map(texts::table), w, right));
                }
            }
            out.flush();
        };
    }

    /** The table's lines: the header, then each row; each column as wide as its widest cell. */
    static List<String> table(Table t, Texts texts) {
        List<List<String>> cells = t.rows().map(r -> r.map(texts::table));
        List<Integer> widths = List.range(0, t.columns().size())
                .map(i -> cells.map(r -> r.get(i).length()).prepend(t.columns().get(i).length()).max().get());
        List<Boolean> right = List.range(0, t.columns().size()).map(t::numeric);
        return cells.map(r -> line(r, widths, right)).prepend(line(t.columns(), widths, right));
    }

    private static String line(List<String> cells, List<Integer> widths, List<Boolean> right) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(GAP);
            }
            String c = cells.get(i);
            String pad = " ".repeat(Math.max(0, widths.get(i) - c.length()));
            b.append(right.get(i) ? pad + c : c + pad);
        }
        return b.toString().stripTrailing();
    }

    private static String csvLine(List<String> cells) {
        return cells.map(Format::csvField).mkString(",");
    }

    private static String csvField(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")
                ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** The JSON text of {@code value}, indented when {@code pretty}. */
    static String json(Cell value, Texts texts, boolean pretty) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON_FACTORY.createGenerator(w)) {
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            write(g, value, texts);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, Cell v, Texts texts) throws IOException {
        if (v instanceof Cell.Text t) {
            g.writeString(t.text());
        } else if (v instanceof Cell.Time t) {
            g.writeString(texts.time(t));
        } else if (v instanceof Cell.Number n) {
            g.writeNumber(n.number());
        } else if (v instanceof Cell.Obj o) {
            g.writeStartObject();
            for (Tuple2<String, Cell> f : o.fields()) {
                g.writeFieldName(f._1);
                write(g, f._2, texts);
            }
            g.writeEndObject();
        } else if (v instanceof Cell.Arr a) {
            g.writeStartArray();
            for (Cell item : a.items()) {
                write(g, item, texts);
            }
            g.writeEndArray();
        } else {
            g.writeNull();
        }
    }

    /** How values read as text in one zone. */
    static final class Texts {
        private final DateTimeFormatter times;

        Texts(ZoneId zone) {
            this.times = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXXXX", Locale.ROOT).withZone(zone);
        }

        String time(Cell.Time t) {
            return times.format(t.instant());
        }

        String table(Cell v) {
            return v instanceof Cell.None ? "-" : csv(v);
        }

        String csv(Cell v) {
            if (v instanceof Cell.Text t) {
                return t.text();
            } else if (v instanceof Cell.Time t) {
                return time(t);
            } else if (v instanceof Cell.Number n) {
                return n.number().toPlainString();
            } else if (v instanceof Cell.None) {
                return "";
            }
            return json(v, this, false);
        }
    }
}
