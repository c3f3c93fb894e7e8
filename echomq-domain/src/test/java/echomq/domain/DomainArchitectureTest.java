package echomq.domain;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The domain is pure: the JDK (without I/O) and Vavr only. */
class DomainArchitectureTest {

    static final JavaClasses DOMAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("echomq.domain");

    @Test
    void dependsOnlyOnTheJdkVavrAndItself() {
        classes().should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "io.vavr..", "echomq.domain..")
                .check(DOMAIN);
    }

    @Test
    void usesNoIo() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("java.io..", "java.net..", "java.nio.channels..", "java.nio.file..", "java.sql..",
                        "java.rmi..", "java.net.http..")
                .because("the domain holds decisions; the adapters do the I/O")
                .check(DOMAIN);
    }
}
