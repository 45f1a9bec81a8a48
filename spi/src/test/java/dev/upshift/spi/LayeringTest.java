package dev.upshift.spi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;
import dev.upshift.archrules.PureModuleRules;

/**
 * DESIGN.md section 2: the SPI stands on the three pure modules only, does no I/O, reads no clock,
 * starts no threads and logs nothing: it holds contracts, and adapters do the work.
 */
@AnalyzeClasses(packages = "dev.upshift.spi", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnPureModulesOnly = PureModuleRules.dependsOnlyOn("dev.upshift.spi..",
            "dev.upshift.release..", "dev.upshift.schedule..", "dev.upshift.diff..", "dev.upshift.common..");

    @ArchTest
    static final ArchRule usesNoInternals = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("dev.upshift..internal..")
            .because("types in a package named internal are not API, and the SPI is API");

    @ArchTest
    static final ArchRule doesNoIo = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("java.io..", "java.nio..", "java.net..", "java.sql..", "java.util.concurrent..")
            .orShould().dependOnClassesThat().belongToAnyOf(ProcessBuilder.class, Runtime.class, Thread.class)
            .because("the SPI describes I/O that adapters do; it does none itself");

    @ArchTest
    static final ArchRule readsNoClock = PureModuleRules.readsNoClock;

    @ArchTest
    static final ArchRule readsNoEnvironment = PureModuleRules.readsNoEnvironment;

    @ArchTest
    static final ArchRule logsNothing = noClasses().should().dependOnClassesThat().resideInAnyPackage("org.slf4j..")
            .because("contracts have nothing to log; the engine logs what adapters do");

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);
}
