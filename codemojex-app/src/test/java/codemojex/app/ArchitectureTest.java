package codemojex.app;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The dependency direction of docs/architecture.md, checked over the main classes of every module (the app
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
                .check(ALL);
    }

    @Test
    void theProjectionsDependOnTheDomainOnly() {
        noClasses().that().resideInAPackage("codemojex.projections..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.redis..", "codemojex.app..", "redis.clients..")
                .check(ALL);
    }

    // ---- the app's own hexagon: core (services, ports, typed results) inside, adapters around it ----

    /** The app's adapters: each talks to the core, never to another adapter. */
    static final String[] ADAPTERS = {"codemojex.app.redis..", "codemojex.app.http..", "codemojex.app.cli..", "codemojex.app.worker.."};

    @Test
    void theAppCoreDependsOnNoAdapterAndNoFramework() {
        noClasses().that().resideInAPackage("codemojex.app.core..")
                .should().dependOnClassesThat().resideInAnyPackage(ADAPTERS)
                .orShould().dependOnClassesThat().resideInAnyPackage("redis.clients..", "io.javalin..", "picocli..",
                        "com.fasterxml.jackson..", "echomq.redis..", "io.lettuce..", "echomq.lettuce..", "org.eclipse.jetty..", "io.micrometer..", "echomq.micrometer..")
                .orShould().dependOnClassesThat().resideInAPackage("codemojex.app") // nor the composition root
                .check(ALL);
    }

    /** The library's metrics adapter and its Redis adapter are peers over the domain: neither knows the other. */
    @Test
    void theMetricsAdapterAndTheRedisAdapterDoNotKnowEachOther() {
        noClasses().that().resideInAPackage("echomq.micrometer..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.redis..", "redis.clients..", "codemojex..")
                .check(ALL);
        noClasses().that().resideInAPackage("echomq.redis..")
                .should().dependOnClassesThat().resideInAnyPackage("echomq.micrometer..", "io.micrometer..", "echomq.lettuce..", "io.lettuce..")
                .check(ALL);
        org.assertj.core.api.Assertions.assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates
                .resideInAPackage("echomq.micrometer.."))).isNotEmpty();
    }

    @Test
    void theAppCoreIsThere() {
        // the rules above would pass on nothing: prove the core and its ports exist where they say
        classes().that().resideInAPackage("codemojex.app.core.port.out").and().areTopLevelClasses().should().beInterfaces().check(ALL);
        org.assertj.core.api.Assertions.assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates
                .resideInAPackage("codemojex.app.core.."))).hasSizeGreaterThan(5);
    }

    @Test
    void adaptersDoNotDependOnEachOther() {
        for (String adapter : ADAPTERS) {
            String[] others = java.util.Arrays.stream(ADAPTERS).filter(a -> !a.equals(adapter)).toArray(String[]::new);
            noClasses().that().resideInAPackage(adapter)
                    .should().dependOnClassesThat().resideInAnyPackage(others)
                    .check(ALL);
        }
    }

    @Test
    void onlyTheRedisAdapterSpeaksJedis() {
        noClasses().that().resideInAPackage("codemojex.app..")
                .and().resideOutsideOfPackage("codemojex.app.redis..")
                .and().resideOutsideOfPackage("codemojex.app") // the composition root wires the client
                .should().dependOnClassesThat().resideInAnyPackage("redis.clients..")
                .check(ALL);
    }

    @Test
    void onlyTheRedisAdapterSpeaksLettuce() {
        noClasses().that().resideInAPackage("codemojex.app..")
                .and().resideOutsideOfPackage("codemojex.app.redis..")
                .should().dependOnClassesThat().resideInAnyPackage("io.lettuce..", "echomq.lettuce..")
                .check(ALL);
    }

    /**
     * The app's Redis adapters are written once, over {@code RedisCalls} and the library's ports; each
     * client is bound in a package of its own, which knows nothing of the other client. Only the
     * embedded server's keepers (they start and probe a {@code redis-server} process) speak Jedis
     * whichever client the app runs on.
     */
    @Test
    void theAppsRedisAdaptersAreClientNeutralAndEachClientBindingKeepsToItsClient() {
        noClasses().that().resideInAPackage("codemojex.app.redis")
                .and().doNotHaveSimpleName("EmbeddedRedis").and().doNotHaveSimpleName("DataDirectory")
                .should().dependOnClassesThat().resideInAnyPackage("redis.clients..", "echomq.redis..", "io.lettuce..", "echomq.lettuce..")
                .check(ALL);
        noClasses().that().resideInAPackage("codemojex.app.redis.jedis..")
                .should().dependOnClassesThat().resideInAnyPackage("io.lettuce..", "echomq.lettuce..", "codemojex.app.redis.lettuce..")
                .check(ALL);
        noClasses().that().resideInAPackage("codemojex.app.redis.lettuce..")
                .should().dependOnClassesThat().resideInAnyPackage("redis.clients..", "echomq.redis..", "codemojex.app.redis.jedis..")
                .check(ALL);
        org.assertj.core.api.Assertions.assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates
                .resideInAPackage("codemojex.app.redis.lettuce"))).isNotEmpty();
    }

    @Test
    void onlyTheWebAdapterSpeaksJavalinAndOnlyTheCliPicocli() {
        noClasses().that().resideInAPackage("codemojex.app..")
                .and().resideOutsideOfPackage("codemojex.app.http..")
                .and().resideOutsideOfPackage("codemojex.app") // Server starts the web adapter
                .should().dependOnClassesThat().resideInAnyPackage("io.javalin..")
                .check(ALL);
        noClasses().that().resideInAPackage("codemojex.app..")
                .and().resideOutsideOfPackage("codemojex.app.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("picocli..")
                .check(ALL);
    }

    @Test
    void nothingButTheCliDependsOnTheCompositionRoot() {
        noClasses().that().resideInAnyPackage("codemojex.app.core..", "codemojex.app.redis..", "codemojex.app.http..",
                        "codemojex.app.worker..")
                .should().dependOnClassesThat().resideInAPackage("codemojex.app")
                .check(ALL);
    }

    // ---- the use cases: one port.in interface per question, one service per port ----

    /** Each use case is a port of its own, an interface; each service answers one of them. */
    @Test
    void theCoreIsLaidOutByUseCase() {
        classes().that().resideInAPackage("codemojex.app.core.port.in").and().areTopLevelClasses().and().doNotHaveSimpleName("UseCases")
                .should().beInterfaces().check(ALL);
        classes().that().resideInAPackage("codemojex.app.core.service").and().areTopLevelClasses()
                .and().arePublic().and().doNotHaveSimpleName("ProjectionReads").and().doNotHaveSimpleName("GameCache")
                .and().doNotHaveSimpleName("package-info")
                .should().implement(com.tngtech.archunit.base.DescribedPredicate.describe("a use case of core.port.in",
                        (com.tngtech.archunit.core.domain.JavaClass c) -> c.getPackageName().equals("codemojex.app.core.port.in")))
                .andShould().haveSimpleNameEndingWith("Service")
                .check(ALL);
        org.assertj.core.api.Assertions.assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates
                .resideInAPackage("codemojex.app.core.port.in"))).hasSizeGreaterThanOrEqualTo(7);
    }

    /** The web and the command line ask the use cases through their ports, never a service itself. */
    @Test
    void theAdaptersAskThePortsNotTheServices() {
        noClasses().that().resideInAnyPackage("codemojex.app.http..", "codemojex.app.cli..", "codemojex.app.worker..")
                .should().dependOnClassesThat().resideInAPackage("codemojex.app.core.service..")
                .check(ALL);
    }

    /**
     * The adapters that drive the core (the web, the command line, the score worker) see it through
     * {@code core.port.in} and its values, never an outbound port, but for their own I/O: the worker's
     * input ({@code GuessInbox}, the consumer group it reads) and the lead's casts ({@code LiveCasts},
     * which the web writes and reads back for its event streams).
     */
    @Test
    void theDrivingAdaptersSeeTheCoreThroughItsInboundPorts() {
        DRIVING_ADAPTERS_SEE_NO_OUTBOUND_PORT.check(ALL);
    }

    /** The rule above fails on an adapter that reaches an outbound port: it is not vacuous. */
    @Test
    void theInboundRuleFindsAnAdapterThatReachesAnOutboundPort() {
        JavaClasses planted = new ClassFileImporter().importClasses(codemojex.app.http.PlantedOffenders.ReadsTheGameStore.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DRIVING_ADAPTERS_SEE_NO_OUTBOUND_PORT.check(planted))
                .hasMessageContaining("PlantedOffenders$ReadsTheGameStore").hasMessageContaining("core.port.out.Games");
    }

    static final com.tngtech.archunit.lang.ArchRule DRIVING_ADAPTERS_SEE_NO_OUTBOUND_PORT = noClasses()
            .that().resideInAnyPackage("codemojex.app.http..", "codemojex.app.cli..", "codemojex.app.worker..")
            .should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("an outbound port of core.port.out other than the adapter's own I/O",
                    (com.tngtech.archunit.core.domain.JavaClass c) -> c.getPackageName().equals("codemojex.app.core.port.out")
                            && !c.getName().startsWith("codemojex.app.core.port.out.GuessInbox")
                            && !c.getName().startsWith("codemojex.app.core.port.out.LiveCasts")));

    /** No main file of the app points back at a file that points at it (a pair of top-level types that depend on each other is one thing in two files). */
    @Test
    void noFileOfTheAppPointsBackAtAFileThatPointsAtIt() {
        org.assertj.core.api.Assertions.assertThat(pointingBack(ALL)).isEmpty();
    }

    /** The rule above finds two types that point at each other: it is not vacuous. */
    @Test
    void thePointingBackRuleFindsAPair() {
        JavaClasses planted = new ClassFileImporter().importClasses(codemojex.app.http.PlantedOffenders.class,
                codemojex.app.http.PlantedPair.class);
        org.assertj.core.api.Assertions.assertThat(pointingBack(planted)).contains("http.PlantedOffenders <-> http.PlantedPair");
    }

    /** Every pair of top-level types of the app (nested ones count as their top-level type) that depend on each other, as {@code a <-> b}. */
    static java.util.List<String> pointingBack(JavaClasses classes) {
        java.util.Map<String, java.util.Set<String>> to = new java.util.TreeMap<>();
        for (com.tngtech.archunit.core.domain.JavaClass c : classes) {
            if (!c.getPackageName().startsWith("codemojex.app")) {
                continue;
            }
            for (com.tngtech.archunit.core.domain.Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = topLevel(d.getTargetClass());
                if (d.getTargetClass().getPackageName().startsWith("codemojex.app") && !target.equals(topLevel(c))) {
                    to.computeIfAbsent(topLevel(c), k -> new java.util.TreeSet<>()).add(target);
                }
            }
        }
        java.util.List<String> pairs = new java.util.ArrayList<>();
        to.forEach((a, bs) -> bs.stream().filter(b -> a.compareTo(b) < 0 && to.getOrDefault(b, java.util.Set.of()).contains(a))
                .forEach(b -> pairs.add(a.replace("codemojex.app.", "") + " <-> " + b.replace("codemojex.app.", ""))));
        return pairs;
    }

    private static String topLevel(com.tngtech.archunit.core.domain.JavaClass c) {
        com.tngtech.archunit.core.domain.JavaClass t = c;
        while (t.getEnclosingClass().isPresent()) {
            t = t.getEnclosingClass().get();
        }
        return t.getName();
    }

    /**
     * Time comes from the injected {@code Clock} everywhere outside the composition root
     * ({@code Codemojex}, and the CLI's {@code Main}): no other main class reads the system's clock.
     */
    @Test
    void timeComesFromTheInjectedClock() {
        READS_THE_SYSTEM_CLOCK.check(ALL);
    }

    /** The rule above fails on a class that reads the system's clock: it is not vacuous. */
    @Test
    void theClockRuleFindsASystemClockRead() {
        JavaClasses offenders = new ClassFileImporter().importClasses(ReadsTheTime.class, ReadsTheMillis.class, ReadsTheSystemClock.class);
        for (Class<?> offender : new Class<?>[] {ReadsTheTime.class, ReadsTheMillis.class, ReadsTheSystemClock.class}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> READS_THE_SYSTEM_CLOCK.check(offenders))
                    .hasMessageContaining(offender.getName());
        }
    }

    static final com.tngtech.archunit.lang.ArchRule READS_THE_SYSTEM_CLOCK = noClasses().that().resideInAPackage("codemojex.app..")
            .and().doNotHaveFullyQualifiedName("codemojex.app.Settings")
            .should().callMethodWhere(com.tngtech.archunit.base.DescribedPredicate.describe(
                    "reads the system's clock (Instant.now(), System.currentTimeMillis(), Clock.system*, a date or time's now())",
                    (com.tngtech.archunit.core.domain.JavaMethodCall call) -> readsTheSystemClock(call.getTarget().getOwner().getName(),
                            call.getTarget().getName(), call.getTarget().getRawParameterTypes().stream().map(t -> t.getName()).toList())));

    static boolean readsTheSystemClock(String owner, String method, java.util.List<String> params) {
        if (owner.equals("java.lang.System")) {
            return method.equals("currentTimeMillis");
        }
        if (owner.equals("java.time.Clock")) {
            return method.startsWith("system");
        }
        // now(Clock) reads the clock it is given
        return owner.startsWith("java.time.") && method.equals("now") && !params.contains("java.time.Clock");
    }

    static final class ReadsTheTime {
        java.time.Instant at() {
            return java.time.Instant.now();
        }
    }

    static final class ReadsTheMillis {
        long at() {
            return System.currentTimeMillis();
        }
    }

    static final class ReadsTheSystemClock {
        java.time.LocalDate at() {
            return java.time.LocalDate.now(java.time.Clock.systemDefaultZone());
        }
    }

    /** No main file of the app writes a type fully qualified where an import would do (only a clash of simple names needs it). */
    @Test
    void noMainTypeIsWrittenFullyQualifiedWhereAnImportWouldDo() throws java.io.IOException {
        java.util.List<String> found = new java.util.ArrayList<>();
        java.nio.file.Path root = java.nio.file.Path.of("src/main/java");
        try (java.util.stream.Stream<java.nio.file.Path> sources = java.nio.file.Files.walk(root)) {
            for (java.nio.file.Path f : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                java.util.Set<String> samePackage = new java.util.HashSet<>();
                try (java.util.stream.Stream<java.nio.file.Path> siblings = java.nio.file.Files.list(f.getParent())) {
                    siblings.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java")).forEach(n -> samePackage.add(n.substring(0, n.length() - 5)));
                }
                fullyQualified(java.nio.file.Files.readString(f), samePackage).forEach(n -> found.add(root.relativize(f) + ": " + n));
            }
        }
        org.assertj.core.api.Assertions.assertThat(found).as("types written fully qualified where an import would do").isEmpty();
    }

    /** The rule above finds a type written fully qualified: it is not vacuous (and a clash of simple names is let be). */
    @Test
    void theFullyQualifiedRuleFindsAName() {
        String source = "package p;\nimport io.vavr.collection.List;\nclass A {\n  java.time.Duration d; java.util.List<String> clash; // java.time.Instant\n"
                + "  String s = \"java.time.Clock\";\n}\n";
        org.assertj.core.api.Assertions.assertThat(fullyQualified(source, java.util.Set.of("A"))).containsExactly("java.time.Duration");
    }

    private static final java.util.regex.Pattern QUALIFIED = java.util.regex.Pattern.compile(
            "(?<![\\w.])((?:codemojex|echomq|java|javax|io|org|com|redis)(?:\\.[a-z_]\\w*)+)\\.([A-Z]\\w*)");

    /** The names {@code source} writes fully qualified (outside comments, strings and its imports) that an import would do for. */
    static java.util.List<String> fullyQualified(String source, java.util.Set<String> samePackage) {
        String code = source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ").replaceAll("\"(?:\\\\.|[^\"\\\\\\n])*\"", "\"\"");
        java.util.Map<String, String> imported = new java.util.HashMap<>();
        java.util.regex.Matcher im = java.util.regex.Pattern.compile("(?m)^import\\s+([\\w.]+)\\.(\\w+);").matcher(code);
        while (im.find()) {
            imported.put(im.group(2), im.group(1) + "." + im.group(2));
        }
        java.util.Set<String> declared = new java.util.HashSet<>();
        java.util.regex.Matcher d = java.util.regex.Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z]\\w*)").matcher(code);
        while (d.find()) {
            declared.add(d.group(1));
        }
        String body = code.replaceAll("(?m)^(?:import|package)\\s[^;]*;", "");
        java.util.List<String> names = new java.util.ArrayList<>();
        java.util.regex.Matcher q = QUALIFIED.matcher(body);
        while (q.find()) {
            String simple = q.group(2);
            String full = q.group(1) + "." + simple;
            boolean clash = imported.containsKey(simple) && !imported.get(simple).equals(full) || declared.contains(simple)
                    || samePackage.contains(simple) || q.group(1).equals("java.lang");
            if (!clash) {
                names.add(full);
            }
        }
        return names;
    }

    /** The most lines a main source file of the app may have: a class past it does more than one thing. */
    static final int MAX_LINES = 300;

    @Test
    void noMainClassOfTheAppIsOverThreeHundredLines() throws java.io.IOException {
        java.util.Map<String, Long> over = new java.util.TreeMap<>();
        long files;
        try (java.util.stream.Stream<java.nio.file.Path> sources = java.nio.file.Files.walk(java.nio.file.Path.of("src/main/java"))) {
            java.util.List<java.nio.file.Path> mains = sources.filter(f -> f.toString().endsWith(".java")).toList();
            files = mains.size();
            for (java.nio.file.Path f : mains) {
                long lines;
                try (java.util.stream.Stream<String> l = java.nio.file.Files.lines(f)) {
                    lines = l.count();
                }
                if (lines > MAX_LINES) {
                    over.put(f.toString(), lines);
                }
            }
        }
        org.assertj.core.api.Assertions.assertThat(files).as("main sources found").isGreaterThan(50);
        org.assertj.core.api.Assertions.assertThat(over).as("main classes over %d lines", MAX_LINES).isEmpty();
    }

    @Test
    void theAppsSlicesAreFreeOfCycles() {
        slices().matching("codemojex.app.(*)..").should().beFreeOfCycles().check(ALL);
    }

    @Test
    void theDomainsSlicesAreFreeOfCycles() {
        slices().matching("echomq.domain.(*)..").should().beFreeOfCycles().check(ALL);
    }

    /** The name rule lives once: only the app's core (PlayerName, LogSafe) reads Unicode's tables through ICU4J. */
    @Test
    void onlyTheCoreUsesIcu() {
        noClasses().that().resideOutsideOfPackage("codemojex.app.core")
                .should().dependOnClassesThat().resideInAPackage("com.ibm.icu..")
                .check(ALL);
        classes().that().haveSimpleName("PlayerName").should().dependOnClassesThat().resideInAPackage("com.ibm.icu..")
                .check(ALL);
    }

    @Test
    void theTopLevelPackagesAreFreeOfCycles() {
        slices().matching("echomq.(*)..").should().beFreeOfCycles().check(ALL);
        slices().matching("codemojex.(*)..").should().beFreeOfCycles().check(ALL);
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

    /**
     * The library reads bottom-up as model, engine, adapters, app: the pure model
     * ({@code echomq.domain}) knows nothing above it; the engine (what holds state or runs) knows only
     * the model; the adapters know the model (and the engine at most), never the app.
     */
    @Test
    void theLibraryIsLayeredModelEngineAdaptersApp() {
        com.tngtech.archunit.library.Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("model").definedBy("echomq.domain..")
                .layer("engine").definedBy("echomq.engine..")
                .layer("sketches").definedBy("echomq.sketches..")
                .layer("adapters").definedBy("echomq.wire..", "echomq.redis..", "echomq.lettuce..", "echomq.micrometer..")
                .layer("app").definedBy("codemojex..")
                .whereLayer("app").mayNotBeAccessedByAnyLayer()
                .whereLayer("adapters").mayOnlyBeAccessedByLayers("app")
                .whereLayer("engine").mayOnlyBeAccessedByLayers("adapters", "app")
                .whereLayer("sketches").mayOnlyBeAccessedByLayers("app")
                .whereLayer("model").mayOnlyBeAccessedByLayers("engine", "sketches", "adapters", "app")
                .check(ALL);
        classes().that().resideInAPackage("echomq.engine..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.vavr..", "echomq.domain..", "echomq.engine..")
                .check(ALL);
        // beside the engine: folds over the model, knowing neither the engine nor anything above
        classes().that().resideInAPackage("echomq.sketches..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.vavr..", "echomq.domain..", "echomq.sketches..",
                        "org.HdrHistogram..")
                .check(ALL);
        org.assertj.core.api.Assertions.assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates
                .resideInAPackage("echomq.sketches.."))).isNotEmpty();
        org.assertj.core.api.Assertions.assertThat(ALL.that(com.tngtech.archunit.core.domain.JavaClass.Predicates
                .resideInAPackage("echomq.engine.."))).isNotEmpty();
    }

    @Test
    void theEnginesSlicesAreFreeOfCycles() {
        slices().matching("echomq.engine.(*)..").should().beFreeOfCycles().check(ALL);
    }
}
