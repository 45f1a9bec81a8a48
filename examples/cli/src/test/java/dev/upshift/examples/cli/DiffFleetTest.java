package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code upshift diff --fleet DIR --cluster NAME --to VERSION}: one cluster of a fleet going to a release. */
class DiffFleetTest {
    /** What 1.0.0's defaults put on prod-1's documents, written out by hand. */
    private static final String PROD_BASE = """
            apiVersion: controlplane.cluster.x-k8s.io/v1beta1
            kind: KubeadmControlPlane
            metadata: {name: prod-1, namespace: prod}
            spec: {version: v1.29.4}
            ---
            apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
            kind: AWSMachineTemplate
            metadata: {name: prod-1-workers, namespace: prod}
            spec: {template: {spec: {instanceType: m5.large}}}
            """;
    /** prod-1's documents as its ManagedCluster holds them. */
    private static final String PROD_CURRENT = """
            apiVersion: controlplane.cluster.x-k8s.io/v1beta1
            kind: KubeadmControlPlane
            metadata: {name: prod-1, namespace: prod}
            spec: {version: v1.29.4, replicas: 3}
            ---
            apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
            kind: AWSMachineTemplate
            metadata: {name: prod-1-workers, namespace: prod}
            spec: {template: {spec: {instanceType: m5.xlarge}}}
            """;
    /** What 1.1.0's defaults put there. */
    private static final String PROD_TARGET = PROD_BASE.replace("v1.29.4", "v1.30.2").replace("m5.large", "m6i.large");
    /** 1.1.0's field rules. */
    private static final String RULES = """
            apiVersion: upshift.dev/v1alpha1
            kind: FieldRules
            metadata: {name: release-1.1.0}
            spec:
              fieldRules:
                - match: {kind: KubeadmControlPlane}
                  path: spec.version
                  onConflict: overwrite
                  impact: rolling
                - match: {kind: AWSMachineTemplate}
                  path: spec.template.spec.instanceType
                  impact: replace
            """;

    @TempDir
    static Path shared;
    static Path fleet;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeFleet() {
        fleet = TestFleet.write(shared.resolve("fleet"));
    }

