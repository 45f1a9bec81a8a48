package dev.upshift.core.file;

import static dev.upshift.common.tree.JsonTrees.Equality.CONTENT;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import dev.upshift.common.tree.JsonTrees;
import dev.upshift.core.fleet.FleetContents;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.merge.FieldChange;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.path.PathElement;
import dev.upshift.release.Version;
import dev.upshift.spi.ManagedCluster;
import dev.upshift.spi.Publication;
import dev.upshift.spi.Upgrade;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every upgrade to 20.1.0 of the demo fleet (examples/fleet: Cluster API manifests for AWS, Azure
 * and vSphere, inline and in resource folders, machine templates that rotate) published into a copy
 * of it: each reads back as its merge, each file's changed lines are lines of changed fields, and
 * publishing again writes nothing.
 */
class ExampleFleetPublishingTest {
    private static final Version TO = Version.parse("20.1.0");

    @TempDir
    Path fleet;

    @Test
    @DisplayName("every cluster on 20.0.x published to 20.1.0: read back as merged, only changed fields' lines differ, once")
    void publishesTheDemoFleet() throws IOException {
        copy(Path.of("..", "examples", "fleet"), fleet);
        FilePublisher publisher = FilePublisher.of(fleet);
        List<ManagedCluster> clusters = FleetFolder.of(fleet).read().clusters().items().stream()
                .filter(c -> c.release().major() == 20 && c.release().minor() == 0).toList();
        int published = 0;
        for (ManagedCluster cluster : clusters) {
            FleetContents now = FleetFolder.of(fleet).read();
            MergeResult change = Planner.standard().prepare(PlanInput.from(now, List.of())).change(cluster.id(), TO)
                    .orElseThrow().merge().orElseThrow();
            Upgrade upgrade = Upgrade.of(cluster.id() + "-to-20.1.0", cluster, TO);
            Map<String, String> before = files();

            Publication p = publisher.publish(upgrade, change);

            if (change.isBlocked()) {
                assertThat(p).as(cluster.id()).isInstanceOf(Publication.Rejected.class);
                assertThat(files()).isEqualTo(before);
                continue;
            }
            published++;
            assertThat(p).as(cluster.id()).isInstanceOf(Publication.Published.class);
            assertThat(((Publication.Published) p).reference()).startsWith("wrote ");
            assertOnlyChangedFieldsLines(before, files(), change);
            assertReadsBack(cluster.id(), change);
            assertThat(publisher.publish(upgrade, change)).isInstanceOf(Publication.Published.class)
                    .extracting(r -> ((Publication.Published) r).reference()).asString().startsWith("already published: ");
        }
        assertThat(published).as("clusters published").isGreaterThanOrEqualTo(8);
    }

    private void assertReadsBack(String id, MergeResult change) {
        FleetContents after = FleetFolder.of(fleet).read();
        ManagedCluster c = after.clusters().items().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
        assertThat(c.release()).as(id).isEqualTo(TO);
        assertThat(c.resources().ids()).as(id).containsExactlyElementsOf(change.documents().ids());
        for (Document d : change.documents().documents()) {
            assertThat(JsonTrees.equal(c.resources().get(d.id()).orElseThrow().tree(), d.tree(), CONTENT)).as("%s %s", id, d).isTrue();
        }
    }

    /** A git diff's view: every line removed or replaced is a line of a field the merge changes (or spec.release). */
    private static void assertOnlyChangedFieldsLines(Map<String, String> before, Map<String, String> after, MergeResult change) {
        Set<String> keys = new HashSet<>(Set.of("release"));
        for (FieldChange c : change.clusterChanges()) {
            c.path().elements().stream().filter(e -> e instanceof PathElement.Field)
                    .forEach(e -> keys.add(((PathElement.Field) e).name()));
        }
        assertThat(after.keySet()).isEqualTo(before.keySet());
        for (String file : before.keySet()) {
            List<String> old = before.get(file).lines().toList();
            for (AbstractDelta<String> d : DiffUtils.diff(old, after.get(file).lines().toList()).getDeltas()) {
                for (String line : d.getSource().getLines()) {
                    String content = line.strip().replaceFirst("^- ", "");
                    String key = content.contains(":") ? content.substring(0, content.indexOf(':')).replace("\"", "") : content;
                    assertThat(keys).as("%s: the changed line '%s'", file, line).contains(key);
                }
            }
        }
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

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
