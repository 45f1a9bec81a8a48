package dev.upshift.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.file.DocumentFiles;
import dev.upshift.core.file.FleetFiles;
import dev.upshift.core.validate.FleetValidator;
import dev.upshift.core.validate.ValidationReport;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A ManagedCluster's readiness fields: spec.manifestsFrom and spec.readiness.accept, and their bad inputs. */
class ReadinessFieldsTest {
    private static final DocumentKind<ManagedCluster> ON_DISK =
            FleetKinds.managedCluster(FleetFiles.onDisk(DocumentFiles.create()));
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\nkind: ManagedCluster\nmetadata: {name: x}\n";

    @TempDir
    Path dir;

    private Path fleet(String spec) throws IOException {
        Path file = dir.resolve("clusters/x.yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, HEADER + "spec:\n  release: 1.24.0\n  infrastructure: aws\n" + spec);
        return file;
    }

    private List<ManagedCluster> read(Path file, Problems problems) throws IOException {
        return ON_DISK.readAll(DocumentLoader.create().load(file.toString(), Files.readString(file)), problems);
    }

    private List<String> problems(Path file) throws IOException {
        Problems problems = new Problems();
        List<ManagedCluster> read = read(file, problems);
        assertThat(read).as("a cluster with errors is left out").isEmpty();
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    @DisplayName("manifestsFrom reads folders and files, flattens Lists, and keeps each document's position")
    void readsManifests() throws IOException {
        Files.createDirectories(dir.resolve("clusters/apps/x/jobs"));
        Files.writeString(dir.resolve("clusters/apps/x/jobs/cron.yaml"), "apiVersion: batch/v1beta1\nkind: CronJob\n"
                + "metadata: {name: nightly}\n---\napiVersion: v1\nkind: List\nitems:\n"
                + "  - {apiVersion: policy/v1beta1, kind: PodDisruptionBudget, metadata: {name: web}}\n");
        Files.writeString(dir.resolve("clusters/apps/x/kustomization.yaml"), "apiVersion: kustomize.config.k8s.io/v1beta1\n"
                + "kind: Kustomization\nresources: [jobs/cron.yaml]\n");
        Path file = fleet("  manifestsFrom: [apps/x/jobs, apps/x/kustomization.yaml]\n");
        Problems problems = new Problems();
        ManagedCluster c = read(file, problems).get(0);

        assertThat(problems.all()).isEmpty();
        assertThat(c.manifests()).extracting(Manifest::toString).containsExactly("CronJob/nightly (batch/v1beta1)",
                "PodDisruptionBudget/web (policy/v1beta1)", "Kustomization (kustomize.config.k8s.io/v1beta1)");
        assertThat(c.manifests().get(0).location()).hasToString(dir.resolve("clusters/apps/x/jobs/cron.yaml") + ":1:1");
        assertThat(c.manifests().get(1).location()).hasToString(dir.resolve("clusters/apps/x/jobs/cron.yaml") + ":8:5");
        assertThat(c.resources().isEmpty()).as("manifests are not resources: never merged or published").isTrue();
    }

    @Test
    @DisplayName("a manifestsFrom path that is missing, absolute, not text, or a manifest without a kind is an error"
            + " at its position")
    void badManifestPaths() throws IOException {
        Path file = fleet("  manifestsFrom: [nowhere, /etc, 3]\n");
        assertThat(problems(file)).containsExactlyInAnyOrder(
                file + ":7:19: spec.manifestsFrom[0]: no such folder: " + dir.resolve("clusters/nowhere"),
                file + ":7:28: spec.manifestsFrom[1]: must be a path relative to the folder of this file, not '/etc'",
                file + ":7:34: spec.manifestsFrom[2]: expected a path relative to this file, got number");
        Path leaving = fleet("  manifestsFrom: ../other\n");
        assertThat(problems(leaving)).singleElement().asString()
                .startsWith(leaving + ":7:18: spec.manifestsFrom: '../other' leaves the fleet folder");
        Path mapping = fleet("  manifestsFrom: {a: b}\n");
        assertThat(problems(mapping)).containsExactly(mapping + ":7:18: spec.manifestsFrom: expected a path, or a list"
                + " of paths, of the folders or files deployed into the cluster");

        Files.createDirectories(dir.resolve("clusters/apps"));
        Files.writeString(dir.resolve("clusters/apps/a.yaml"), "kind: CronJob\nmetadata: {name: n}\n");
        Path noApi = fleet("  manifestsFrom: apps\n");
        assertThat(problems(noApi)).containsExactly(dir.resolve("clusters/apps/a.yaml") + ":1:1: apiVersion: a manifest"
                + " deployed into the cluster needs an apiVersion and a kind, as every Kubernetes document");
    }

    @Test
    @DisplayName("readiness.accept reads who accepts which API for which hop, and why")
    void readsAcceptances() throws IOException {
        Path file = fleet("  readiness:\n    accept:\n      - {apiVersion: batch/v1beta1, kind: CronJob, to: 1.25.0,"
                + " by: ana, reason: \"deleted next sprint\"}\n");
        Problems problems = new Problems();
        ManagedCluster c = read(file, problems).get(0);
        assertThat(problems.all()).isEmpty();
        assertThat(c.accepted()).singleElement().satisfies(a -> {
            assertThat(a.apiVersion()).isEqualTo("batch/v1beta1");
            assertThat(a.kind()).isEqualTo("CronJob");
            assertThat(a.to()).isEqualTo(Version.parse("1.25.0"));
            assertThat(a.by()).isEqualTo("ana");
            assertThat(a.reason()).isEqualTo("deleted next sprint");
            assertThat(a.location()).hasToString(file + ":9:9");
        });
    }

    @Test
    @DisplayName("an acceptance without who or why, with a bad release or an unknown field is an error: never silent")
    void badAcceptances() throws IOException {
        Path file = fleet("  readiness:\n    accept:\n"
                + "      - {apiVersion: batch/v1beta1, kind: CronJob, to: 1.25.0, by: ana}\n"
                + "      - {apiVersion: batch/v1beta1, kind: CronJob, to: 1.25.0, by: \" \", reason: why}\n"
                + "      - {apiVersion: batch/v1beta1, kind: CronJob, to: next, by: ana, reason: why}\n"
                + "      - {apiVersion: batch/v1beta1, kind: CronJob, to: 1.25.0, by: ana, reason: why, force: true}\n"
                + "    acept: []\n");
        assertThat(problems(file)).containsExactly(
                file + ":9:9: spec.readiness.accept[0].reason: missing required field",
                file + ":10:68: spec.readiness.accept[1].by: must not be empty: who accepts the finding; an acceptance is"
                        + " on the record",
                file + ":11:56: spec.readiness.accept[2].to: invalid version \"next\": unexpected 'n' at character 1;"
                        + " expected a digit",
                file + ":12:86: spec.readiness.accept[3].force: unknown field; expected one of: apiVersion, kind, to, by,"
                        + " reason",
                file + ":13:5: spec.readiness.acept: unknown field; did you mean 'accept'?");
    }

    @Test
    @DisplayName("the documents of a manifests folder inside the fleet folder are the cluster's, not the fleet's")
    void manifestsAreNotFleetDocuments() throws IOException {
        Files.createDirectories(dir.resolve("clusters/apps"));
        Files.writeString(dir.resolve("clusters/apps/a.yaml"), "apiVersion: apps/v1\nkind: Deployment\n"
                + "metadata: {name: web}\n");
        fleet("  manifestsFrom: apps\n");
        FleetFiles files = FleetFiles.load(dir);
        assertThat(files.documents()).extracting(d -> d.kind()).containsExactly("ManagedCluster");
        FleetContents contents = FleetContents.read(files);
        assertThat(contents.problems()).isEmpty();
        assertThat(contents.clusters().items().get(0).manifests()).extracting(Manifest::kind).containsExactly("Deployment");
    }

    @Test
    @DisplayName("validate lists every readiness finding of the fleet as a warning at the document, whatever the targets")
    void validateListsFindings() throws IOException {
        Files.createDirectories(dir.resolve("clusters/apps"));
        Files.writeString(dir.resolve("clusters/apps/a.yaml"), "apiVersion: batch/v1beta1\nkind: CronJob\n"
                + "metadata: {name: nightly}\n---\napiVersion: batch/v1\nkind: CronJob\nmetadata: {name: ok}\n");
        fleet("  manifestsFrom: apps\n");
        Files.writeString(dir.resolve("release.yaml"), "apiVersion: upshift.dev/v1alpha1\nkind: Release\n"
                + "metadata: {name: 1.24.0}\nspec: {components: {kubernetes: 1.24.3}}\n");
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.hasErrors()).isFalse();
        assertThat(report.problems()).extracting(Problem::toString).containsExactly(dir.resolve("clusters/apps/a.yaml")
                + ":1:1: warning: apiVersion: batch/v1beta1 CronJob is removed in kubernetes 1.25; migrate to batch/v1 (served since"
                + " 1.21); cluster x runs kubernetes 1.24, which serves it as deprecated; an upgrade across 1.25 is blocked"
                + " (REMOVED_API) until it is migrated or accepted");
    }
}
