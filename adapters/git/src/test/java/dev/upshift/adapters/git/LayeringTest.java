package dev.upshift.adapters.git;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;

/**
 * DESIGN.md section 2: an adapter depends on core, the SPI and its own library (JGit), on no
 * other adapter; every public type says its API status; nothing depends on
 * the machine.
 */
@AnalyzeClasses(packages = "dev.upshift.adapters.git", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnCoreAndSpi = noClasses().should().dependOnClassesThat().resideInAnyPackage(
            "dev.upshift.examples..", "dev.upshift.testkit..", "dev.upshift.bench..", "dev.upshift.operator..",
            "io.fabric8..").because("the git adapter depends on core, the SPI, the pure modules and JGit");

    @ArchTest
    static final ArchRule onNoOtherAdapter = noClasses().should().dependOnClassesThat(
            resideInAPackage("dev.upshift.adapters..").and(not(resideInAPackage("dev.upshift.adapters.git.."))))
            .because("adapters stand side by side: each depends on core, the SPI and its own library");

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machine = ArchTests.in(MachineIndependenceRules.class);
}