    private static Cli diff(String cluster, String to, String... more) {
        List<String> args = new ArrayList<>(List.of("diff", "--fleet", fleet.toString(), "--cluster", cluster,
                "--to", to));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(new String[0]));
    }

    private String file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content).toString();
    }

    /** The same merge from three files written by hand: what --fleet must print, in every form. */
    private Cli fromFiles(String base, String current, String target, String output) throws IOException {
        return Cli.run("diff", "--base", file("base.yaml", base), "--current", file("current.yaml", current),
                "--target", file("target.yaml", target), "--rules", file("rules.yaml", RULES), "--output", output);
    }

    @ParameterizedTest(name = "--output {0}")
    @ValueSource(strings = {"report", "unified", "json-patch", "merge-patch", "yaml", "json"})
    @DisplayName("prints what the three-file form prints for the release defaults applied by hand")
    void sameAsTheThreeFileForm(String output) throws IOException {
        String devBase = PROD_BASE.replace("prod-1", "dev-1").replace("namespace: prod", "namespace: dev");
        String devCurrent = PROD_CURRENT.replace("prod-1", "dev-1").replace("namespace: prod", "namespace: dev")
                .replace("replicas: 3", "replicas: 1").replace("m5.xlarge", "m5.large");
        String devTarget = PROD_TARGET.replace("prod-1", "dev-1").replace("namespace: prod", "namespace: dev");
        Cli fleet = diff("dev-1", "1.1.0", "--output", output);
        Cli files = fromFiles(devBase, devCurrent, devTarget, output);
        assertThat(fleet.exitCode()).as(fleet.err()).isZero();
        assertThat(fleet.err()).isEmpty();
        assertThat(fleet.out()).isEqualTo(files.out()).isNotBlank();
    }

    @Test
    @DisplayName("a customised field the new release changes too blocks: exit 1, the field named at its place in the cluster's file")
    void conflictBlocks() throws IOException {
        Cli r = diff("prod-1", "1.1.0");
        assertThat(r.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(r.out()).isEqualTo(fromFiles(PROD_BASE, PROD_CURRENT, PROD_TARGET, "report").out());
        assertThat(r.out()).contains("! spec.template.spec.instanceType: BLOCKED");
        assertThat(r.err()).isEqualTo(fleet.resolve("clusters/prod-1.yaml") + ":28:25:"
                + " spec.template.spec.instanceType: conflict: the old release had \"m5.large\", the cluster has"
                + " \"m5.xlarge\", the new release has \"m6i.large\"; onConflict: fail blocks the upgrade"
                + " [infrastructure.cluster.x-k8s.io/v1beta2/AWSMachineTemplate/prod/prod-1-workers]\n"
                + "upshift: the merge is blocked: 1 field needs a decision\n");
        assertThat(Files.readAllLines(fleet.resolve("clusters/prod-1.yaml")).get(27)).as("line 28")
                .isEqualTo("          instanceType: m5.xlarge");
    }

    @Test
    @DisplayName("an unknown cluster or release exits 1, naming the close ones")
    void unknownNames() {
        Cli cluster = diff("dev-2", "1.1.0");
        assertThat(cluster.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(cluster.out()).isEmpty();
        assertThat(cluster.err()).isEqualTo("upshift: " + fleet + " has no cluster 'dev-2'; did you mean 'dev-1'?\n");
        Cli release = diff("dev-1", "1.2.0");
        assertThat(release.exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(release.err()).isEqualTo("upshift: " + fleet + " has no release 1.2.0; did you mean"
                + " '1.0.0' or '1.1.0'?\n");
        Cli both = diff("nothing-like-it", "7.0.0");
        assertThat(both.err().lines()).hasSize(2);
    }

    @Test
    void aMalformedVersionIsWrongUsage() {
        Cli r = diff("dev-1", "one.one");
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("--to");
    }

    @Test
    @DisplayName("a cluster on a release the fleet lacks is merged two-way, with a note saying why")
    void unknownOwnReleaseMergesWithoutBase() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Files.writeString(fleet.resolve("clusters/dev-1.yaml"),
                Files.readString(fleet.resolve("clusters/dev-1.yaml")).replace("release: 1.0.0", "release: 0.5.0"));
        Cli r = Cli.run("diff", "--fleet", fleet.toString(), "--cluster", "dev-1", "--to", "1.1.0");
        assertThat(r.err()).contains("upshift: note: " + fleet + " has no release 0.5.0 (the one dev-1 runs)");
        assertThat(r.out()).contains("no baseline");
    }

    @Test
    @DisplayName("without --to: the change to the cluster's own release, its drift repaired; a note says how much drifted")
    void withoutToShowsTheRepair() throws IOException {
        Path fleet = TestFleet.write(dir.resolve("fleet"));
        Cli clean = Cli.run("diff", "--fleet", fleet.toString(), "--cluster", "dev-1");
        assertThat(clean.exitCode()).isZero();
        assertThat(clean.err()).contains("upshift: note: dev-1 has not drifted from release 1.0.0");
        assertThat(clean.out()).startsWith("0 documents change");
    }

    @Test
    @DisplayName("--fleet and the three-file options exclude each other, and each form needs all its parts: exit 2")
    void formsExcludeEachOther() {
        Cli mixed = Cli.run("diff", "--fleet", "f", "--cluster", "c", "--to", "1.0.0", "--current", "x.yaml");
        assertThat(mixed.exitCode()).isEqualTo(Main.USAGE);
        assertThat(mixed.err()).startsWith("upshift: --fleet, --cluster, --to (a cluster of a fleet) cannot be combined"
                + " with --current (three files); use one form or the other\n");
        Cli partFleet = Cli.run("diff", "--fleet", "f");
        assertThat(partFleet.exitCode()).isEqualTo(Main.USAGE);
        assertThat(partFleet.err()).startsWith("upshift: Missing required option: '--cluster=NAME'\n");
        Cli partFiles = Cli.run("diff", "--current", "c.yaml");
        assertThat(partFiles.exitCode()).isEqualTo(Main.USAGE);
        assertThat(partFiles.err()).startsWith("upshift: Missing required option: '--target=FILE'\n");
        Cli none = Cli.run("diff");
        assertThat(none.exitCode()).isEqualTo(Main.USAGE);
        assertThat(none.err()).startsWith("upshift: Missing required options: '--current=FILE', '--target=FILE'"
                + " (or --fleet and --cluster)\n");
    }

    @Test
    void helpShowsBothForms() {
        Cli r = Cli.run("diff", "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: upshift diff [-hV] --current=FILE --target=FILE",
                "   or: upshift diff [-hV] --fleet=DIR --cluster=NAME [--to=VERSION]", "--fleet=DIR", "--to=VERSION");
        assertThat(r.out().lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    }

    @Test
    @DisplayName("a release two hops away: a note says the engine publishes it as two hops, and the change is the path's")
    void twoHopsAreSaid() {
        Path demo = Path.of("..", "fleet").toAbsolutePath().normalize();
        Cli r = Cli.run("diff", "--fleet", demo.toString(), "--cluster", "prod-eu-checkout-1", "--to", "20.1.0");
        assertThat(r.err()).contains("upshift: note: 19.2.4 → 20.1.0 is published as 2 hops, 19.2.4 → 20.0.2 → 20.1.0,"
                + " each in a window of its own; the change below is the whole path's at once (--to 20.0.2 shows the"
                + " first hop's)");
        assertThat(Cli.run("diff", "--fleet", demo.toString(), "--cluster", "prod-eu-checkout-1", "--to", "20.0.2").err())
                .doesNotContain("published as");
    }

    @Test
    @DisplayName("changes the cluster's own values make are listed as the cluster's values, not as release changes")
    void valuesAreNotReleaseChanges() {
        Path demo = Path.of("..", "fleet").toAbsolutePath().normalize();
        // dev-eu-platform-1 runs 20.1.0; its values move its workers to m6i.2xlarge
        String config = Cli.run("diff", "--fleet", demo.toString(), "--cluster", "dev-eu-platform-1", "--to", "20.1.0").out();
        assertThat(config).doesNotContain("release changes").contains("""
                AWSMachineTemplate/org-platform/dev-eu-platform-1-md-0-8e8731e6 (new)
                  the cluster's values
                    ~ spec.template.spec.instanceType: "m6i.xlarge" -> "m6i.2xlarge"  [replace]""");
        String hop = Cli.run("diff", "--fleet", demo.toString(), "--cluster", "dev-eu-platform-1", "--to", "20.1.1").out();
        assertThat(hop).contains("""
                MachineDeployment/org-platform/dev-eu-platform-1-md-0
                  release changes
                    ~ spec.template.spec.version: "v1.30.2" -> "v1.30.4"  [rolling]
                  the cluster's values
                    ~ spec.template.spec.infrastructureRef.name: "dev-eu-platform-1-md-0" -> "dev-eu-platform-1-md-0-8e8731e6\"""")
                .contains("""
                KubeadmControlPlane/org-platform/dev-eu-platform-1-control-plane
                  release changes
                    ~ spec.version: "v1.30.2" -> "v1.30.4"  [rolling]""");
        String plain = Cli.run("diff", "--fleet", demo.toString(), "--cluster", "prod-eu-checkout-1", "--to", "20.0.2").out();
        assertThat(plain).as("a cluster without values").contains("release changes").doesNotContain("the cluster's values");
    }
}
