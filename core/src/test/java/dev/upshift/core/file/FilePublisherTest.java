package dev.upshift.core.file;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import dev.upshift.testing.Processes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded publisher on real folders: what it writes, what it refuses, and that it writes nothing twice. */
class FilePublisherTest {
    private static final Version TO = Version.parse("20.1.0");
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\n";

    static final String CLUSTER = """
            # Production in Frankfurt. Upgrades go through the platform team.
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: prod-eu-1
              labels: {stage: prod, region: eu}
            spec:
              release: 19.3.1   # moved by upshift
              infrastructure: aws
              resourcesFrom: prod-eu-1
            """;
    static final String KCP = """
            # The control plane; sizes agreed with the database team.
            apiVersion: controlplane.cluster.x-k8s.io/v1beta1
            kind: KubeadmControlPlane
            metadata:
              name: prod-eu-1-control-plane
              namespace: org-platform
            spec:
              replicas: 3            # three for quorum
              version: v1.29.6
              kubeadmConfigSpec:
                clusterConfiguration:
                  apiServer:
                    extraArgs:
                      cloud-provider: external
                      audit-log-maxage: '30'   # keep a month
            """;
    static final String INLINE = """
            apiVersion: upshift.dev/v1alpha1
            kind: ManagedCluster
            metadata:
              name: dev-eu-1
            spec:
              release: 19.3.1
              infrastructure: aws
              resources:
                # the control plane
                - apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                  kind: KubeadmControlPlane
                  metadata:
                    name: dev-eu-1-control-plane
                    namespace: org-dev
                  spec:
                    replicas: 1
                    version: v1.29.6
            """;

    @TempDir
    Path fleet;

