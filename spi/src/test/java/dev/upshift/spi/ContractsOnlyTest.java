package dev.upshift.spi;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;

/** STYLE.md item 2: the spi module holds interfaces, records, enums and sealed outcomes only. */
@AnalyzeClasses(packages = "dev.upshift.spi", importOptions = ImportOption.DoNotIncludeTests.class)
class ContractsOnlyTest {
    @ArchTest
    static final ArchTests contractsOnly = ArchTests.in(SpiRules.class);
}
