package echomq.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the Java blocks of the pages and the samples of the sources: a page's block is marked
 * {@code <!-- sample: NAME -->} on the line before its fence; a sample is the lines between
 * {@code // sample:NAME} and {@code // end:NAME} in any Java source of the project, both taken
 * without their common indentation.
 */
final class DocSamples {

    private static final Pattern FENCE = Pattern.compile("^(\\s*)```java\\s*$");
    private static final Pattern MARK = Pattern.compile("^\\s*<!--\\s*sample:\\s*([\\w.-]+)\\s*-->\\s*$");
    private static final Pattern START = Pattern.compile("^\\s*// sample:([\\w.-]+)\\s*$");

    private DocSamples() {
    }

    /** A Java block of a page: where it is, the sample it names (empty when unmarked), its lines. */
    record Block(Path page, int line, String sample, List<String> lines) {
        @Override
        public String toString() {
            return page.getFileName() + ":" + line + (sample.isEmpty() ? "" : " (" + sample + ")");
        }
    }

    /** The project's root: the directory holding docs/ and the root pom, up from this module. */
    static Path root() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("docs")) && Files.exists(p.resolve("README.md")) && Files.exists(p.resolve("pom.xml"))
                    && Files.isDirectory(p.resolve("echomq-domain"))) {
                return p;
            }
        }
        throw new IllegalStateException("no project root above " + here);
    }

    /** README.md, docs/*.md and each module's README.md. */
    static List<Path> pages(Path root) {
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            List<Path> pages = new ArrayList<>();
            pages.add(root.resolve("README.md"));
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
            try (Stream<Path> more = Files.walk(root, 3)) {
                more.filter(p -> p.getFileName().toString().equals("README.md") && !p.equals(root.resolve("README.md")))
                        .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                        .sorted().forEach(pages::add);
            }
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Java blocks of {@code page}. */
    static List<Block> blocks(Path page) {
        List<String> lines = read(page);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher fence = FENCE.matcher(lines.get(i));
            if (!fence.matches()) {
                continue;
            }
            String indent = fence.group(1);
            Matcher mark = i > 0 ? MARK.matcher(lines.get(i - 1)) : null;
            String name = mark != null && mark.matches() ? mark.group(1) : "";
            List<String> body = new ArrayList<>();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).strip().equals("```")) {
                String l = lines.get(j);
                body.add(l.startsWith(indent) ? l.substring(indent.length()) : l.strip());
                j++;
            }
            blocks.add(new Block(page, i + 1, name, dedent(body)));
            i = j;
        }
        return blocks;
    }

    /** Every sample of the project's Java sources, by name (a name twice is an error). */
    static Map<String, List<String>> samples(Path root) {
        Map<String, List<String>> samples = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/")).sorted().toList()) {
                List<String> lines = read(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher start = START.matcher(lines.get(i));
                    if (!start.matches()) {
                        continue;
                    }
                    String name = start.group(1);
                    String end = "// end:" + name;
                    List<String> body = new ArrayList<>();
                    int j = i + 1;
                    while (j < lines.size() && !lines.get(j).strip().equals(end)) {
                        body.add(lines.get(j));
                        j++;
                    }
                    if (j == lines.size()) {
                        throw new IllegalStateException(f + ":" + (i + 1) + ": sample " + name + " has no " + end);
                    }
                    if (samples.put(name, dedent(body)) != null) {
                        throw new IllegalStateException("sample " + name + " is defined twice (again in " + f + ")");
                    }
                    i = j;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return samples;
    }

    static List<String> dedent(List<String> lines) {
        int min = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return lines.stream().map(l -> l.isBlank() ? "" : l.substring(min).stripTrailing()).toList();
    }

    private static List<String> read(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
