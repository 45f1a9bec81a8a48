package dev.upshift.observe;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;

/**
 * DESIGN.md section 2: the signals stand on core (its {@code EngineObserver}) and the SPI, beside
 * the adapters, never on them or on a tool above; every public type says its API status; nothing
 * depends on the machine.
 */
@AnalyzeClasses(packages = "dev.upshift.observe", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnCoreAndSpi = noClasses().should().dependOnClassesThat().resideInAnyPackage(
            "dev.upshift.adapters..", "dev.upshift.examples..", "dev.upshift.testkit..", "dev.upshift.bench..",
            "dev.upshift.operator..", "dev.upshift.front..")
            .because("metrics and events out watch the engine through core's EngineObserver; the tools that wire"
                    + " them stand above");

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machine = ArchTests.in(MachineIndependenceRules.class);
}
