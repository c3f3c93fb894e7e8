package echomq.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The packages read as a table of contents: main over the commands over the outputs, no cycle. */
class CliArchitectureTest {

    static final JavaClasses CLASSES = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("echomq.cli");

    @Test
    void thePackagesAreFreeOfCycles() {
        slices().matching("echomq.cli.(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void theOutputsKnowNeitherRedisNorTheCommandLine() {
        noClasses().that().resideInAPackage("echomq.cli.output..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.cli.command..", "picocli..", "redis..", "echomq.redis..")
                .check(CLASSES);
    }

    @Test
    void theCommandsDoNotReachBackToMain() {
        noClasses().that().resideInAPackage("echomq.cli.command..").should().dependOnClassesThat().haveFullyQualifiedName("echomq.cli.EchoMqCli")
                .check(CLASSES);
    }
}
