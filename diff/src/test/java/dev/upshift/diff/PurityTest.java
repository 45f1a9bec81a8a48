package dev.upshift.diff;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;
import dev.upshift.archrules.PureModuleRules;

/** DESIGN.md section 2: the document layer is pure and stands on common only. */
@AnalyzeClasses(packages = "dev.upshift.diff", importOptions = ImportOption.DoNotIncludeTests.class)
class PurityTest {
    @ArchTest
    static final ArchTests pureModule = ArchTests.in(PureModuleRules.class);

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);

    @ArchTest
    static final ArchRule dependsOnCommonOnly = PureModuleRules.dependsOnlyOn("dev.upshift.diff..", "dev.upshift.common..");
}
