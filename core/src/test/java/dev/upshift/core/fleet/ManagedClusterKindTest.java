package dev.upshift.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.core.file.DocumentFiles;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.release.Version;
import dev.upshift.schedule.Freeze;
import dev.upshift.spi.ManagedCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ManagedCluster document: every field, and every problem with its position. */
class ManagedClusterKindTest {
    /** The kind as the file adapter reads it: resource folders on disk, relative to the cluster's file. */
    private static final DocumentKind<ManagedCluster> ON_DISK =
            FleetKinds.managedCluster(FleetFiles.onDisk(DocumentFiles.create()));

    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\nkind: ManagedCluster\n";

    @TempDir
    Path dir;

    private static List<SourceDocument> load(String text) {
        return DocumentLoader.create().load("c.yaml", text);
    }

    private static List<ManagedCluster> read(String text, Problems problems) {
        return FleetKinds.MANAGED_CLUSTER.readAll(load(text), problems);
    }

    private static List<String> problems(String text) {
        Problems problems = new Problems();
        List<ManagedCluster> clusters = read(text, problems);
        if (problems.hasErrors()) {
            assertThat(clusters).as("a cluster with errors is left out").isEmpty();
        }
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    @DisplayName("reads every field of a cluster")
    void readsEveryField() {
        Problems problems = new Problems();
        List<ManagedCluster> clusters = read(HEADER + """
                metadata:
                  name: prod-eu-1
                  labels: {stage: prod, region: eu, tier: 1}
                  annotations: {owner: platform-team}
                spec:
                  release: 19.3.1
                  infrastructure: aws
                  schedule: weekday-nights
                  freeze: {until: 2026-12-31T00:00:00Z, reason: "year-end change freeze"}
                  values:
                    - match: {kind: KubeadmControlPlane}
                      values: {spec: {replicas: 5}}
                  resources:
                    - apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                      kind: KubeadmControlPlane
                      metadata: {name: prod-eu-1, namespace: org-a, resourceVersion: "42"}
                      spec: {version: v1.29.4}
                """, problems);
        assertThat(problems.all()).isEmpty();
        ManagedCluster c = clusters.get(0);
        assertThat(c.id()).isEqualTo("prod-eu-1");
        assertThat(c.labels()).containsExactly(Map.entry("region", "eu"), Map.entry("stage", "prod"), Map.entry("tier", "1"));
        assertThat(c.release()).isEqualTo(Version.parse("19.3.1"));
        assertThat(c.infrastructure()).isEqualTo("aws");
        assertThat(c.schedule()).contains("weekday-nights");
        assertThat(c.freeze()).contains(new Freeze(Instant.parse("2026-12-31T00:00:00Z"), "year-end change freeze"));
        assertThat(c.values().rules()).singleElement().satisfies(rule -> {
            assertThat(rule.match().kind()).contains("KubeadmControlPlane");
            assertThat(rule.values().at("/spec/replicas").intValue()).isEqualTo(5);
            assertThat(rule.location()).hasToString("c.yaml:13:7");
        });
        assertThat(c.resources().ids()).containsExactly(DocumentId.of("controlplane.cluster.x-k8s.io/v1beta1",
                "KubeadmControlPlane", "org-a", "prod-eu-1"));
        assertThat(c.resources().documents().get(0).tree().at("/metadata/resourceVersion").isMissingNode())
                .as("server noise is stripped").isTrue();
        assertThat(c.resources().documents().get(0).locate("/spec/version")).hasToString("c.yaml:19:23");
        assertThat(c.location()).hasToString("c.yaml:1:1");
    }

    @Test
    @DisplayName("schedule, freeze, values and resources are optional")
    void optionalFields() {
        Problems problems = new Problems();
        ManagedCluster c = read(HEADER + "metadata: {name: dev-1}\nspec: {release: v20.0.0, infrastructure: vsphere}\n",
                problems).get(0);
        assertThat(problems.all()).isEmpty();
        assertThat(c.labels()).isEmpty();
        assertThat(c.schedule()).isEmpty();
        assertThat(c.freeze()).isEmpty();
        assertThat(c.values().isEmpty()).isTrue();
        assertThat(c.resources().isEmpty()).isTrue();
    }

    @Test
    @DisplayName("spec.values are {match, values} items as a Release's defaults; a mapping or a bad item is an error at its place")
    void valuesAreDefaultsItems() {
        assertThat(problems(HEADER + """
                metadata: {name: x}
                spec:
                  release: 1.0.0
                  infrastructure: aws
                  values: {workers: {replicas: 5}}
                """)).containsExactly("c.yaml:7:11: spec.values: expected a list of {match, values} items, as a"
                        + " Release's spec.defaults, got a mapping; write - values: {...} to apply the mapping to every"
                        + " resource");
        assertThat(problems(HEADER + """
                metadata: {name: x}
                spec:
                  release: 1.0.0
                  infrastructure: aws
                  values:
                    - match: {kind: KubeadmControlPlane}
                    - match: {knd: X}
                      values: {metadata: {name: other}}
                """)).containsExactly(
                        "c.yaml:8:7: spec.values[0].values: missing required field",
                        "c.yaml:9:15: spec.values[1].match.knd: unknown field; did you mean 'kind'?",
                        "c.yaml:10:33: spec.values[1].values.metadata.name: defaults must not set metadata.name: it is"
                                + " part of the document's identity");
    }

    @Test
    @DisplayName("missing and malformed fields are errors at their positions")
    void badFields() {
        assertThat(problems(HEADER + "metadata: {name: x}\nspec: {}\n")).containsExactly(
                "c.yaml:4:7: spec.release: missing required field",
                "c.yaml:4:7: spec.infrastructure: missing required field");
        assertThat(problems(HEADER + """
                metadata: {name: x, labels: {"": a}}
                spec:
                  release: 19.x
                  infrastructure: " "
                  schedule: ""
                  freeze: {until: tomorrow}
                  values: [1]
                  relase: 1.0.0
                """)).containsExactly(
                "c.yaml:3:29: metadata.labels: a label key must not be empty",
                "c.yaml:5:12: spec.release: invalid version \"19.x\": unexpected 'x' at character 4; expected a digit",
                "c.yaml:6:19: spec.infrastructure: must name where the cluster runs, such as aws",
                "c.yaml:7:13: spec.schedule: must name a MaintenanceSchedule; leave the field out when upgrades may"
                        + " run at any time",
                "c.yaml:8:19: spec.freeze.until: invalid time \"tomorrow\": expected RFC 3339 with Z or an offset,"
                        + " or a date, e.g. 2026-12-31T00:00:00Z or 2026-12-31",
                "c.yaml:8:11: spec.freeze.reason: missing required field",
                "c.yaml:9:12: spec.values[0]: expected a mapping, got the number 1",
                "c.yaml:10:3: spec.relase: unknown field; did you mean 'release'?");
    }

    @Test
    @DisplayName("a value YAML reads as a boolean is an error that asks for quotes")
    void yamlBooleans() {
        assertThat(problems(HEADER + "metadata: {name: x}\nspec: {release: 1.0.0, infrastructure: on}\n"))
                .containsExactly("c.yaml:4:40: spec.infrastructure: expected text, got the boolean true (YAML reads"
                        + " unquoted yes/no/on/off/true/false as booleans: quote the value)");
    }

    @Test
    @DisplayName("each resource must be a Kubernetes document, and no Upshift document")
    void badResources() {
        assertThat(problems(HEADER + """
                metadata: {name: x}
                spec:
                  release: 1.0.0
                  infrastructure: aws
                  resources:
                    - {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}
                    - {apiVersion: v1, kind: ConfigMap}
                    - {apiVersion: upshift.dev/v1alpha1, kind: Release, metadata: {name: 1.0.0}}
                """)).containsExactly(
                "c.yaml:9:7: spec.resources[1].metadata: missing metadata (a document needs metadata.name)",
                "c.yaml:10:20: spec.resources[2].apiVersion: an Upshift Release among the resources of cluster x;"
                        + " resources are the cluster's Kubernetes documents");
        assertThat(problems(HEADER + "metadata: {name: x}\nspec: {release: 1.0.0, infrastructure: aws, resources: {}}\n"))
                .containsExactly("c.yaml:4:56: spec.resources: expected a list of documents, got a mapping");
    }

    @Test
    @DisplayName("resources and resourcesFrom exclude each other")
    void resourcesOrResourcesFrom() {
        assertThat(problems(HEADER + "metadata: {name: x}\nspec:\n  release: 1.0.0\n  infrastructure: aws\n"
                + "  resources: []\n  resourcesFrom: x/\n"))
                .containsExactly("c.yaml:8:18: spec.resourcesFrom: give either resources or resourcesFrom, not both");
    }

    @Test
    @DisplayName("resourcesFrom reads a folder relative to the cluster's file, with the files' own positions")
    void resourcesFrom() throws IOException {
        Files.createDirectories(dir.resolve("clusters/prod-eu-1"));
        Path cluster = dir.resolve("clusters/prod-eu-1.yaml");
        Files.writeString(cluster, HEADER + "metadata: {name: prod-eu-1}\n"
                + "spec: {release: 1.0.0, infrastructure: aws, resourcesFrom: prod-eu-1}\n");
        Files.writeString(dir.resolve("clusters/prod-eu-1/b.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n");
        Files.writeString(dir.resolve("clusters/prod-eu-1/a.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"
                + "---\napiVersion: v1\nkind: Secret\nmetadata: {name: a}\n");
        Problems problems = new Problems();
        List<ManagedCluster> read = ON_DISK.readAll(
                DocumentLoader.create().load(cluster.toString(), Files.readString(cluster)), problems);
        assertThat(problems.all()).isEmpty();
        assertThat(read.get(0).resources().ids()).extracting(DocumentId::kind, DocumentId::name)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ConfigMap", "a"),
                        org.assertj.core.groups.Tuple.tuple("ConfigMap", "b"),
                        org.assertj.core.groups.Tuple.tuple("Secret", "a"));
        assertThat(read.get(0).resources().documents().get(1).location())
                .hasToString(dir.resolve("clusters/prod-eu-1/b.yaml") + ":1:1");

        Files.writeString(dir.resolve("clusters/prod-eu-1/c.yaml"), "apiVersion: v1\nkind: [\n");
        Problems broken = new Problems();
        assertThat(ON_DISK.readAll(
                DocumentLoader.create().load(cluster.toString(), Files.readString(cluster)), broken)).isEmpty();
        assertThat(broken.all()).extracting(Problem::toString).singleElement().asString()
                .startsWith(dir.resolve("clusters/prod-eu-1/c.yaml") + ":3:1: invalid syntax");
    }

    @Test
    @DisplayName("a resourcesFrom folder that is missing, absolute or holds the cluster itself is an error")
    void badResourceFolders() {
        String doc = HEADER + "metadata: {name: x}\nspec: {release: 1.0.0, infrastructure: aws, resourcesFrom: %s}\n";
        Path file = dir.resolve("c.yaml");
        assertThat(problemsAt(file, doc.formatted("nowhere"))).containsExactly(file + ":4:60: spec.resourcesFrom:"
                + " no such folder: " + dir.resolve("nowhere"));
        assertThat(problemsAt(file, doc.formatted("/etc"))).containsExactly(file + ":4:60: spec.resourcesFrom:"
                + " must be a path relative to the folder of this file, not '/etc'");
        assertThat(problemsAt(file, doc.formatted("."))).containsExactly(file + ":4:60: spec.resourcesFrom: '.' holds"
                + " this document itself; name a folder of the cluster's Kubernetes documents only");
        assertThat(problemsAt(file, doc.formatted("\" \""))).containsExactly(file + ":4:60: spec.resourcesFrom:"
                + " must name a folder of Kubernetes documents, relative to this file");
    }

    @Test
    @DisplayName("the standard kind reads no folder: a cluster that names one is an error, at its field")
    void theStandardKindReadsNoFolder() {
        Problems problems = new Problems();
        assertThat(FleetKinds.MANAGED_CLUSTER.readAll(load(HEADER + "metadata: {name: x}\n"
                + "spec: {release: 1.0.0, infrastructure: aws, resourcesFrom: x}\n"), problems)).isEmpty();
        assertThat(problems.all()).extracting(Problem::toString).containsExactly("c.yaml:4:60: spec.resourcesFrom: 'x'"
                + " is not read: these documents were not read from a fleet folder; list the cluster's Kubernetes"
                + " documents under spec.resources instead");
    }

    private static List<String> problemsAt(Path file, String text) {
        Problems problems = new Problems();
        assertThat(ON_DISK.readAll(DocumentLoader.create().load(file.toString(), text), problems))
                .isEmpty();
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    @DisplayName("two clusters of one name are an error naming the first; the first is kept")
    void duplicateNames() {
        String one = HEADER + "metadata: {name: x}\nspec: {release: 1.0.0, infrastructure: aws}\n";
        Problems problems = new Problems();
        List<ManagedCluster> read = read(one + "---\n" + one.replace("aws", "azure"), problems);
        assertThat(read).extracting(ManagedCluster::infrastructure).containsExactly("aws");
        assertThat(problems.all()).extracting(Problem::toString).containsExactly(
                "c.yaml:8:18: metadata.name: another ManagedCluster is named 'x' (c.yaml:3:18)");
    }

    @Test
    @DisplayName("a kind for a fleet read from elsewhere finds resource folders through the tool's own lookup")
    void ownResourceFolders() {
        List<String> asked = new java.util.ArrayList<>();
        var kind = FleetKinds.managedCluster((cluster, folder, problems) -> {
            asked.add(cluster.name() + ":" + folder);
            return DocumentLoader.create().load("git:" + folder + "/cm.yaml",
                    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n");
        });
        Problems problems = new Problems();
        List<ManagedCluster> read = kind.readAll(load(HEADER + "metadata: {name: x}\n"
                + "spec: {release: 1.0.0, infrastructure: aws, resourcesFrom: res/x}\n"), problems);
        assertThat(problems.all()).isEmpty();
        assertThat(asked).containsExactly("x:res/x");
        assertThat(read.get(0).resources().documents().get(0).location()).hasToString("git:res/x/cm.yaml:1:1");
    }
}
