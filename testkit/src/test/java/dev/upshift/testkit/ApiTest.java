package dev.upshift.testkit;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import dev.upshift.archrules.ApiRules;

/** The testkit is a library jar like the others: its public types say their API status. */
@AnalyzeClasses(packages = "dev.upshift.testkit", importOptions = ImportOption.DoNotIncludeTests.class)
class ApiTest {
    @ArchTest
    static final ArchTests api = ArchTests.in(ApiRules.class);
}
