package dev.upshift.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.Listing;
import dev.upshift.spi.ManagedCluster;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded default sources over a fleet folder. */
class FleetFolderTest {
    private static final String HEADER = "apiVersion: upshift.dev/v1alpha1\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    private static String release(String version) {
        return HEADER + "kind: Release\nmetadata: {name: \"" + version + "\"}\nspec: {components: {kubernetes: 1.29.4}}\n";
    }

    private static String cluster(String name, String extra) {
        return HEADER + "kind: ManagedCluster\nmetadata: {name: " + name + "}\nspec:\n  release: 1.0.0\n"
                + "  infrastructure: aws\n" + extra;
    }

    private static String upgrade(String name) {
        return HEADER + "kind: ClusterUpgrade\nmetadata: {name: " + name + "}\nspec: {matchers: [{value: a}], release: 1.1.0}\n";
    }

    private static final String SCHEDULE = HEADER + """
            kind: MaintenanceSchedule
            metadata: {name: nights}
            spec:
              maintenanceWindows:
                - {startTime: 2026-01-05T22:00:00Z, duration: 4h, recurrence: FREQ=DAILY}
            """;

    private static List<String> text(List<Problem> problems) {
        return problems.stream().map(Problem::toString).toList();
    }

    private List<String> relative(List<Problem> problems) {
        return text(problems).stream().map(s -> s.replace(dir + "/", "")).toList();
    }

    @Test
    @DisplayName("every kind, in any layout, read into the four listings in path order")
    void readsEveryKindInAnyLayout() throws IOException {
        write("b/clusters.yaml", cluster("b", "") + "---\n" + cluster("a", "  schedule: nights\n"));
        write("a/deep/er/c.yml", cluster("c", ""));
        write("everything.json", "{\"apiVersion\": \"upshift.dev/v1alpha1\", \"kind\": \"Release\","
                + " \"metadata\": {\"name\": \"1.1.0\"}, \"spec\": {\"components\": {\"kubernetes\": \"1.30.1\"}}}");
        write("z/release.yaml", release("1.0.0") + "---\n" + SCHEDULE + "---\n" + upgrade("u"));
        write(".hidden/ignored.yaml", cluster("hidden", ""));
        write("notes.txt", "not a document");

        FleetFolder folder = FleetFolder.of(dir);
        FleetContents all = folder.read();
        assertThat(all.problems()).isEmpty();
        assertThat(all.clusters().items()).extracting(ManagedCluster::id).containsExactly("c", "b", "a");
        assertThat(all.releases().items()).extracting(r -> r.version().toString()).containsExactly("1.1.0", "1.0.0");
        assertThat(all.schedules().items()).extracting(s -> s.metadata().name()).containsExactly("nights");
        assertThat(all.upgrades().items()).extracting(ClusterUpgrade::name).containsExactly("u");

        assertThat(folder.clusters()).isEqualTo(all.clusters());
        assertThat(folder.releases().items()).extracting(Release::version)
                .isEqualTo(all.releases().items().stream().map(Release::version).toList());
        assertThat(folder.schedules()).isEqualTo(all.schedules());
        assertThat(folder.upgrades()).isEqualTo(all.upgrades());
        assertThat(folder.read().clusters()).as("equal files, equal listings").isEqualTo(all.clusters());
    }

    @Test
    @DisplayName("a bad document is left out and reported in its listing; the rest of the fleet still loads")
    void badDocumentsAreProblemsNotFailures() throws IOException {
        write("clusters.yaml", cluster("good", "") + "---\n" + cluster("bad", "  relase: 2\n"));
        write("broken.yaml", "kind: [\n");
        write("typo.yaml", HEADER + "kind: ManagedClustr\nmetadata: {name: t}\n");
        write("r.yaml", release("1.0.0") + "---\n" + release("1.0.0"));
        write("u.yaml", upgrade("u") + "---\n" + HEADER + "kind: ClusterUpgrade\nmetadata: {name: v}\n"
                + "spec: {matchers: [{value: \"(\", isRegex: true}], release: 1.1.0}\n");
        write("s.yaml", SCHEDULE);

        FleetContents all = FleetFolder.of(dir).read();
        List<String> shared = relative(all.schedules().problems());
        assertThat(shared).as("problems of no kind reach every listing").hasSize(2);
        assertThat(shared.get(0)).startsWith("broken.yaml:2:1: invalid syntax: ");
        assertThat(shared.get(1)).isEqualTo("typo.yaml:2:7: kind: unknown kind 'ManagedClustr'; did you mean"
                + " 'ManagedCluster'?");

        Listing<ManagedCluster> clusters = all.clusters();
        assertThat(clusters.items()).extracting(ManagedCluster::id).containsExactly("good");
        assertThat(relative(clusters.problems())).startsWith(shared.toArray(String[]::new))
                .endsWith("clusters.yaml:14:3: spec.relase: unknown field; did you mean 'release'?");

        assertThat(all.releases().items()).hasSize(1);
        assertThat(relative(all.releases().problems())).containsAll(shared)
                .contains("r.yaml:8:18: metadata.name: release 1.0.0 is defined twice (first at r.yaml:1:1)");
        assertThat(all.upgrades().items()).extracting(ClusterUpgrade::name).containsExactly("u");
        assertThat(relative(all.upgrades().problems())).contains(
                "u.yaml:9:27: spec.matchers[0].value: invalid regular expression: missing closing ) (RE2 syntax)");
        assertThat(all.problems()).as("every problem once, sorted").isSorted().doesNotHaveDuplicates().hasSize(5);
    }

    @Test
    @DisplayName("resource folders are read once, become the cluster's resources and are not fleet documents")
    void resourceFolders() throws IOException {
        write("clusters/prod-eu-1.yaml", cluster("prod-eu-1", "  resourcesFrom: prod-eu-1/\n"));
        write("clusters/prod-eu-1/cluster.yaml", "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\n"
                + "metadata: {name: prod-eu-1}\n---\napiVersion: controlplane.cluster.x-k8s.io/v1beta1\n"
                + "kind: KubeadmControlPlane\nmetadata: {name: prod-eu-1}\nspec: {version: v1.29.4}\n");
        write("clusters/prod-eu-1/nested/md.yaml", "apiVersion: cluster.x-k8s.io/v1beta1\nkind: MachineDeployment\n"
                + "metadata: {name: md-0}\n");
        write("clusters/broken.yaml", cluster("broken", "  resourcesFrom: broken\n"));
        write("clusters/broken/a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n");
        write("clusters/broken/b.yaml", "apiVersion: v1\nkind: [\n");
        write("shared/base.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: base}\n");
        write("fleet/outside.yaml", cluster("outside", "  resourcesFrom: ../shared\n"));

        FleetContents in = FleetFolder.of(dir.resolve("clusters")).read();
        assertThat(in.clusters().items()).extracting(ManagedCluster::id).containsExactly("prod-eu-1");
        assertThat(in.clusters().items().get(0).resources().ids()).extracting(DocumentId::kind)
                .containsExactly("Cluster", "MachineDeployment", "KubeadmControlPlane");
        assertThat(relative(in.problems())).as("the broken file is the broken cluster's problem, reported once")
                .singleElement().asString().startsWith("clusters/broken/b.yaml:3:1: invalid syntax: ");
        assertThat(relative(in.clusters().problems())).isEqualTo(relative(in.problems()));

    }

    @Test
    @DisplayName("a resource folder outside the fleet folder, by .. or through a link, is an error at its field")
    void resourceFoldersStayInsideTheFleet() throws IOException {
        write("shared/secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata: {name: token}\nstringData: {token: hunter2}\n");
        write("fleet/outside.yaml", cluster("outside", "  resourcesFrom: ../shared\n"));
        write("fleet/sneaky.yaml", cluster("sneaky", "  resourcesFrom: ok/../../shared\n"));
        write("fleet/inside.yaml", cluster("inside", "  resourcesFrom: ok/../own\n"));
        write("fleet/own/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: own}\n");
        write("fleet/linked.yaml", cluster("linked", "  resourcesFrom: link\n"));
        Files.createSymbolicLink(dir.resolve("fleet/link"), dir.resolve("shared"));

        FleetContents fleet = FleetFolder.of(dir.resolve("fleet")).read();

        assertThat(fleet.clusters().items()).extracting(ManagedCluster::id).containsExactly("inside");
        assertThat(fleet.clusters().items().get(0).resources().ids()).extracting(DocumentId::name).containsExactly("own");
        assertThat(relative(fleet.clusters().problems())).containsExactlyInAnyOrder(
                "fleet/link: warning: a symbolic link to shared, outside the folder being read: skipped; name it on"
                        + " the command line to read it",
                "fleet/outside.yaml:7:18: spec.resourcesFrom: '../shared' leaves the fleet folder fleet; resource folders must lie inside it",
                "fleet/sneaky.yaml:7:18: spec.resourcesFrom: 'ok/../../shared' leaves the fleet folder fleet; resource"
                        + " folders must lie inside it",
                "fleet/linked.yaml:7:18: spec.resourcesFrom: 'link' leads out of the fleet folder fleet through"
                        + " a symbolic link; resource folders must lie inside it");
        assertThat(fleet.problems().toString()).doesNotContain("hunter2");
    }

    @Test
    @DisplayName("a fleet inside a zip file (as a jar ships one) reads its resource folders from the zip")
    void resourceFoldersInAZipFile() throws IOException {
        Path zip = dir.resolve("fleet.zip");
        try (FileSystem fs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
            Path fleet = fs.getPath("/fleet");
            Files.createDirectories(fleet.resolve("clusters/prod/prod-eu-1"));
            Files.writeString(fleet.resolve("clusters/prod/prod-eu-1.yaml"), cluster("prod-eu-1", "  resourcesFrom: prod-eu-1\n"));
            Files.writeString(fleet.resolve("clusters/prod/prod-eu-1/kcp.yaml"), "apiVersion: controlplane.cluster.x-k8s.io/v1beta1\n"
                    + "kind: KubeadmControlPlane\nmetadata: {name: prod-eu-1}\nspec: {version: v1.29.4}\n");
            Files.writeString(fleet.resolve("clusters/prod/missing.yaml"), cluster("missing", "  resourcesFrom: nowhere\n"));
            Files.writeString(fleet.resolve("release.yaml"), release("1.0.0"));
        }
        try (FileSystem fs = FileSystems.newFileSystem(zip)) {
            FleetContents in = FleetFolder.of(fs.getPath("/fleet")).read();
            assertThat(in.clusters().items()).extracting(ManagedCluster::id).containsExactly("prod-eu-1");
            assertThat(in.clusters().items().get(0).resources().ids()).extracting(DocumentId::kind)
                    .containsExactly("KubeadmControlPlane");
            assertThat(text(in.problems())).containsExactly(
                    "/fleet/clusters/prod/missing.yaml:7:18: spec.resourcesFrom: no such folder: /fleet/clusters/prod/nowhere");
        }
    }

    @Test
    @DisplayName("each call reads the folder again")
    void eachCallReadsAgain() throws IOException {
        FleetFolder folder = FleetFolder.of(dir);
        write("a.yaml", cluster("a", ""));
        assertThat(folder.clusters().items()).extracting(ManagedCluster::id).containsExactly("a");
        write("b.yaml", cluster("b", ""));
        assertThat(folder.clusters().items()).extracting(ManagedCluster::id).containsExactly("a", "b");
        Files.delete(dir.resolve("a.yaml"));
        assertThat(folder.clusters().items()).extracting(ManagedCluster::id).containsExactly("b");
    }

    /** Each way of asking the folder: the four sources' listings and the one reading of all four. */
    private static List<ThrowingCallable> everyCall(FleetFolder folder) {
        return List.of(folder::read, folder::clusters, folder::releases, folder::schedules, folder::upgrades);
    }

    @Test
    @DisplayName("a folder that does not exist is an exception naming it from every call, never an empty listing")
    void missingFolder() {
        Path nowhere = dir.resolve("nowhere");
        FleetFolder folder = FleetFolder.of(nowhere);
        for (ThrowingCallable call : everyCall(folder)) {
            assertThatThrownBy(call).isInstanceOf(InputException.class)
                    .hasMessage(nowhere + ": no such file or folder")
                    .satisfies(e -> assertThat(((InputException) e).problems()).extracting(Problem::location)
                            .containsExactly(SourceLocation.of(nowhere.toString())));
        }
        assertThat(folder.root()).isEqualTo(nowhere);
    }

    @Test
    @DisplayName("a symbolic link to nothing, or a root that cannot be read (a socket), is an exception naming it")
    void unreadableRoot() throws IOException {
        Path dangling = Files.createSymbolicLink(dir.resolve("fleet"), dir.resolve("gone"));
        for (ThrowingCallable call : everyCall(FleetFolder.of(dangling))) {
            assertThatThrownBy(call).isInstanceOf(InputException.class)
                    .hasMessage(dangling + ": a symbolic link to " + dir.resolve("gone") + ", which does not exist");
        }
        Path socket = dir.resolve("s.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            assertThatThrownBy(FleetFolder.of(socket)::clusters).isInstanceOf(InputException.class)
                    .hasMessageStartingWith(socket + ": cannot read: ");
        } catch (UnsupportedOperationException noUnixSockets) {
            Assumptions.abort("no Unix domain sockets here");
        }
    }

    @Test
    @DisplayName("an empty folder is an empty fleet, and what cannot be read below the root stays a listing's problem")
    void onlyTheRootItselfThrows() throws IOException {
        Files.createDirectories(dir.resolve("empty"));
        FleetContents empty = FleetFolder.of(dir.resolve("empty")).read();
        assertThat(empty.clusters().items()).isEmpty();
        assertThat(empty.problems()).isEmpty();

        write("fleet/a.yaml", cluster("a", ""));
        write("fleet/broken.yaml", "kind: [\n");
        Files.createSymbolicLink(dir.resolve("fleet/gone.yaml"), dir.resolve("fleet/nothing.yaml"));
        Listing<ManagedCluster> clusters = FleetFolder.of(dir.resolve("fleet")).clusters();
        assertThat(clusters.items()).extracting(ManagedCluster::id).containsExactly("a");
        assertThat(clusters.problems()).isNotEmpty()
                .allSatisfy(p -> assertThat(p.location().source()).isNotEqualTo(dir.resolve("fleet").toString()));
    }

    @Test
    @DisplayName("the folder's files are read with the limits given")
    void limits() throws IOException {
        write("a.yaml", cluster("a", ""));
        FleetFolder small = new FleetFolder(dir, new DocumentFiles(dev.upshift.common.source.DocumentLoader.withLimits(
                dev.upshift.common.source.LoadLimits.defaults().withMaxBytes(10))));
        assertThat(small.clusters().items()).isEmpty();
        assertThat(small.clusters().problems()).singleElement().asString().contains("a.yaml");
        assertThat(MaintenanceSchedule.KIND.name()).isEqualTo("MaintenanceSchedule");
    }
}
