package dev.upshift.examples.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * A small fleet folder for the fleet commands' tests, built with the testkit's fleet builder and
 * written where a test asks: releases 0.9.0, 1.0.0 and 1.1.0; the schedule {@code weekday-nights};
 * the upgrade {@code to-1.1} (stages dev and prod) selecting {@code dev-1} (as the release left it),
 * {@code prod-1} (a customised instance type that 1.1.0 changes too: a blocking conflict),
 * {@code prod-2} (frozen until 2026-12-31) and {@code legacy-1} (on 0.9.0: no path); {@code lab-1},
 * on 1.1.0, is selected by nothing.
 *
 * <p>Written at test time rather than kept under {@code src/test/resources}, so that
 * {@code upshift validate examples} never reads it beside the example fleets.
 */
final class TestFleet {
    /** A Monday morning. */
    static final String NOW = "2026-12-14T09:00:00Z";

    private static final dev.upshift.testkit.fleet.TestFleet FLEET = dev.upshift.testkit.fleet.TestFleet.builder()
            .release("0.9.0", r -> r.state("deprecated").kubernetes("1.27.8")
                    .defaults("KubeadmControlPlane", "{spec: {version: v1.27.8}}"))
            .release("1.0.0", r -> r.channel("stable").kubernetes("1.29.4").upgradesFrom(">=0.9.0 <1.0.0")
                    .defaults("KubeadmControlPlane", "{spec: {version: v1.29.4}}")
                    .defaults("AWSMachineTemplate", "{spec: {template: {spec: {instanceType: m5.large}}}}"))
            .release("1.1.0", r -> r.channel("stable").kubernetes("1.30.2").upgradesFrom(">=1.0.0 <1.1.0")
                    .defaults("KubeadmControlPlane", "{spec: {version: v1.30.2}}")
                    .defaults("AWSMachineTemplate", "{spec: {template: {spec: {instanceType: m6i.large}}}}")
                    .fieldRule("KubeadmControlPlane", "spec.version", "overwrite", "rolling")
                    .fieldRule("{match: {kind: AWSMachineTemplate}, path: spec.template.spec.instanceType, impact: replace}"))
            .schedule("weekday-nights", s -> s.window("nights", "2026-01-05T22:00:00", Duration.ofHours(4),
                    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH"))
            // on 1.0.0 as the release left it: its change to 1.1.0 is the release's alone
            .cluster("dev-1", c -> c.label("stage", "dev").release("1.0.0").resources(machines("dev-1", "dev", 1, "m5.large")))
            // no upgrade selects it
            .cluster("lab-1", c -> c.label("stage", "lab").release("1.1.0"))
            // two Kubernetes minors behind 1.1.0, and 1.0.0 does not take it either: no path
            .cluster("legacy-1", c -> c.label("stage", "prod").release("0.9.0").infrastructure("vsphere"))
            // customised its instance type, which 1.1.0 changes too: a conflict that blocks the upgrade
            .cluster("prod-1", c -> c.label("stage", "prod").release("1.0.0").schedule("weekday-nights")
                    .resources(machines("prod-1", "prod", 3, "m5.xlarge")))
            .cluster("prod-2", c -> c.label("stage", "prod").release("1.0.0").infrastructure("azure")
                    .schedule("weekday-nights").freeze(Instant.parse("2026-12-31T00:00:00Z"), "year-end change freeze"))
            .upgrade("to-1.1", u -> u.matchLabelRegex("stage", "dev|prod").release("1.1.0").expectedDuration(Duration.ofHours(2))
                    .stage("dev", s -> s.matchLabel("stage", "dev").soak(Duration.ofHours(24)))
                    .stage("prod", s -> s.matchLabel("stage", "prod").maxConcurrent(1)))
            .build();

    private TestFleet() {}

    private static String machines(String name, String namespace, int replicas, String instanceType) {
        return """
                apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                kind: KubeadmControlPlane
                metadata: {name: %1$s, namespace: %2$s}
                spec: {version: v1.29.4, replicas: %3$d}
                ---
                apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                kind: AWSMachineTemplate
                metadata: {name: %1$s-workers, namespace: %2$s}
                spec: {template: {spec: {instanceType: %4$s}}}
                """.formatted(name, namespace, replicas, instanceType);
    }

    /** Writes the fleet into {@code dir} (created if need be) and returns it. */
    static Path write(Path dir) {
        return FLEET.writeTo(dir);
    }
}
