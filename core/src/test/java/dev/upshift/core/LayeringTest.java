package dev.upshift.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;
import dev.upshift.archrules.PureModuleRules;
import java.util.stream.Stream;

/**
 * DESIGN.md section 2: core stands on the SPI and the pure modules, and keeps each concern in one
 * room (docs/architecture.md). Only the embedded file adapters ({@code core.file}) and the journal
 * ({@code core.journal}) touch files, and nothing else in core knows them; the fleet's kinds,
 * selection, the planner, the simulator, the engine and presentation do no I/O; the packages form
 * no cycle; nothing depends on the machine.
 */
@AnalyzeClasses(packages = "dev.upshift.core", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    private static final String FILE_ADAPTERS = "dev.upshift.core.file..";
    private static final String JOURNAL = "dev.upshift.core.journal..";

    @ArchTest
    static final ArchRule dependsOnSpiAndPureModulesOnly = PureModuleRules.dependsOnlyOn("dev.upshift.core..",
            "dev.upshift.spi..", "dev.upshift.release..", "dev.upshift.schedule..", "dev.upshift.diff..", "dev.upshift.common..");

    @ArchTest
    static final ArchRule onlyTheFileAdaptersAndTheJournalTouchFiles = noClasses().that()
            .resideOutsideOfPackages(FILE_ADAPTERS, JOURNAL)
            .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.nio.channels..")
            .orShould().dependOnClassesThat().belongToAnyOf(java.io.File.class, java.io.FileDescriptor.class,
                    java.io.FileInputStream.class, java.io.FileOutputStream.class, java.io.FileReader.class,
                    java.io.FileWriter.class, java.io.RandomAccessFile.class)
            .because("the embedded file adapters (core.file) and the journal (core.journal) are the only packages of"
                    + " core that read or write files; the rest is handed what was read");

    @ArchTest
    static final ArchRule nothingElseKnowsTheFileAdaptersOrTheJournal = noClasses().that()
            .resideOutsideOfPackages(FILE_ADAPTERS, JOURNAL)
            .should().dependOnClassesThat().resideInAnyPackage(FILE_ADAPTERS, JOURNAL)
            .because("adapters are the outermost room: the fleet's kinds take ResourceFolders, validation takes"
                    + " FleetDocuments, the planner takes the SPI's sources, the engine the SPI's HistoryStore");

    @ArchTest
    static final ArchRule packagesFormNoCycles = PureModuleRules.packagesFormNoCycles;

    /** The rooms of docs/architecture.md's picture of core, each using only rooms below it. */
    @ArchTest
    static final ArchRule roomsAreLayered = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("select").definedBy("dev.upshift.core.select..")
            .layer("fleet").definedBy("dev.upshift.core.fleet..")
            .layer("validate").definedBy("dev.upshift.core.validate..")
            .layer("plan").definedBy("dev.upshift.core.plan..")
            .optionalLayer("engine").definedBy("dev.upshift.core.engine..")
            .layer("run").definedBy("dev.upshift.core.run..")
            .layer("simulate").definedBy("dev.upshift.core.simulate..")
            .layer("present").definedBy("dev.upshift.core.present..")
            .layer("file").definedBy(FILE_ADAPTERS)
            .optionalLayer("journal").definedBy(JOURNAL)
            .whereLayer("select").mayNotAccessAnyLayer()
            .whereLayer("fleet").mayOnlyAccessLayers("select")
            .whereLayer("validate").mayOnlyAccessLayers("select", "fleet")
            .whereLayer("plan").mayOnlyAccessLayers("select", "fleet")
            .whereLayer("engine").mayOnlyAccessLayers("select", "fleet", "plan")
            .whereLayer("run").mayOnlyAccessLayers("plan", "engine")
            .whereLayer("simulate").mayOnlyAccessLayers("select", "fleet", "plan", "engine")
            .whereLayer("present").mayOnlyAccessLayers("select", "fleet", "validate", "plan", "engine", "simulate")
            .whereLayer("file").mayOnlyAccessLayers("select", "fleet")
            .whereLayer("journal").mayNotAccessAnyLayer()
            .ensureAllClassesAreContainedInArchitectureIgnoring(JavaClass.Predicates.simpleName("package-info"))
            .because("each concern has one room, and a room uses only the rooms below it (docs/architecture.md)");

    @ArchTest
    static final ArchRule fleetKindsDoNoIo = noClasses().that().resideInAPackage("dev.upshift.core.fleet..")
            .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio..", "java.net..")
            .because("document readers are pure: resource folders are read by core.file, through ResourceFolders");

    @ArchTest
    static final ArchRule selectionIsPure = noClasses().that().resideInAPackage("dev.upshift.core.select..")
            .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio..", "java.net..",
                    "java.util.concurrent..")
            .orShould().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, Thread.class)
            .because("selection is a function of the fleet, the upgrades and the catalog");

    @ArchTest
    static final ArchRule plannerStartsNoThreads = noClasses().that().resideInAPackage("dev.upshift.core.plan..")
            .should().dependOnClassesThat().resideInAnyPackage("java.net..", "io.vavr.concurrent..")
            .orShould().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, java.time.InstantSource.class,
                    Thread.class, java.util.Timer.class, java.util.concurrent.ExecutorService.class,
                    java.util.concurrent.Executors.class, java.util.concurrent.ForkJoinPool.class,
                    java.util.concurrent.CompletableFuture.class)
            .because("the planner is a pure function of its input and an instant (its memos are thread-safe maps)");

    @ArchTest
    static final ArchRule simulationAndPresentationArePure = noClasses().that()
            .resideInAnyPackage("dev.upshift.core.simulate..", "dev.upshift.core.present..")
            .should().dependOnClassesThat().resideInAnyPackage("java.nio.channels..", "java.net..",
                    "java.util.concurrent..", "io.vavr.concurrent..")
            .orShould().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, Thread.class, java.io.InputStream.class,
                    java.io.OutputStream.class, java.io.Writer.class)
            .because("a simulation is a function of the fleet and its settings, and a rendering writes only to the"
                    + " Appendable it is handed");

    /** Like the simulator's rule: the engine runs on a virtual clock over in-memory adapters as well as for real. */
    @ArchTest
    static final ArchRule engineIsPure = noClasses().that().resideInAPackage("dev.upshift.core.engine..")
            .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio..", "java.net..",
                    "java.util.concurrent..", "io.vavr.concurrent..")
            .orShould().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, java.time.InstantSource.class,
                    Thread.class, java.util.Timer.class)
            .because("the engine's reconcile is a function of what the SPIs report and the instant it is given: it"
                    + " reaches files, history and clusters only through the SPIs, reads no clock and starts no threads")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule apiNamesNoVavrType = classes().that().arePublic()
            .should(new ArchCondition<JavaClass>("have no public member whose signature names a vavr type") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    for (JavaCodeUnit unit : type.getCodeUnits()) {
                        if (!unit.getModifiers().contains(JavaModifier.PUBLIC)) {
                            continue;
                        }
                        Stream<JavaClass> involved = Stream.concat(unit.getReturnType().getAllInvolvedRawTypes().stream(),
                                unit.getParameterTypes().stream().flatMap(p -> p.getAllInvolvedRawTypes().stream()));
                        involved.filter(c -> c.getPackageName().startsWith("io.vavr")).findFirst().ifPresent(c ->
                                events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " names " + c.getName())));
                    }
                }
            })
            .because("vavr is an implementation choice of core (the simulator's state); its API speaks java.util");

    @ArchTest
    static final ArchRule readsNoClock = PureModuleRules.readsNoClock;

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);

    @ArchTest
    static final ArchRule usesNoOtherModulesInternals = noClasses().should().dependOnClassesThat(
            JavaClass.Predicates.resideInAPackage("dev.upshift..internal..")
                    .and(JavaClass.Predicates.resideOutsideOfPackage("dev.upshift.core..")))
            .because("no module exports an internal package: what another module needs is API");
}
