package echomq.sketches;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sketches are folds, as pure as the domain's: the JDK, Vavr, HdrHistogram and the domain only,
 * nothing of the engine or an adapter, no I/O, thread or lock, and no static state that changes.
 */
class SketchesArchitectureTest {

    static final JavaClasses SKETCHES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("echomq.sketches");

    @Test
    void dependsOnlyOnTheJdkVavrHdrHistogramAndTheDomain() {
        classes().should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "io.vavr..", "org.HdrHistogram..", "echomq.domain..", "echomq.sketches..")
                .check(SKETCHES);
    }

    @Test
    void usesNoIoThreadOrLock() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("java.io..", "java.net..", "java.nio.channels..", "java.nio.file..", "java.util.concurrent..")
                .orShould().dependOnClassesThat().areAssignableTo(Thread.class)
                .because("a fold is a pure step: the engine runs, caches and waits")
                .check(SKETCHES);
        fields().that().areStatic().should().beFinal().check(SKETCHES);
    }

    @Test
    void theRulesAboveSeeTheSketches() {
        assertThat(SKETCHES.contain(Quantiles.class)).isTrue();
        assertThat(SKETCHES.contain(DistinctState.class)).isTrue();
    }
}
