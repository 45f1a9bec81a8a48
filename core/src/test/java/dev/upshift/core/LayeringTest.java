package dev.upshift.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.MachineIndependenceRules;
import dev.upshift.archrules.PureModuleRules;

/**
 * DESIGN.md section 2: core stands on the SPI and the pure modules, never on the CLI, the testkit or
 * an adapter library; of the modules' internal packages it uses only the one diff exports to it.
 */
@AnalyzeClasses(packages = "dev.upshift.core", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnSpiAndPureModulesOnly = PureModuleRules.dependsOnlyOn("dev.upshift.core..",
            "dev.upshift.spi..", "dev.upshift.release..", "dev.upshift.schedule..", "dev.upshift.diff..");

    @ArchTest
    static final ArchRule usesOnlyTheInternalsExportedToIt = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("dev.upshift..internal..").andShould().dependOnClassesThat()
            .resideOutsideOfPackage("dev.upshift.diff.internal..")
            .because("diff's module-info exports dev.upshift.diff.internal to core; no other internal package");

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);
}
