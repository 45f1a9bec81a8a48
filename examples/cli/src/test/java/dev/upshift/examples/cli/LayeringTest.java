package dev.upshift.examples.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.MachineIndependenceRules;

/**
 * The CLI is the first tool built on Upshift and uses only what any embedding tool can: the
 * modules' exported API, never a package named {@code internal}, nor the testkit or benchmarks.
 */
@AnalyzeClasses(packages = "dev.upshift.examples.cli", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule usesApiOnly = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("dev.upshift..internal..", "dev.upshift.testkit..", "dev.upshift.bench..")
            .because("an embedding tool sees only the exported API; what the CLI needs from an internal"
                    + " package belongs in the API");

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);
}
