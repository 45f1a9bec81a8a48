package dev.upshift.examples.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A small fleet folder for the fleet commands' tests, written where a test asks: releases 0.9.0,
 * 1.0.0 and 1.1.0; the schedule {@code weekday-nights}; the upgrade {@code to-1.1} (stages dev and
 * prod) selecting {@code dev-1} (as the release left it), {@code prod-1} (a customised instance type
 * that 1.1.0 changes too: a blocking conflict), {@code prod-2} (frozen until 2026-12-31) and
 * {@code legacy-1} (on 0.9.0: no path); {@code lab-1}, on 1.1.0, is selected by nothing.
 *
 * <p>Written at test time rather than kept under {@code src/test/resources}, so that
 * {@code upshift validate examples} never reads it beside the example fleets.
 */
final class TestFleet {
    /** A Monday morning. */
    static final String NOW = "2026-12-14T09:00:00Z";

    private static final Map<String, String> FILES = Map.ofEntries(
        Map.entry("clusters/dev-1.yaml", """
            # On 1.0.0 as the release left it: its change to 1.1.0 is the release's alone.
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: dev-1
              labels: {stage: dev}
            spec:
              release: 1.0.0
              infrastructure: aws
              resources:
                - apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                  kind: KubeadmControlPlane
                  metadata: {name: dev-1, namespace: dev}
                  spec: {version: v1.29.4, replicas: 1}
                - apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                  kind: AWSMachineTemplate
                  metadata: {name: dev-1-workers, namespace: dev}
                  spec: {template: {spec: {instanceType: m5.large}}}
            """),
        Map.entry("clusters/lab-1.yaml", """
            # No upgrade selects it.
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: lab-1
              labels: {stage: lab}
            spec:
              release: 1.1.0
              infrastructure: aws
            """),
        Map.entry("clusters/legacy-1.yaml", """
            # Two Kubernetes minors behind 1.1.0, and 1.0.0 does not take it either: no path.
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: legacy-1
              labels: {stage: prod}
            spec:
              release: 0.9.0
              infrastructure: vsphere
            """),
        Map.entry("clusters/prod-1.yaml", """
            # Customised its instance type, which 1.1.0 changes too: a conflict that blocks the upgrade.
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: prod-1
              labels: {stage: prod}
            spec:
              release: 1.0.0
              infrastructure: aws
              schedule: weekday-nights
              resources:
                - apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                  kind: KubeadmControlPlane
                  metadata: {name: prod-1, namespace: prod}
                  spec: {version: v1.29.4, replicas: 3}
                - apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                  kind: AWSMachineTemplate
                  metadata: {name: prod-1-workers, namespace: prod}
                  spec: {template: {spec: {instanceType: m5.xlarge}}}
            """),
        Map.entry("clusters/prod-2.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: prod-2
              labels: {stage: prod}
            spec:
              release: 1.0.0
              infrastructure: azure
              schedule: weekday-nights
              freeze: {until: 2026-12-31T00:00:00Z, reason: "year-end change freeze"}
            """),
        Map.entry("releases/0.9.0.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: Release
            metadata: {name: "0.9.0"}
            spec:
              state: deprecated
              components: {kubernetes: 1.27.8}
              defaults:
                - match: {kind: KubeadmControlPlane}
                  values: {spec: {version: v1.27.8}}
            """),
        Map.entry("releases/1.0.0.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: Release
            metadata: {name: "1.0.0"}
            spec:
              channels: [stable]
              components: {kubernetes: 1.29.4}
              upgradesFrom: ">=0.9.0 <1.0.0"
              defaults:
                - match: {kind: KubeadmControlPlane}
                  values: {spec: {version: v1.29.4}}
                - match: {kind: AWSMachineTemplate}
                  values: {spec: {template: {spec: {instanceType: m5.large}}}}
            """),
        Map.entry("releases/1.1.0.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: Release
            metadata: {name: "1.1.0"}
            spec:
              channels: [stable]
              components: {kubernetes: 1.30.2}
              upgradesFrom: ">=1.0.0 <1.1.0"
              defaults:
                - match: {kind: KubeadmControlPlane}
                  values: {spec: {version: v1.30.2}}
                - match: {kind: AWSMachineTemplate}
                  values: {spec: {template: {spec: {instanceType: m6i.large}}}}
              fieldRules:
                - match: {kind: KubeadmControlPlane}
                  path: spec.version
                  onConflict: overwrite
                  impact: rolling
                - match: {kind: AWSMachineTemplate}
                  path: spec.template.spec.instanceType
                  impact: replace
            """),
        Map.entry("schedules/nights.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: MaintenanceSchedule
            metadata: {name: weekday-nights}
            spec:
              timeZone: UTC
              maintenanceWindows:
                - name: nights
                  startTime: 2026-01-05T22:00:00
                  duration: 4h
                  recurrence: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH
            """),
        Map.entry("upgrades/to-1.1.yaml", """
            apiVersion: upshift.dev/v1alpha1
            kind: ClusterUpgrade
            metadata: {name: to-1.1}
            spec:
              matchers:
                - {name: dev-and-prod, key: stage, value: "dev|prod", isRegex: true}
              release: 1.1.0
              expectedDuration: 2h
              stages:
                - {name: dev, matchers: [{key: stage, value: dev}], soak: 24h}
                - {name: prod, matchers: [{key: stage, value: prod}], maxConcurrent: 1}
            """));

    private TestFleet() {}

    /** Writes the fleet into {@code dir} (created if need be) and returns it. */
    static Path write(Path dir) {
        try {
            for (Map.Entry<String, String> f : FILES.entrySet()) {
                Path file = dir.resolve(f.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, f.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }
}
