package echomq.lettuce;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/** The Lettuce adapter stands beside the Jedis one: it knows the domain, the wire format and Lettuce, never Jedis or its adapter. */
class LettuceArchitectureTest {

    static final JavaClasses LETTUCE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("echomq.lettuce", "echomq.wire");

    @Test
    void theLettuceAdapterNeverReachesForJedisOrItsAdapter() {
        assertThat(LETTUCE.that(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage("echomq.lettuce"))).hasSizeGreaterThan(5);
        noClasses().that().resideInAPackage("echomq.lettuce..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.redis..", "redis.clients..")
                .check(LETTUCE);
    }

    @Test
    void theWireFormatKnowsNoClient() {
        classes().that().resideInAPackage("echomq.wire..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.vavr..", "echomq.domain..", "echomq.wire..")
                .check(LETTUCE);
    }
}