    private Path write(String name, String text) throws IOException {
        Path p = fleet.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @BeforeEach
    void aFleet() throws IOException {
        write("releases/19.3.1.yaml", HEADER + """
                kind: Release
                metadata: {name: "19.3.1"}
                spec:
                  components: {kubernetes: 1.29.6}
                  defaults:
                    - match: {kind: KubeadmControlPlane}
                      values: {spec: {version: v1.29.6}}
                """);
        write("releases/20.1.0.yaml", HEADER + """
                kind: Release
                metadata: {name: "20.1.0"}
                spec:
                  components: {kubernetes: 1.30.2}
                  defaults:
                    - match: {kind: KubeadmControlPlane}
                      values:
                        spec:
                          version: v1.30.2
                          kubeadmConfigSpec: {clusterConfiguration: {apiServer: {extraArgs: {profiling: "false"}}}}
                """);
        write("clusters/prod-eu-1.yaml", CLUSTER);
        write("clusters/prod-eu-1/kcp.yaml", KCP);
        write("clusters/dev-eu-1.yaml", INLINE);
    }

    /** The cluster as the fleet reader reads it now. */
    private ManagedCluster cluster(String id) {
        return FleetFolder.of(fleet).read().clusters().items().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    /** The change the planner computes for the cluster's upgrade to 20.1.0, from the fleet as it is now. */
    private MergeResult change(String id) {
        FleetContents contents = FleetFolder.of(fleet).read();
        return Planner.standard().prepare(PlanInput.from(contents, List.of())).change(id, TO).orElseThrow().merge().orElseThrow();
    }

    private Upgrade upgrade(String id) {
        return Upgrade.of(id + "-19.3.1-20.1.0", cluster(id), TO);
    }

    private Map<String, String> files() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(fleet)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                out.put(fleet.relativize(p).toString(), Files.readString(p));
            }
        }
        return out;
    }

    @Test
    @DisplayName("an upgrade of a cluster with a resource folder: spec.release and the changed lines, nothing else")
    void publishesIntoResourceFiles() throws IOException {
        MergeResult change = change("prod-eu-1");

        Publication p = FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), change);

        assertThat(p).isEqualTo(Publication.published("wrote clusters/prod-eu-1.yaml (1 line), clusters/prod-eu-1/kcp.yaml (2 lines)"));
        assertThat(Files.readString(fleet.resolve("clusters/prod-eu-1.yaml")))
                .isEqualTo(CLUSTER.replace("release: 19.3.1 ", "release: 20.1.0 "));
        assertThat(Files.readString(fleet.resolve("clusters/prod-eu-1/kcp.yaml"))).isEqualTo(KCP
                .replace("version: v1.29.6", "version: v1.30.2")
                .replace("'30'   # keep a month\n", "'30'   # keep a month\n          profiling: 'false'\n"));
        assertReadsBackAsTheMerge("prod-eu-1", change);
    }

    @Test
    @DisplayName("an upgrade of a cluster with inline resources: one file, its release and resources edited together")
    void publishesInlineResources() throws IOException {
        MergeResult change = change("dev-eu-1");

        Publication p = FilePublisher.of(fleet).publish(upgrade("dev-eu-1"), change);

        assertThat(p).isEqualTo(Publication.published("wrote clusters/dev-eu-1.yaml (7 lines)"));
        assertThat(Files.readString(fleet.resolve("clusters/dev-eu-1.yaml"))).isEqualTo(INLINE
                .replace("release: 19.3.1", "release: 20.1.0")
                .replace("        version: v1.29.6\n", """
                                version: v1.30.2
                                kubeadmConfigSpec:
                                  clusterConfiguration:
                                    apiServer:
                                      extraArgs:
                                        profiling: "false"
                        """));
        assertReadsBackAsTheMerge("dev-eu-1", change);
    }

    @Test
    @DisplayName("a fleet read from one file is published into that file")
    void aFleetOfOneFile() throws IOException {
        Path file = fleet.resolve("clusters/dev-eu-1.yaml");
        Files.writeString(file, INLINE + "---\n" + Files.readString(fleet.resolve("releases/19.3.1.yaml")) + "---\n"
                + Files.readString(fleet.resolve("releases/20.1.0.yaml")));
        FleetContents contents = FleetFolder.of(file).read();
        MergeResult change = Planner.standard().prepare(PlanInput.from(contents, List.of())).change("dev-eu-1", TO)
                .orElseThrow().merge().orElseThrow();
        ManagedCluster cluster = contents.clusters().items().get(0);

        Publication p = FilePublisher.of(file).publish(Upgrade.of("u", cluster, TO), change);

        assertThat(p).isEqualTo(Publication.published("wrote dev-eu-1.yaml (7 lines)"));
        assertThat(FleetFolder.of(file).read().clusters().items().get(0).release()).isEqualTo(TO);
    }

    private void assertReadsBackAsTheMerge(String id, MergeResult change) {
        FleetContents after = FleetFolder.of(fleet).read();
        assertThat(after.problems()).isEmpty();
        ManagedCluster published = after.clusters().items().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
        assertThat(published.release()).isEqualTo(TO);
        DocumentSet resources = published.resources();
        assertThat(resources.ids()).containsExactlyElementsOf(change.documents().ids());
        for (Document d : change.documents().documents()) {
            assertThat(JsonTrees.equal(resources.get(d.id()).orElseThrow().tree(), d.tree(), CONTENT)).as("%s", d).isTrue();
        }
    }

    @Test
    @DisplayName("publishing the same upgrade again writes nothing and says it was already published")
    void publishingTwiceIsANoOp() throws IOException {
        MergeResult change = change("prod-eu-1");
        Upgrade upgrade = upgrade("prod-eu-1");
        FilePublisher publisher = FilePublisher.of(fleet);
        publisher.publish(upgrade, change);
        Map<String, String> once = files();
        long modified = Files.getLastModifiedTime(fleet.resolve("clusters/prod-eu-1/kcp.yaml")).toMillis();

        Publication again = publisher.publish(upgrade, change);

        assertThat(again).isEqualTo(Publication.published(
                "already published: clusters/prod-eu-1.yaml, clusters/prod-eu-1/kcp.yaml hold release 20.1.0"));
        assertThat(files()).isEqualTo(once);
        assertThat(Files.getLastModifiedTime(fleet.resolve("clusters/prod-eu-1/kcp.yaml")).toMillis()).isEqualTo(modified);
    }

    @Test
    @DisplayName("after a crash between two renames, publishing again writes only what is missing; hidden leftovers are not read")
    void repairsAHalfPublishedUpgrade() throws IOException {
        MergeResult change = change("prod-eu-1");
        Upgrade upgrade = upgrade("prod-eu-1");
        String published = KCP.replace("version: v1.29.6", "version: v1.30.2")
                .replace("'30'   # keep a month\n", "'30'   # keep a month\n          profiling: 'false'\n");
        write("clusters/prod-eu-1/kcp.yaml", published);
        write("clusters/.prod-eu-1.yaml.4711" + FileTransaction.SUFFIX, "half: [written");

        Publication p = FilePublisher.of(fleet).publish(upgrade, change);

        assertThat(p).isEqualTo(Publication.published("wrote clusters/prod-eu-1.yaml (1 line)"));
        assertThat(Files.readString(fleet.resolve("clusters/prod-eu-1/kcp.yaml"))).isEqualTo(published);
        assertThat(FleetFolder.of(fleet).read().problems()).isEmpty();
        assertThat(cluster("prod-eu-1").release()).isEqualTo(TO);
    }

    @Test
    @DisplayName("a file edited under the change is rejected, naming the file and field, and nothing is written")
    void concurrentEdit() throws IOException {
        MergeResult change = change("prod-eu-1");
        Upgrade upgrade = upgrade("prod-eu-1");
        write("clusters/prod-eu-1/kcp.yaml", KCP.replace("v1.29.6", "v1.29.7"));
        Map<String, String> before = files();

        Publication p = FilePublisher.of(fleet).publish(upgrade, change);

        assertThat(p).isInstanceOf(Publication.Rejected.class);
        assertThat(((Publication.Rejected) p).reason()).contains("prod-eu-1/kcp.yaml: controlplane.cluster.x-k8s.io/v1beta1/"
                + "KubeadmControlPlane/org-platform/prod-eu-1-control-plane: spec.version is the text 'v1.29.7' in the file,"
                + " where the change expected the text 'v1.29.6'").contains("compute it again");
        assertThat(files()).isEqualTo(before);
    }

    @Test
    @DisplayName("a spec.release moved by someone else is rejected: the upgrade was planned from another release")
    void releaseMovedUnderIt() throws IOException {
        MergeResult change = change("prod-eu-1");
        Upgrade upgrade = upgrade("prod-eu-1");
        write("clusters/prod-eu-1.yaml", CLUSTER.replace("19.3.1", "19.3.2"));
        Map<String, String> before = files();

        Publication p = FilePublisher.of(fleet).publish(upgrade, change);

        assertThat(p).isInstanceOf(Publication.Rejected.class);
        assertThat(((Publication.Rejected) p).reason()).endsWith("prod-eu-1.yaml: spec.release of prod-eu-1 is \"19.3.2\","
                + " but the upgrade was planned from 19.3.1; plan again");
        assertThat(files()).isEqualTo(before);
    }

    @Test
    @DisplayName("a file system mounted read-only is a fault to try again, not a refusal: once remounted, it publishes")
    void readOnlyMount() throws Exception {
        MergeResult change = change("prod-eu-1");
        Map<String, String> before = files();
        mountReadOnly(fleet);
        try {
            assertThatThrownBy(() -> FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), change))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("is mounted read-only");
        } finally {
            Processes.run(new ProcessBuilder("umount", fleet.toString()), Duration.ofSeconds(30));
        }
        assertThat(files()).isEqualTo(before);
        assertThat(FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), change))
                .isInstanceOf(Publication.Published.class);
    }

    /**
     * Binds the folder onto itself read-only, as a read-only mount of the fleet's disk looks to the
     * publisher. Needs root (CI runs as root): skipped loudly elsewhere, a failure in CI.
     */
    private static void mountReadOnly(Path folder) throws Exception {
        String at = folder.toString();
        Processes.Finished bind = Processes.run(new ProcessBuilder("mount", "--bind", at, at), Duration.ofSeconds(30));
        if (bind.exitCode() != 0) {
            String why = "cannot bind-mount a folder read-only here (needs root): " + bind.output().strip()
                    + "; the read-only mount test is SKIPPED";
            System.err.println("upshift: " + why);
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail(why + ", and CI (CI=true) requires it");
            }
            Assumptions.abort(why);
        }
        Processes.Finished ro = Processes.run(new ProcessBuilder("mount", "-o", "remount,bind,ro", at, at),
                Duration.ofSeconds(30));
        assertThat(ro.exitCode()).as(ro.output()).isZero();
    }

    @Test
    @DisplayName("a read-only file is rejected and no file is written, not even the writable ones")
    void readOnlyFile() throws IOException {
        MergeResult change = change("prod-eu-1");
        Path kcp = fleet.resolve("clusters/prod-eu-1/kcp.yaml");
        Files.setPosixFilePermissions(kcp, PosixFilePermissions.fromString("r--r--r--"));
        Map<String, String> before = files();

        Publication p = FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), change);

        assertThat(p).isEqualTo(Publication.rejected("cannot write " + kcp.toRealPath() + ": it is read-only"));
        assertThat(files()).isEqualTo(before);
        try (Stream<Path> all = Files.walk(fleet)) {
            assertThat(all.filter(f -> f.toString().endsWith(FileTransaction.SUFFIX))).as("temporary files").isEmpty();
        }
    }

    @Test
    @DisplayName("documents from a file outside the fleet folder, by .. or a symbolic link, are rejected")
    void outsideTheFleetFolder(@TempDir Path elsewhere) throws IOException {
        Path outside = elsewhere.resolve("kcp.yaml");
        Files.writeString(outside, KCP);
        Path link = fleet.resolve("clusters/prod-eu-1/link.yaml");
        Files.createSymbolicLink(link, outside);
        Path dotDot = fleet.resolve("clusters").resolve("..").resolve("..").resolve(elsewhere.getFileName()).resolve("kcp.yaml");
        Map<String, String> before = files();

        for (Path source : List.of(dotDot, link)) {
            DocumentSet current = DocumentSet.read(DocumentLoader.create().load(source.toString(), KCP));
            DocumentSet target = DocumentSet.read(DocumentLoader.create().load("t.yaml", KCP.replace("v1.29.6", "v1.30.2")));
            MergeResult change = ThreeWayMerge.withRules(FieldRules.none()).merge(current, current, target);

            Publication p = FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), change);

            assertThat(p).isInstanceOf(Publication.Rejected.class);
            assertThat(((Publication.Rejected) p).reason()).startsWith("a resource file of cluster prod-eu-1, " + source)
                    .contains(source == link ? "leads out of the fleet folder" : "lies outside the fleet folder");
        }
        assertThat(files()).isEqualTo(before);
        assertThat(Files.readString(outside)).isEqualTo(KCP);
    }

    @Test
    @DisplayName("a change to a value that aliases copy is rejected, naming the file, line and field; nothing is written")
    void aliasedValue() throws IOException {
        write("clusters/prod-eu-1/kcp.yaml", KCP.replace("version: v1.29.6", "version: &k8s v1.29.6\n  other: *k8s"));
        MergeResult change = change("prod-eu-1");
        Map<String, String> before = files();

        Publication p = FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), change);

        assertThat(p).isInstanceOf(Publication.Rejected.class);
        assertThat(((Publication.Rejected) p).reason()).endsWith("prod-eu-1/kcp.yaml:9: spec.version: cannot edit in place: it"
                + " is anchored (&k8s) and aliases elsewhere copy it; change it by hand");
        assertThat(files()).isEqualTo(before);
    }

    @Test
    @DisplayName("a file that is a link inside the fleet folder is written through: the link stays a link")
    void linkInsideTheFleet() throws IOException {
        Path shared = write("shared/kcp.yaml", KCP);
        Path kcp = fleet.resolve("clusters/prod-eu-1/kcp.yaml");
        Files.delete(kcp);
        Files.createSymbolicLink(kcp, kcp.getParent().relativize(shared));

        Publication p = FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), change("prod-eu-1"));

        assertThat(p).isEqualTo(Publication.published("wrote clusters/prod-eu-1.yaml (1 line), shared/kcp.yaml (2 lines)"));
        assertThat(Files.isSymbolicLink(kcp)).isTrue();
        assertThat(Files.readString(kcp)).contains("version: v1.30.2");
    }

    @Test
    @DisplayName("a blocked change and a cluster read from no file are rejected")
    void blockedOrNoFile() throws IOException {
        DocumentSet base = DocumentSet.read(DocumentLoader.create().load("b.yaml", KCP));
        DocumentSet current = DocumentSet.read(DocumentLoader.create().load("c.yaml", KCP.replace("v1.29.6", "v1.29.9")));
        DocumentSet target = DocumentSet.read(DocumentLoader.create().load("t.yaml", KCP.replace("v1.29.6", "v1.30.2")));
        MergeResult blocked = ThreeWayMerge.withRules(FieldRules.none()).merge(base, current, target);
        assertThat(FilePublisher.of(fleet).publish(upgrade("prod-eu-1"), blocked)).isInstanceOf(Publication.Rejected.class)
                .extracting(r -> ((Publication.Rejected) r).reason()).asString().startsWith("the change of prod-eu-1 is blocked");

        ManagedCluster inMemory = ManagedCluster.builder("mem").release("19.3.1").infrastructure("aws").build();
        MergeResult none = ThreeWayMerge.withRules(FieldRules.none()).merge(DocumentSet.empty(), DocumentSet.empty(), DocumentSet.empty());
        assertThat(FilePublisher.of(fleet).publish(Upgrade.of("u", inMemory, TO), none)).isEqualTo(Publication.rejected(
                "cluster mem was not read from a file of the fleet folder (its place is 'cluster mem'); there is nothing to write"));
    }
}
