package dev.upshift.schedule;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.ApiRules;
import dev.upshift.archrules.MachineIndependenceRules;
import dev.upshift.archrules.PureModuleRules;

/**
 * DESIGN.md sections 2 and 9: the schedule module is pure, stands on common only, and no result of
 * it depends on the machine's default locale, time zone or charset. (The build also runs this
 * module's tests under two default locales and zones; see its pom.)
 */
@AnalyzeClasses(packages = "dev.upshift.schedule", importOptions = ImportOption.DoNotIncludeTests.class)
class PurityTest {
    @ArchTest
    static final ArchTests pureModule = ArchTests.in(PureModuleRules.class);

    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);

    @ArchTest
    static final ArchTests machineIndependent = ArchTests.in(MachineIndependenceRules.class);

    @ArchTest
    static final ArchRule dependsOnCommonOnly = PureModuleRules.dependsOnlyOn("dev.upshift.schedule..", "dev.upshift.common..");
}
