package echomq.docs;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every Java block of every page is a sample that compiles: marked with the sample's name, and
 * line for line the sample's text in a compiled source (so a page cannot drift from the API, nor a
 * sample from its page); every sample is shown on some page.
 */
class DocSamplesTest {

    static final Path ROOT = DocSamples.root();
    static final Map<String, List<String>> SAMPLES = DocSamples.samples(ROOT);

    static Stream<DocSamples.Block> blocks() {
        return DocSamples.pages(ROOT).stream().flatMap(p -> DocSamples.blocks(p).stream());
    }

    @TestFactory
    Stream<DynamicTest> eachJavaBlockIsItsCompiledSample() {
        return blocks().map(b -> DynamicTest.dynamicTest(b.toString(), () -> {
            assertThat(b.sample()).as("%s: a ```java block needs <!-- sample: NAME --> on the line before it, naming a"
                    + " '// sample:NAME' region of a compiled source", b).isNotEmpty();
            assertThat(SAMPLES).as("%s: no source has // sample:%s", b, b.sample()).containsKey(b.sample());
            assertThat(b.lines()).as("%s differs from its sample", b).containsExactlyElementsOf(SAMPLES.get(b.sample()));
        }));
    }

    @Test
    void theProjectsPagesHaveJavaBlocks() {
        assertThat(blocks().count()).as("pages scanned from %s", ROOT).isGreaterThanOrEqualTo(12);
        assertThat(DocSamples.pages(ROOT)).contains(ROOT.resolve("README.md"), ROOT.resolve("docs/01-getting-started.md"));
    }

    @Test
    void everySampleIsShownOnAPage() {
        Set<String> shown = new HashSet<>();
        blocks().forEach(b -> shown.add(b.sample()));
        assertThat(SAMPLES.keySet()).as("samples no page shows").isSubsetOf(shown);
    }

    @Test
    void aChangedLineIsADifference() {
        List<String> sample = SAMPLES.get("front-page");
        assertThat(sample).isNotNull().isNotEmpty();
        List<String> changed = new java.util.ArrayList<>(sample);
        changed.set(0, changed.get(0) + " ");
        assertThat(DocSamples.dedent(changed)).isEqualTo(sample); // trailing space is not a difference
        changed.set(0, changed.get(0).replace("connect", "konnect"));
        assertThat(DocSamples.dedent(changed)).isNotEqualTo(sample);
    }
}
