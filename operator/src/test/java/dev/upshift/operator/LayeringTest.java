package dev.upshift.operator;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;

/** DESIGN.md section 2: every public type says its API status; nothing depends on the machine. */
@AnalyzeClasses(packages = "dev.upshift.operator", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchTests api = ArchTests.in(dev.upshift.archrules.ApiRules.class);

    @ArchTest
    static final ArchTests machine = ArchTests.in(dev.upshift.archrules.MachineIndependenceRules.class);
}
