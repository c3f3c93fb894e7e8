package codemojex.app;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The dependency direction of DESIGN.md, checked over the main classes of every module (the app
 * module is the one that sees them all):
 * {@code app -> projections -> domain <- redis adapter}, and {@code app -> adapter}.
 */
class ArchitectureTest {

    static final JavaClasses ALL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // the modules' test-jars (fixtures, contract tests) are on this classpath too: main code only
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("echomq", "codemojex");

    @Test
    void theDomainDependsOnlyOnTheJdkAndVavr() {
        classes().that().resideInAPackage("echomq.domain..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.vavr..", "echomq.domain..")
                .check(ALL);
    }

    @Test
    void theAdapterKnowsNothingOfCodemojex() {
        noClasses().that().resideInAPackage("echomq.redis..")
                .should().dependOnClassesThat().resideInAPackage("codemojex..")
                .allowEmptyShould(true)
                .check(ALL);
    }

    @Test
    void theProjectionsDependOnTheDomainOnly() {
        noClasses().that().resideInAPackage("codemojex.projections..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.redis..", "codemojex.app..", "redis.clients..")
                .allowEmptyShould(true)
                .check(ALL);
    }

    @Test
    void theProjectionsArePure() {
        classes().that().resideInAPackage("codemojex.projections..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.vavr..", "echomq.domain..", "codemojex.projections..")
                .check(ALL);
    }

    @Test
    void nothingDependsOnTheApp() {
        noClasses().that().resideOutsideOfPackage("codemojex.app..")
                .should().dependOnClassesThat().resideInAPackage("codemojex.app..")
                .check(ALL);
    }
}
