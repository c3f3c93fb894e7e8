package echomq.docs;

import echomq.sketches.Aggregate;
import echomq.sketches.Aggregates;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line's page lists exactly the kinds of fold the library registers
 * ({@link Aggregates#KINDS}), in its order: a kind added in code is a row there, and a row there is
 * a kind the code knows.
 */
class FoldKindsDocTest {

    static final String MARK = "<!-- fold kinds:";

    /** The first column of the table after the mark: the spellings, without their backticks. */
    static List<String> rows(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int at = 0;
        while (at < lines.size() && !lines.get(at).startsWith(MARK)) {
            at++;
        }
        assertThat(at).as("%s has a line starting %s", page, MARK).isLessThan(lines.size());
        List<String> spellings = new ArrayList<>();
        for (int i = at + 3; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String cell = lines.get(i).split("\\|")[1].trim();
            assertThat(cell).as("row %d of %s", i + 1, page).startsWith("`").endsWith("`");
            spellings.add(cell.substring(1, cell.length() - 1));
        }
        return spellings;
    }

    @Test
    void theCommandLinesPageListsExactlyTheRegisteredKinds() throws IOException {
        List<String> registered = Aggregates.KINDS.map(Aggregate.Kind::spelling).toJavaList();
        assertThat(rows(DocSamples.root().resolve("docs/11-command-line.md"))).containsExactlyElementsOf(registered);
        assertThat(registered).as("the registry").hasSizeGreaterThanOrEqualTo(7);
    }
}
