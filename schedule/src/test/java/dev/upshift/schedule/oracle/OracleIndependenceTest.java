package dev.upshift.schedule.oracle;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The oracle is independent of what it checks: it reads rules and computes occurrences with the
 * JDK alone, never with ical4j or the schedule module's classes, so that a shared misreading cannot
 * make both agree.
 */
@AnalyzeClasses(packages = "dev.upshift.schedule.oracle", importOptions = ImportOption.OnlyIncludeTests.class)
class OracleIndependenceTest {
    @ArchTest
    static final ArchRule usesTheJdkOnly = classes().that().haveSimpleNameNotEndingWith("Test")
            .and().resideInAPackage("dev.upshift.schedule.oracle")
            .should().onlyDependOnClassesThat(JavaClass.Predicates.resideInAnyPackage("java..", "dev.upshift.schedule.oracle.."))
            .because("an oracle that shared the code under test, or its library, would share its mistakes");
}
