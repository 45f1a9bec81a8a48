package dev.upshift.testkit;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;
import dev.upshift.archrules.PureModuleRules;

/**
 * The testkit's SPI half stands on the SPI and the pure modules only, never on core: core's own
 * tests depend on it, and core must not reach itself through it. Its public types say their API status.
 */
@AnalyzeClasses(
        packages = {"dev.upshift.testkit.fake", "dev.upshift.testkit.oracle"},
        importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule dependsOnTheSpiOnly = PureModuleRules.dependsOnlyOn("dev.upshift.testkit..",
            "dev.upshift.spi..", "dev.upshift.release..", "dev.upshift.schedule..", "dev.upshift.diff..",
            "dev.upshift.common..");

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);
}
