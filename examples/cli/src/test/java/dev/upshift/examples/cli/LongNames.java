package dev.upshift.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A fleet whose names are as long as Kubernetes allows, to check that tables still fit. */
final class LongNames {
    static final int CLUSTERS = 4;

    private LongNames() {}

    static String cluster(int i) {
        return "prod-europe-central-payments-checkout-primary-cluster-number-" + i;
    }

    static Path write(Path dir) throws IOException {
        Path fleet = Files.createDirectories(dir.resolve("long"));
        Files.writeString(fleet.resolve("releases.yaml"), """
                apiVersion: upshift.dev/v1alpha1
                kind: Release
                metadata: {name: "1.0.0"}
                spec: {components: {kubernetes: 1.29.4}}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: Release
                metadata: {name: "1.1.0"}
                spec: {components: {kubernetes: 1.30.2}, upgradesFrom: ">=1.0.0 <1.1.0"}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: Release
                metadata: {name: "0.1.0-alpha.with.a.rather.long.prerelease.name"}
                spec: {components: {kubernetes: 1.20.0}}
                """);
        Files.writeString(fleet.resolve("upgrade.yaml"), """
                apiVersion: upshift.dev/v1alpha1
                kind: ClusterUpgrade
                metadata: {name: quarterly-platform-release-rollout-to-one-dot-one}
                spec:
                  matchers: [{key: stage, value: prod}]
                  release: 1.1.0
                  stages:
                    - {name: production-europe-central-first-wave, matchers: [{key: stage, value: prod}]}
                """);
        StringBuilder clusters = new StringBuilder();
        for (int i = 0; i < CLUSTERS; i++) {
            String release = i == CLUSTERS - 1 ? "0.1.0-alpha.with.a.rather.long.prerelease.name" : "1.0.0";
            clusters.append("""
                    apiVersion: upshift.dev/v1alpha1
                    kind: ManagedCluster
                    metadata:
                      name: %s
                      labels: {stage: prod}
                    spec: {release: "%s", infrastructure: aws}
                    ---
                    """.formatted(cluster(i), release));
        }
        Files.writeString(fleet.resolve("clusters.yaml"), clusters.toString());
        return fleet;
    }
}
