package dev.upshift.archrules;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.stream.Stream;

/**
 * DESIGN.md section 2, the rules every pure module (common, diff, schedule, release-model) keeps. Each
 * module's {@code PurityTest} includes them with {@code ArchTests.in(PureModuleRules.class)} and
 * adds {@link #dependsOnlyOn} for its place in the dependency graph. Shared through the unpublished test-support module.
 */
public final class PureModuleRules {
    private static final List<String> ALL_MODULES = List.of("dev.upshift.common..", "dev.upshift.diff..", "dev.upshift.schedule..",
            "dev.upshift.release..", "dev.upshift.spi..", "dev.upshift.core..", "dev.upshift.testkit..",
            "dev.upshift.adapters..", "dev.upshift.operator..", "dev.upshift.examples..", "dev.upshift.bench..");

    private PureModuleRules() {}

    @ArchTest
    public static final ArchRule opensNoFilesOrSockets = noClasses()
            .should().dependOnClassesThat().belongToAnyOf(java.io.File.class, java.io.FileInputStream.class,
                    java.io.FileOutputStream.class, java.io.FileReader.class, java.io.FileWriter.class,
                    java.io.RandomAccessFile.class, java.nio.file.Files.class, java.nio.file.Paths.class,
                    java.nio.file.FileSystems.class, ProcessBuilder.class)
            .orShould().dependOnClassesThat().resideInAnyPackage("java.net..", "java.nio.channels..", "java.sql..")
            .because("pure modules only parse what they are handed");

    @ArchTest
    public static final ArchRule readsNoResources = noClasses()
            .should().callMethodWhere(describe("a resource lookup of Class or ClassLoader",
                    (JavaCall<?> call) -> (call.getTargetOwner().isEquivalentTo(Class.class)
                            || call.getTargetOwner().isAssignableTo(ClassLoader.class))
                            && (call.getName().startsWith("getResource") || call.getName().startsWith("getSystemResource"))))
            .because("pure modules parse only what they are handed; bundled data is a constant");

    @ArchTest
    public static final ArchRule readsNoClock = noClasses()
            .should().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, java.time.InstantSource.class)
            .orShould().callMethodWhere(describe("now() of java.time",
                    (JavaCall<?> call) -> call.getName().equals("now")
                            && call.getTargetOwner().getPackageName().equals("java.time")))
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .because("time is a parameter in pure modules");

    @ArchTest
    public static final ArchRule startsNoThreads = noClasses()
            .should().dependOnClassesThat().belongToAnyOf(Thread.class, java.util.Timer.class,
                    java.util.concurrent.ExecutorService.class, java.util.concurrent.Executors.class,
                    java.util.concurrent.ForkJoinPool.class, java.util.concurrent.CompletableFuture.class)
            .because("pure modules start no threads");

    @ArchTest
    public static final ArchRule readsNoEnvironment = noClasses()
            .should().callMethod(System.class, "getenv")
            .orShould().callMethod(System.class, "getenv", String.class)
            .because("pure modules are configured by their callers");

    @ArchTest
    public static final ArchRule packagesFormNoCycles = slices().matching("dev.upshift.(**)")
            .should().beFreeOfCycles()
            .because("a package that needs another which needs it back cannot be understood, moved or split alone");

    /**
     * No class depends on an Upshift module other than its own and {@code allowed}, nor on an
     * adapter library (fabric8, JGit).
     *
     * @param own the module's own package pattern, e.g. {@code "dev.upshift.schedule.."}
     * @param allowed the package patterns of the Upshift modules it may use
     */
    public static ArchRule dependsOnlyOn(String own, String... allowed) {
        List<String> allowedList = Stream.concat(Stream.of(own), Stream.of(allowed)).toList();
        String[] forbidden = Stream.concat(ALL_MODULES.stream().filter(m -> !allowedList.contains(m)),
                Stream.of("io.fabric8..", "org.eclipse.jgit..",
                "io.micrometer..", "io.cloudevents..")).toArray(String[]::new);
        return noClasses().should().dependOnClassesThat().resideInAnyPackage(forbidden)
                .because(own + " may depend only on " + (allowed.length == 0 ? "the JDK and its libraries"
                        : String.join(", ", allowed)));
    }
}
