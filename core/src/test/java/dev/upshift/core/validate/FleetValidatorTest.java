package dev.upshift.core.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.kind.DocumentKind;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.file.FleetFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FleetValidatorTest {
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\n";

    @TempDir
    Path dir;

    private void write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private static String release(String version, String upgradesFrom) {
        return HEADER + "kind: Release\nmetadata: {name: \"" + version + "\"}\nspec:\n  components: {kubernetes: 1.29.4}\n"
                + (upgradesFrom == null ? "" : "  upgradesFrom: \"" + upgradesFrom + "\"\n");
    }

    private static List<String> lines(ValidationReport report) {
        return report.problems().stream().map(Problem::toString).toList();
    }

    @Test
    @DisplayName("a fleet folder of every kind validates in one call, with its documents counted per kind")
    void validatesAFolderOfEveryKind() throws IOException {
        write("releases/1.0.0.yaml", release("1.0.0", null));
        write("releases/1.1.0.yaml", release("1.1.0", ">=1.0.0 <1.1.0"));
        write("schedules/nights.yaml", HEADER + """
                kind: MaintenanceSchedule
                metadata: {name: nights}
                spec:
                  maintenanceWindows:
                    - {startTime: 2026-01-05T22:00:00Z, duration: 4h, recurrence: FREQ=DAILY}
                """);
        write("policy.yaml", HEADER + """
                kind: AvailabilityProfile
                metadata: {name: ours}
                spec: {windowLength: {min: 2h}}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: FieldRules
                metadata: {name: base}
                spec: {fieldRules: [{path: spec.replicas, ignore: true}]}
                """);
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.problems()).isEmpty();
        assertThat(report.hasErrors()).isFalse();
        assertThat(report.documents()).isEqualTo(5);
        assertThat(report.documentsPerKind()).containsExactly(Map.entry("AvailabilityProfile", 1),
                Map.entry("FieldRules", 1), Map.entry("MaintenanceSchedule", 1), Map.entry("Release", 2));
    }

    @Test
    @DisplayName("every problem of every file and every kind is reported, sorted by file, line and column")
    void reportsEveryProblemSorted() throws IOException {
        write("b.yaml", HEADER + "kind: Relase\nmetadata: {name: x}\n");
        write("a.yaml", release("1.0.0", null) + "  compnents: {}\n");
        write("c.yaml", "apiVersion: upshift.dev/v1\nkind: MaintenanceSchedule\nmetadata: {name: x}\n");
        write("d.yaml", release("2.0.0", null) + "---\n" + release("2.0.0", null));
        write("e.yaml", "a: [1, 2\n");
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.hasErrors()).isTrue();
        assertThat(lines(report)).containsExactly(
                dir.resolve("a.yaml") + ":6:3: spec.compnents: unknown field; did you mean 'components'?",
                dir.resolve("b.yaml") + ":2:7: kind: unknown kind 'Relase'; did you mean 'Release'?",
                dir.resolve("c.yaml") + ":1:13: apiVersion: unknown apiVersion 'upshift.dev/v1' for kind"
                        + " MaintenanceSchedule; expected upshift.dev/v1alpha1",
                dir.resolve("d.yaml") + ":9:18: metadata.name: release 2.0.0 is defined twice (first at "
                        + dir.resolve("d.yaml") + ":1:1)",
                dir.resolve("e.yaml") + ":2:1: invalid syntax: expected ',' or ']', but got <stream end>"
                        + " (while parsing a flow sequence that starts at line 1, column 4)");
        assertThat(report.errors()).hasSize(5);
        assertThat(report.documents()).isEqualTo(5);
        assertThat(report.documentsPerKind()).containsExactly(Map.entry("MaintenanceSchedule", 1), Map.entry("Release", 3));
    }

    @Test
    @DisplayName("documents of other API groups are resources: counted, not checked")
    void resourcesOfOtherApiGroupsAreCountedNotChecked() throws IOException {
        write("r.yaml", release("1.0.0", null));
        write("cluster/kcp.yaml", """
                apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                kind: KubeadmControlPlane
                metadata: {name: prod}
                spec: {version: v1.29.4}
                ---
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web}
                ---
                apiVersion: v1
                kind: ConfigMap
                metadata: {name: settings}
                """);
        write("k.yaml", HEADER + "kind: KubeadmControlPlane\nmetadata: {name: x}\n");
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.documents()).isEqualTo(5);
        assertThat(report.resources()).isEqualTo(3);
        assertThat(report.checked()).isEqualTo(2);
        assertThat(report.documentsPerKind()).containsExactly(Map.entry("Release", 1));
        assertThat(lines(report)).as("an Upshift apiVersion with a kind Upshift does not know is still an error")
                .containsExactly(dir.resolve("k.yaml") + ":2:7: kind: unknown kind 'KubeadmControlPlane'; expected one of:"
                        + " ApiRemovals, AvailabilityProfile, ClusterUpgrade, FieldRules, MaintenanceSchedule, ManagedCluster,"
                        + " Release");
    }

    @Test
    void warningsDoNotMakeTheFleetInvalid() throws IOException {
        write("r.yaml", release("1.0.0", null) + "---\n" + release("2.0.0", ">=3.0.0"));
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir));
        assertThat(report.hasErrors()).isFalse();
        assertThat(report.errors()).isEmpty();
        assertThat(report.warnings()).extracting(Problem::toString).containsExactly(dir.resolve("r.yaml")
                + ":7:1: warning: spec.upgradesFrom: \">=3.0.0\" accepts none of the 1 older releases in the catalog:"
                + " 2.0.0 can only be installed fresh");
    }

    @Test
    void aMissingFolderIsAProblemInTheReportNotAnException() {
        ValidationReport report = FleetValidator.create().validate(FleetFiles.load(dir.resolve("nowhere")));
        assertThat(lines(report)).containsExactly(dir.resolve("nowhere") + ": no such file or folder");
        assertThat(report.documents()).isZero();
    }

    @Test
    void validatesDocumentsLoadedElsewhere() {
        ValidationReport report = FleetValidator.create().validate(
                DocumentLoader.create().load("git:fleet/r.yaml", release("1.0.0", null) + "  state: retired\n"));
        assertThat(lines(report)).containsExactly(
                "git:fleet/r.yaml:6:10: spec.state: unknown value 'retired'; expected one of: active, deprecated, withdrawn");
    }

    @Test
    @DisplayName("a tool's own kind is one registration away")
    void aKindOfOnesOwnIsOneRegistration() throws IOException {
        write("w.yaml", HEADER + "kind: Widget\nmetadata: {name: w}\n");
        DocumentKind<String> widget = DocumentKind.of("Widget", (d, problems) -> Optional.of(d.name()));
        assertThat(lines(FleetValidator.create().validate(FleetFiles.load(dir))))
                .containsExactly(dir.resolve("w.yaml") + ":2:7: kind: unknown kind 'Widget'; expected one of:"
                        + " ApiRemovals, AvailabilityProfile, ClusterUpgrade, FieldRules, MaintenanceSchedule, ManagedCluster,"
                        + " Release");
        ValidationReport report = FleetValidator.create().with(widget).validate(FleetFiles.load(dir));
        assertThat(report.problems()).isEmpty();
        assertThat(report.documentsPerKind()).containsExactly(Map.entry("Widget", 1));
    }
}
