package echomq.sql;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL module sits over the engine and the sketches and knows no adapter; Calcite is its parser
 * and is seen by the parse package alone; its packages read as a table of contents, each over the
 * ones before it: result, model, parse; fold, plan, execute; the entry point.
 */
class SqlArchitectureTest {

    static final JavaClasses SQL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("echomq.sql");

    @Test
    void dependsOnTheDomainTheEngineTheSketchesAndCalciteOnly() {
        classes().should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "io.vavr..", "echomq.domain..", "echomq.engine..", "echomq.sketches..", "echomq.sql..",
                        "org.apache.calcite..")
                .because("a library module over the engine and the sketches: no adapter, no client, no framework")
                .check(SQL);
    }

    @Test
    void onlyTheParserSeesCalcite() {
        noClasses().that().resideOutsideOfPackage("echomq.sql.parse..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.calcite..")
                .because("the query is validated and translated on the module's own model, whatever parsed it")
                .check(SQL);
    }

    @Test
    void thePackagesAreLayeredAndFreeOfCycles() {
        slices().matching("echomq.sql.(*)..").should().beFreeOfCycles().check(SQL);
        noClasses().that().resideInAPackage("echomq.sql.result..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.sql.model..", "echomq.sql.parse..", "echomq.sql.fold..",
                        "echomq.sql.plan..", "echomq.sql.execute..")
                .check(SQL);
        noClasses().that().resideInAPackage("echomq.sql.model..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.sql.parse..", "echomq.sql.fold..", "echomq.sql.plan..",
                        "echomq.sql.execute..", "echomq.engine..")
                .check(SQL);
        noClasses().that().resideInAnyPackage("echomq.sql.parse..", "echomq.sql.fold..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.sql.plan..", "echomq.sql.execute..", "echomq.engine..")
                .check(SQL);
        noClasses().that().resideInAPackage("echomq.sql.plan..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.sql.execute..", "echomq.sql.parse..", "echomq.engine..")
                .check(SQL);
        noClasses().that().resideInAPackage("echomq.sql.execute..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.sql.parse..")
                .check(SQL);
        noClasses().that().resideInAPackage("echomq.sql.(*)..")
                .should().dependOnClassesThat().haveFullyQualifiedName(EchoSql.class.getName())
                .check(SQL);
    }

    @Test
    void noThreadOrLockAndNoStaticStateThatChanges() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("java.util.concurrent..", "java.io..", "java.net..")
                .orShould().dependOnClassesThat().areAssignableTo(Thread.class)
                .because("the engine runs and waits; the module plans and folds")
                .check(SQL);
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields().that().areStatic().should().beFinal().check(SQL);
    }

    @Test
    void theRulesAboveSeeTheModule() {
        assertThat(SQL.contain(EchoSql.class)).isTrue();
        assertThat(SQL.contain(echomq.sql.parse.SqlText.class)).isTrue();
        assertThat(SQL.contain(echomq.sql.fold.AggregateFolds.class)).isTrue();
        assertThat(SQL.contain(echomq.sql.execute.Execution.class)).isTrue();
    }
}
