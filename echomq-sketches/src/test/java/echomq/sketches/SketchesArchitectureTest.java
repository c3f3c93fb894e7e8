package echomq.sketches;

import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The sketches are folds, as pure as the domain's: the JDK, Vavr, HdrHistogram and the domain only,
 * nothing of the engine or an adapter, no I/O, thread or lock, and no static state that changes. A
 * text-spelled fold answers for itself: no code asks which kind of fold it has ({@code instanceof}
 * a fold type), no state is an {@code Object[]}, and every fold type is in the registry.
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

    /** No code does {@code x instanceof F} for a fold type {@code F} other than its own class: each fold answers for itself. */
    static final ArchRule NO_SWITCH_OVER_FOLD_KINDS = classes().should(new ArchCondition<JavaClass>("ask no object whether it is a kind of fold") {
        @Override
        public void check(JavaClass c, ConditionEvents events) {
            for (JavaCodeUnit unit : c.getCodeUnits()) {
                for (InstanceofCheck check : unit.getInstanceofChecks()) {
                    JavaClass type = check.getRawType();
                    if (type.isAssignableTo(Aggregate.class) && !type.equals(c)) {
                        events.add(SimpleConditionEvent.violated(check, c.getName() + "." + unit.getName() + " does instanceof "
                                + type.getSimpleName() + " (" + check.getSourceCodeLocation() + "): a fold kind asked from outside"));
                    }
                }
            }
        }
    });

    /** No field holds an {@code Object[]}: a fold's state is typed, each fold's beside it. */
    static final ArchRule NO_OBJECT_ARRAY_STATE = fields().should().notHaveRawType(Object[].class)
            .because("each fold owns a typed accumulator; an Object[] of parts is the dispatch #55 removed");

    @Test
    void noCodeAsksWhichKindOfFoldItHasAndNoStateIsAnObjectArray() {
        NO_SWITCH_OVER_FOLD_KINDS.check(SKETCHES);
        NO_OBJECT_ARRAY_STATE.check(SKETCHES);
    }

    @Test
    void theFoldRulesFailOnAPlantedOffender() {
        JavaClasses planted = new ClassFileImporter().importClasses(PlantedKindSwitch.class);
        assertThatThrownBy(() -> NO_SWITCH_OVER_FOLD_KINDS.check(planted)).hasMessageContaining("PlantedKindSwitch")
                .hasMessageContaining("Sum");
        assertThatThrownBy(() -> NO_OBJECT_ARRAY_STATE.check(planted)).hasMessageContaining("parts");
    }

    /** What #55 found in AggregateState: an instanceof chain over an Object[] of parts. Compiled only to be caught. */
    static final class PlantedKindSwitch {
        private final Object[] parts = new Object[1];

        String kind(Aggregate<?> a) {
            return a instanceof Sum ? "sum " + parts.length : "other";
        }
    }

    @Test
    void everyFoldTypeIsInTheRegistry() throws Exception {
        java.util.List<Aggregate.Kind> declared = new java.util.ArrayList<>();
        java.util.List<String> kindless = new java.util.ArrayList<>();
        for (JavaClass c : SKETCHES) {
            java.util.List<Aggregate.Kind> own = new java.util.ArrayList<>();
            for (java.lang.reflect.Field f : Class.forName(c.getName()).getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.getType() == Aggregate.Kind.class) {
                    f.setAccessible(true);
                    own.add((Aggregate.Kind) f.get(null));
                }
            }
            if (c.isAssignableTo(Aggregate.class) && !c.isInterface() && own.isEmpty()) {
                kindless.add(c.getSimpleName());
            }
            declared.addAll(own);
        }
        assertThat(kindless).as("fold types that declare no Aggregate.Kind").isEmpty();
        assertThat(Aggregates.KINDS.toJavaList()).as("the registry is every kind declared, each once").containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void theRulesAboveSeeTheSketches() {
        assertThat(SKETCHES.contain(Quantiles.class)).isTrue();
        assertThat(SKETCHES.contain(DistinctState.class)).isTrue();
    }
}
