package dev.upshift.common;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;
import dev.upshift.archrules.PureModuleRules;

/** DESIGN.md section 2: the ground module is pure and the bottom of the dependency graph. */
@AnalyzeClasses(packages = "dev.upshift.common", importOptions = ImportOption.DoNotIncludeTests.class)
class PurityTest {
    @ArchTest
    static final ArchTests pureModule = ArchTests.in(PureModuleRules.class);

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);

    @ArchTest
    static final ArchRule dependsOnNothingAbove = PureModuleRules.dependsOnlyOn("dev.upshift.common..");
}
