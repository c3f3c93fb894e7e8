package echomq.domain;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The domain is the pure model: the JDK (without I/O) and Vavr only, and nothing that runs or
 * holds what it computed: no thread, executor, scheduler, lock, synchronized method or cache.
 * What does (the caching reader, followers, live values, the retention driver) is {@code echomq-engine}.
 */
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

    @Test
    void startsNoThreadAndTakesNoLock() {
        noClasses().should().dependOnClassesThat().areAssignableTo(Thread.class)
                .orShould().dependOnClassesThat().areAssignableTo(java.util.concurrent.Executor.class)
                .orShould().dependOnClassesThat().areAssignableTo(java.util.Timer.class)
                .orShould().dependOnClassesThat().resideInAnyPackage("java.util.concurrent.locks..")
                .because("the model decides; the engine runs and waits")
                .check(DOMAIN);
        // a port may answer later: CompletableFuture is the one future it names, as a value
        noClasses().should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe(
                        "concurrent classes other than atomics and CompletableFuture",
                        (com.tngtech.archunit.core.domain.JavaClass c) -> c.getPackageName().equals("java.util.concurrent")
                                && !c.isEquivalentTo(java.util.concurrent.CompletableFuture.class)
                                && !c.isEquivalentTo(java.util.concurrent.CompletionException.class)))
                .because("a concurrent map or queue in the model is a cache or a hand-off: both belong to the engine")
                .check(DOMAIN);
    }

    @Test
    void hasNoSynchronizedMethodAndNoStaticMutableState() {
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods()
                .should().haveModifier(com.tngtech.archunit.core.domain.JavaModifier.SYNCHRONIZED)
                .check(DOMAIN);
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields().that().areStatic()
                .should().beFinal()
                .because("a static field that changes is a cache or a global")
                .check(DOMAIN);
    }

    @Test
    void theRulesAboveSeeTheModel() {
        org.assertj.core.api.Assertions.assertThat(DOMAIN.containPackage("echomq.domain.window")).isTrue();
        org.assertj.core.api.Assertions.assertThat(DOMAIN.size()).isGreaterThan(40);
    }
}
