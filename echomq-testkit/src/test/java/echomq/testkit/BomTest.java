package echomq.testkit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The BOM names every library module of the build (each {@code echomq-*} module that ships a jar),
 * at the build's version, so a service that imports it gets all of them in step. {@code echomq-cli}
 * is a program (a shaded jar run with {@code java -jar}), not a library a service depends on.
 */
class BomTest {

    static List<String> all(Pattern p, String text) {
        Matcher m = p.matcher(text);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void theBomNamesEveryLibraryModuleAtTheBuildsVersion() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String parent = Files.readString(root.resolve("pom.xml"));
        String bom = Files.readString(root.resolve("echomq-bom/pom.xml"));
        String modulesBlock = parent.substring(parent.indexOf("<modules>"), parent.indexOf("</modules>"));
        List<String> library = all(Pattern.compile("<module>(echomq-[a-z-]+)</module>"), modulesBlock).stream()
                .filter(m -> !m.equals("echomq-bom") && !m.equals("echomq-cli"))
                .toList();
        assertThat(library).contains("echomq-domain", "echomq-engine", "echomq-redis-adapter", "echomq-testkit");
        String managed = bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));
        assertThat(all(Pattern.compile("<artifactId>([^<]+)</artifactId>"), managed)).containsExactlyInAnyOrderElementsOf(library);
        String version = all(Pattern.compile("<version>([^<$]+)</version>"), parent.substring(0, parent.indexOf("<packaging>"))).get(0);
        assertThat(bom).contains("<version>" + version + "</version>");
        assertThat(bom).doesNotContain("<parent>");
    }
}
