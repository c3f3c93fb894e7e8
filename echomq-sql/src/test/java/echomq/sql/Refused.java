package echomq.sql;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The queries the subset refuses before Redis ({@code echomq/sql/refused.tsv}): malformed text and every
 * construct outside the subset, each with what its refusal must name. Shared with the command line's
 * tests through this module's test jar.
 *
 * @param construct what the message names
 * @param sql       the query
 */
public record Refused(String construct, String sql) {

    /**
     * Every refused query of the file.
     *
     * @return the queries, in the file's order
     */
    public static List<Refused> all() {
        List<Refused> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                Refused.class.getResourceAsStream("/echomq/sql/refused.tsv"), "refused.tsv"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    int tab = line.indexOf('\t');
                    out.add(new Refused(line.substring(0, tab), line.substring(tab + 1)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @Override
    public String toString() {
        return construct;
    }
}
