package dev.upshift.adapters.kubernetes;

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
 * DESIGN.md section 2: the Kubernetes adapter depends on the SPI, the pure modules and its own
 * libraries (the fabric8 client and the Jackson trees it shares with the document layer), not on core
 * and on no other adapter; every public type says its API
 * status; nothing depends on the machine.
 */
@AnalyzeClasses(packages = "dev.upshift.adapters.kubernetes", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnSpiAndPureModules = noClasses().should().dependOnClassesThat().resideInAnyPackage(
            "dev.upshift.core..", "dev.upshift.testkit..", "dev.upshift.operator..", "dev.upshift.examples..", "dev.upshift.bench..",
            "org.eclipse.jgit..", "org.postgresql..")
            .because("the Kubernetes adapter depends on the SPI, the pure modules and the fabric8 client only"
                    + " (PureModuleRules.dependsOnlyOn forbids fabric8 everywhere else)");

    @ArchTest
    static final ArchRule onNoOtherAdapter = noClasses().should().dependOnClassesThat(
            resideInAPackage("dev.upshift.adapters..").and(not(resideInAPackage("dev.upshift.adapters.kubernetes.."))))
            .because("adapters stand side by side: each depends on the SPI (and core where it needs it) and its own library");

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machine = ArchTests.in(MachineIndependenceRules.class);
}
