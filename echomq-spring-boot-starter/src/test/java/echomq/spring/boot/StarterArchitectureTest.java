package echomq.spring.boot;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter sits above the library: nothing of the library knows Spring or the starter, and only
 * one class of the starter touches Jedis 8 or the Jedis adapter, so an application on Lettuce (or
 * with Jedis 7) never loads either.
 */
class StarterArchitectureTest {

    static final JavaClasses ALL = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("echomq");

    @Test
    void theLibraryKnowsNeitherSpringNorTheStarter() {
        assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage("echomq.spring.boot"))).hasSizeGreaterThan(5);
        assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage("echomq.engine..", "echomq.lettuce..",
                "echomq.redis..", "echomq.micrometer..", "echomq.domain.."))).hasSizeGreaterThan(50);
        noClasses().that().resideOutsideOfPackage("echomq.spring..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.spring..", "org.springframework..")
                .check(ALL);
    }

    @Test
    void onlyJedisEchoMqConnectionTouchesJedisOrItsAdapter() {
        noClasses().that().resideInAPackage("echomq.spring..").and().doNotHaveSimpleName("JedisEchoMqConnection")
                .should().dependOnClassesThat().resideInAnyPackage("redis.clients..", "echomq.redis..")
                .check(ALL);
    }
}
