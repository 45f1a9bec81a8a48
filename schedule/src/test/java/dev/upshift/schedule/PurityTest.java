package dev.upshift.schedule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import dev.upshift.archrules.PureModuleRules;

/** DESIGN.md section 2: the schedule module is pure and stands on diff only. */
@AnalyzeClasses(packages = "dev.upshift.schedule", importOptions = ImportOption.DoNotIncludeTests.class)
class PurityTest {
    @ArchTest
    static final ArchTests pureModule = ArchTests.in(PureModuleRules.class);

    @ArchTest
    static final ArchRule usesNoTimeZoneRegistry = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("net.fortuna.ical4j.model.component..",
                    "net.fortuna.ical4j.data..", "net.fortuna.ical4j.agent..")
            .orShould().dependOnClassesThat().haveSimpleNameStartingWith("TimeZoneRegistry")
            .orShould().dependOnClassesThat().haveSimpleNameStartingWith("TimeZoneLoader")
            .because("recurrences expand in local time with java.time zones, so ical4j never loads (or fetches) zone data");

    @ArchTest
    static final ArchRule readsIcal4jConfigurationInOnePlace = noClasses()
            .that().doNotHaveSimpleName("Ical4jConfiguration")
            .should().dependOnClassesThat().haveFullyQualifiedName("net.fortuna.ical4j.util.Configurator")
            .because("ical4j's configuration is process-wide state; Ical4jConfiguration says why it is read at all");

    @ArchTest
    static final ArchRule dependsOnDiffOnly = PureModuleRules.dependsOnlyOn("dev.upshift.schedule..", "dev.upshift.diff..");
}
