package dev.upshift.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

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
 * DESIGN.md section 2: core stands on the SPI and the pure modules; reading documents and selecting
 * clusters is pure (files are read in {@code core.files} alone), and nothing depends on the machine.
 */
@AnalyzeClasses(packages = "dev.upshift.core", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnSpiAndPureModulesOnly = PureModuleRules.dependsOnlyOn("dev.upshift.core..",
            "dev.upshift.spi..", "dev.upshift.release..", "dev.upshift.schedule..", "dev.upshift.diff..", "dev.upshift.common..");

    @ArchTest
    static final ArchRule selectionIsPure = noClasses().that().resideInAPackage("dev.upshift.core.select..")
            .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio..", "java.net..",
                    "java.util.concurrent..", "dev.upshift.core.file..")
            .orShould().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, Thread.class)
            .because("selection is a function of the fleet, the upgrades and the catalog");

    @ArchTest
    static final ArchRule simulationAndReportsArePure = noClasses().that()
            .resideInAnyPackage("dev.upshift.core.simulate..", "dev.upshift.core.present..")
            .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.nio.channels..", "java.net..",
                    "java.util.concurrent..", "io.vavr.concurrent..", "dev.upshift.core.file..")
            .orShould().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, Thread.class, java.io.File.class,
                    java.io.FileOutputStream.class, java.io.FileWriter.class, java.io.InputStream.class)
            .because("a simulation is a function of the fleet and its settings, and a report writes only to the"
                    + " Appendable it is handed");

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
    static final ArchRule readersDoNoIo = noClasses().that().resideInAPackage("dev.upshift.core.fleet")
            .should().dependOnClassesThat().belongToAnyOf(java.nio.file.Files.class, java.nio.file.Path.class,
                    java.io.File.class, java.io.InputStream.class)
            .because("document readers are pure: resource folders are read by core.file, through ResourceFolders");

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
