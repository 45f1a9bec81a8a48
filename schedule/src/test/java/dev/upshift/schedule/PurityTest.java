package dev.upshift.schedule;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** DESIGN.md section 2: the schedule module is pure. */
@AnalyzeClasses(packages = "dev.upshift.schedule", importOptions = ImportOption.DoNotIncludeTests.class)
class PurityTest {

    @ArchTest
    static final ArchRule opensNoFilesOrSockets = noClasses()
            .should().dependOnClassesThat().belongToAnyOf(java.io.File.class, java.io.FileInputStream.class,
                    java.io.FileOutputStream.class, java.io.FileReader.class, java.io.FileWriter.class,
                    java.io.RandomAccessFile.class, java.nio.file.Files.class, java.nio.file.Paths.class,
                    java.nio.file.FileSystems.class, ProcessBuilder.class)
            .orShould().dependOnClassesThat().resideInAnyPackage("java.net..", "java.nio.channels..", "java.sql..")
            .because("pure modules only parse what they are handed");

    @ArchTest
    static final ArchRule readsNoClock = noClasses()
            .should().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, java.time.InstantSource.class)
            .orShould().callMethodWhere(describe("now() of java.time",
                    (JavaCall<?> call) -> call.getName().equals("now")
                            && call.getTargetOwner().getPackageName().equals("java.time")))
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .because("time is a parameter in pure modules");

    @ArchTest
    static final ArchRule startsNoThreads = noClasses()
            .should().dependOnClassesThat().belongToAnyOf(Thread.class, java.util.Timer.class,
                    java.util.concurrent.ExecutorService.class, java.util.concurrent.Executors.class,
                    java.util.concurrent.ForkJoinPool.class, java.util.concurrent.CompletableFuture.class)
            .because("pure modules start no threads");

    @ArchTest
    static final ArchRule readsNoEnvironment = noClasses()
            .should().callMethod(System.class, "getenv")
            .orShould().callMethod(System.class, "getenv", String.class)
            .because("pure modules are configured by their callers");

    @ArchTest
    static final ArchRule usesNoTimeZoneRegistry = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("net.fortuna.ical4j.model.component..",
                    "net.fortuna.ical4j.data..", "net.fortuna.ical4j.agent..")
            .orShould().dependOnClassesThat().haveSimpleNameStartingWith("TimeZoneRegistry")
            .orShould().dependOnClassesThat().haveSimpleNameStartingWith("TimeZoneLoader")
            .because("recurrences expand in local time with java.time zones, so ical4j never loads (or fetches) zone data");

    @ArchTest
    static final ArchRule dependsOnNothingAbove = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("dev.upshift.release..", "dev.upshift.spi..",
                    "dev.upshift.core..", "dev.upshift.testkit..", "dev.upshift.examples..",
                    "io.fabric8..", "org.eclipse.jgit..")
            .because("schedule depends only on diff, ical4j and the JDK");
}
