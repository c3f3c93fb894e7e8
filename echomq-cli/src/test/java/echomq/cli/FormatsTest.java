package echomq.cli;

import echomq.cli.output.Progress;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The table and CSV formats, parsed back: the same values as the JSON document, aligned, quoted. */
class FormatsTest extends CliTest {

    static final String RANGE_FROM = "2023-11-14T22:13:20Z";
    static final String RANGE_TO = "2023-11-14T22:20:00Z";

    @BeforeAll
    static void write() {
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        String[] users = {"ann", "bob,the builder", "c\"q\"", "dee"};
        for (int i = 0; i < 40; i++) {
            ids.add((1_700_000_000_000L + i * 9_000L) + "-0");
            fields.add(LinkedHashMap.of("amount", Integer.toString(i * 37 % 1000), "user", users[i % 4]));
        }
        cli.xadd("orders:formats", ids, fields);
    }

    @Test
    void csvIsTheJsonDocumentsValuesWithAHeader() {
        String[] args = {"series", "--stream", "orders:formats", "--from", RANGE_FROM, "--to", RANGE_TO, "--bucket", "2m",
                "--fold", "count,sum:amount,min:amount,distinct:user"};
        var json = ok(append(args, "--format", "json")).json().get("buckets");
        List<String> lines = ok(append(args, "--format", "csv")).out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("from,to,entries,count,sum:amount,min:amount,distinct:user,"
                + "skipped(sum:amount),skipped(min:amount),skipped(distinct:user)");
        assertThat(lines).hasSize(json.size() + 1);
        for (int i = 0; i < json.size(); i++) {
            List<String> cells = Arrays.asList(lines.get(i + 1).split(",", -1));
            var b = json.get(i);
            assertThat(cells).containsExactly(b.get("from").asText(), b.get("to").asText(), b.get("entries").asText(),
                    b.get("count").asText(), b.get("sum:amount").decimalValue().toPlainString(),
                    b.get("min:amount").isNull() ? "" : b.get("min:amount").decimalValue().toPlainString(), b.get("distinct:user").asText(),
                    b.get("skipped").get("sum:amount").asText(), b.get("skipped").get("min:amount").asText(),
                    b.get("skipped").get("distinct:user").asText());
        }
    }

    @Test
    void csvQuotesAFieldWithACommaOrAQuote() {
        List<String> lines = ok("window", "--stream", "orders:formats", "--from", RANGE_FROM, "--to", RANGE_TO, "--fold", "count",
                "--by", "user", "--format", "csv").out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("user,entries,count");
        assertThat(lines.subList(1, lines.size())).containsExactly("ann,10,10", "\"bob,the builder\",10,10", "\"c\"\"q\"\"\",10,10", "dee,10,10");
    }

    @Test
    void theTableIsAligned() {
        String out = ok("series", "--stream", "orders:formats", "--from", RANGE_FROM, "--to", RANGE_TO, "--bucket", "2m",
                "--fold", "count,sum:amount,min:amount").out();
        List<String> lines = out.lines().toList();
        String header = lines.get(0);
        assertThat(header.split(" {2,}")).containsExactly("from", "to", "entries", "count", "sum:amount", "min:amount",
                "skipped(sum:amount)", "skipped(min:amount)");
        // text columns start where their header starts; numeric ones end where theirs ends
        int toAt = header.indexOf("to ");
        for (String l : lines.subList(1, lines.size())) {
            assertThat(l.substring(0, 24)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
            assertThat(l.charAt(toAt - 1)).isEqualTo(' ');
            assertThat(l.substring(toAt, toAt + 24)).matches("\\d{4}-.*Z");
            for (String numeric : List.of("entries", "count", "sum:amount", "min:amount", "skipped(sum:amount)", "skipped(min:amount)")) {
                int end = header.indexOf(numeric) + numeric.length();
                assertThat(l.length()).isGreaterThanOrEqualTo(end);
                assertThat(l.charAt(end - 1)).as("%s in %s", numeric, l).isNotEqualTo(' ');
                assertThat(end == l.length() || l.charAt(end) == ' ').as("%s ends at its header's end in %s", numeric, l).isTrue();
            }
        }
        assertThat(out).doesNotContain("\r");
    }

    @Test
    void theProgressLineSaysEntriesAndRate() {
        assertThat(Progress.line(1_234_567, Duration.ofMillis(2500))).isEqualTo("read 1,234,567 entries (493,826/s)");
    }

    private static String[] append(String[] args, String... more) {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.addAll(Arrays.asList(more));
        return all.toArray(String[]::new);
    }
}
