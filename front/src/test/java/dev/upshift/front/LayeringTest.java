package dev.upshift.front;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;

/**
 * DESIGN.md section 2: the front builder stands on core and the SPI only (no adapter, no testkit),
 * and touches no file itself: the embedded file adapters and the journal do, in core; every public
 * type says its API status; nothing depends on the machine.
 */
@AnalyzeClasses(packages = "dev.upshift.front", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnCoreAndSpi = noClasses().should().dependOnClassesThat().resideInAnyPackage(
            "dev.upshift.adapters..", "dev.upshift.examples..", "dev.upshift.testkit..", "dev.upshift.bench..",
            "dev.upshift.operator..").because("the front builder wires core's parts and the SPI's; adapters and tools"
                    + " stand above it");

    @ArchTest
    static final ArchRule touchesNoFileItself = noClasses().should().callMethodWhere(
            target(owner(resideInAnyPackage("java.nio.file..", "java.nio.channels..", "java.io.."))))
            .because("core's embedded file adapters and journal are the only code that reads or writes files; the"
                    + " front builder hands them paths");

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machine = ArchTests.in(MachineIndependenceRules.class);
}
