package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.upshift.testkit.fleet.FleetBuilder;
import dev.upshift.testkit.fleet.TestFleet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forecast is the run (issue 36, item 2), on random fleets: clusters with values of their own
 * (a configuration the release upgrade publishes with it), drifted and customised resources, and
 * either drift policy. {@code simulate} and {@code run --virtual-clock} (the files world: the
 * publisher edits the files, the journal, the simulated probe) start and end the same hops of the
 * same clusters at the same instants, with the same outcomes.
 */
class SimulateAgreesWithRunTest {
    private static final Instant FROM = Instant.parse("2026-12-14T09:00:00Z");
    private static final Instant UNTIL = Instant.parse("2027-01-11T09:00:00Z");

    @TempDir
    Path dir;

    @Test
    @DisplayName("random fleets with values and drift: simulate and run --virtual-clock record the same hops at the same instants")
    void agree() {
        int[] withValues = {0};
        qt().withExamples(12).forAll(longs().all()).checkAssert(seed -> {
            Random r = new Random(seed);
            Path fleet;
            try {
                fleet = Files.createTempDirectory(dir, "fleet");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            fleet(r).writeTo(fleet);
            withValues[0] += countValues(fleet);
            long failures = r.nextInt(3);
            double rate = failures * 0.2;
            List<String> simulated = TimeLapseAgreesWithSimulateTest.simulated(fleet, FROM, UNTIL, seed, rate);
            List<String> journaled = TimeLapseAgreesWithSimulateTest.ran(fleet, FROM, UNTIL, seed, rate);
            assertThat(journaled).as("seed %d", seed).containsExactlyInAnyOrderElementsOf(simulated);
        });
        assertThat(withValues[0]).as("clusters with values of their own among the examples").isPositive();
    }

    private static int countValues(Path fleet) {
        try (var files = Files.walk(fleet)) {
            return (int) files.filter(f -> f.toString().endsWith(".yaml")).filter(f -> {
                try {
                    return Files.readString(f).contains("values:");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One to five clusters on 1.0.0, some with values, some drifted or customised, staged dev then prod. */
    private static TestFleet fleet(Random r) {
        FleetBuilder b = TestFleet.builder()
                .release("1.0.0", x -> x.channel("stable").kubernetes("1.29.4")
                        .defaults("KubeadmControlPlane", "{spec: {version: v1.29.4}}")
                        .defaults("AWSMachineTemplate", "{spec: {template: {spec: {instanceType: m5.large}}}}"))
                .release("1.1.0", x -> x.channel("stable").kubernetes("1.30.2").upgradesFrom(">=1.0.0 <1.1.0")
                        .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}")
                        .defaults("AWSMachineTemplate", "{spec: {template: {spec: {instanceType: m6i.large}}}}")
                        .fieldRule("KubeadmControlPlane", "spec.version", "overwrite", "rolling")
                        .fieldRule("{match: {kind: AWSMachineTemplate}, path: spec.template.spec.instanceType,"
                                + " onConflict: " + (r.nextBoolean() ? "keep" : "overwrite") + ", impact: replace}"));
        int n = 1 + r.nextInt(5);
        for (int i = 0; i < n; i++) {
            String id = "c" + i;
            String stage = r.nextBoolean() ? "dev" : "prod";
            String version = r.nextInt(4) == 0 ? "v1.29.5" : "v1.29.4";
            String type = r.nextInt(4) == 0 ? "m5.xlarge" : "m5.large";
            boolean values = r.nextBoolean();
            b.cluster(id, c -> {
                c.label("stage", stage).release("1.0.0").resources(machines(id, stage, version, type));
                if (values) {
                    c.values("AWSMachineTemplate", "{spec: {template: {spec: {instanceType: m6i.2xlarge}}}}");
                }
            });
        }
        String drift = r.nextBoolean() ? "repair" : "report";
        return b.upgrade("to-1.1", u -> u.matchLabelRegex("stage", "dev|prod").release("1.1.0")
                .expectedDuration(Duration.ofHours(2)).drift(drift)
                .stage("dev", s -> s.matchLabel("stage", "dev").soak(Duration.ofHours(12)))
                .stage("prod", s -> s.matchLabel("stage", "prod").maxConcurrent(1))).build();
    }

    private static String machines(String name, String namespace, String version, String instanceType) {
        return """
                apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                kind: KubeadmControlPlane
                metadata: {name: %1$s, namespace: %2$s}
                spec: {version: %3$s, replicas: 1}
                ---
                apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                kind: AWSMachineTemplate
                metadata: {name: %1$s-workers, namespace: %2$s}
                spec: {template: {spec: {instanceType: %4$s}}}
                """.formatted(name, namespace, version, instanceType);
    }
}
