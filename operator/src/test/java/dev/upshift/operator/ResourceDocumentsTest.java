package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.problem.Problem;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.fleet.FleetKinds;
import dev.upshift.operator.resource.ClusterUpgradeResource;
import dev.upshift.operator.resource.ClusterUpgradeSpec;
import dev.upshift.operator.resource.MaintenanceScheduleResource;
import dev.upshift.operator.resource.ReleaseResource;
import dev.upshift.release.Release;
import dev.upshift.schedule.MaintenanceSchedule;
import dev.upshift.spi.ClusterUpgrade;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A resource reads as the document it mirrors: the examples of docs/formats.md, read once as files
 * (the fleet folder's readers) and once as custom resources, give the same values, and a resource
 * the reader refuses is refused with its name, the field and what was expected.
 */
class ResourceDocumentsTest {
    static final Path FORMATS = Path.of("..", "docs", "formats.md");

    @Test
    @DisplayName("the ClusterUpgrade examples of formats.md read the same as resources as they do as files")
    void upgradesReadAsFilesDo() throws IOException {
        String yaml = FormatsDoc.example(FORMATS, "ClusterUpgrade");
        List<ClusterUpgrade> asFiles = FleetKinds.CLUSTER_UPGRADE.readAll(
                DocumentLoader.create().load("upgrades.yaml", yaml), noProblems());
        ResourceDocuments.Read read = new ResourceDocuments().read(List.of(), List.of(),
                resources(yaml, ClusterUpgradeResource.class));

        assertThat(read.problems()).isEmpty();
        assertThat(asFiles).hasSize(2);
        assertThat(read.upgrades().items()).hasSize(2);
        for (int i = 0; i < asFiles.size(); i++) {
            assertSameValues(read.upgrades().items().get(i), asFiles.get(i));
        }
    }

    @Test
    @DisplayName("the MaintenanceSchedule and Release examples of formats.md read the same as resources as they do as files")
    void schedulesAndReleasesReadAsFilesDo() throws IOException {
        String schedules = FormatsDoc.example(FORMATS, "MaintenanceSchedule");
        String releases = FormatsDoc.example(FORMATS, "Release");
        List<MaintenanceSchedule> scheduleFiles = MaintenanceSchedule.KIND.readAll(
                DocumentLoader.create().load("schedules.yaml", schedules), noProblems());
        List<Release> releaseFiles = Release.KIND.readAll(
                DocumentLoader.create().load("releases.yaml", releases), noProblems());
        ResourceDocuments.Read read = new ResourceDocuments().read(resources(releases, ReleaseResource.class),
                resources(schedules, MaintenanceScheduleResource.class), List.of());

        assertThat(read.problems()).isEmpty();
        assertThat(read.schedules().items()).hasSameSizeAs(scheduleFiles).isNotEmpty();
        for (int i = 0; i < scheduleFiles.size(); i++) {
            MaintenanceSchedule r = read.schedules().items().get(i);
            MaintenanceSchedule f = scheduleFiles.get(i);
            assertThat(r.name()).isEqualTo(f.name());
            assertSameValues(r, f);
        }
        assertThat(read.releases().items()).hasSameSizeAs(releaseFiles).hasSize(2);
        for (int i = 0; i < releaseFiles.size(); i++) {
            Release r = read.releases().items().get(i);
            Release f = releaseFiles.get(i);
            assertThat(r.version()).isEqualTo(f.version());
            assertThat(r.components()).isEqualTo(f.components());
            assertThat(r.upgradesFrom()).isEqualTo(f.upgradesFrom());
            assertThat(r.channels()).isEqualTo(f.channels());
            assertThat(r.state()).isEqualTo(f.state());
            assertThat(r.endOfLife()).isEqualTo(f.endOfLife());
            assertThat(r.componentUpgradesFrom()).isEqualTo(f.componentUpgradesFrom());
            assertSameValues(r.fieldRules().rules(), f.fieldRules().rules());
            assertSameValues(r.defaults().rules(), f.defaults().rules());
        }
    }

    @Test
    @DisplayName("a resource the reader refuses names itself, the field and what was expected, at its line in the document")
    void aRefusedResourceIsNamed() {
        ClusterUpgradeResource u = new ClusterUpgradeResource();
        u.setMetadata(new ObjectMetaBuilder().withName("broken").withNamespace("upshift-system").build());
        u.setSpec(new ClusterUpgradeSpec(List.of(OperatorWorld.label("stage", "dev")), "twenty", null, null, "soon",
                null, null, null, null, null, null));

        ResourceDocuments.Read read = new ResourceDocuments().read(List.of(), List.of(), List.of(u));

        assertThat(read.upgrades().items()).isEmpty();
        assertThat(read.problemsOf(u)).isNotEmpty().allSatisfy(p -> {
            assertThat(p.toString()).startsWith("ClusterUpgrade upshift-system/broken:");
            assertThat(p.toString()).doesNotContain("Exception");
        });
        assertThat(read.problemsOf(u)).extracting(Problem::field).contains("spec.release", "spec.expectedDuration");
        String text = ResourceDocuments.documentText(u, u.getSpec());
        Problem release = read.problemsOf(u).stream().filter(p -> p.field().equals("spec.release")).findFirst()
                .orElseThrow();
        assertThat(text.lines().toList().get(release.location().line() - 1)).contains("\"release\"");
        assertThat(read.unread()).extracting(d -> d.name()).containsExactly("broken");
    }

    private static <T extends CustomResource<?, ?>> List<T> resources(String yaml, Class<T> type) {
        List<T> out = new ArrayList<>();
        for (String doc : yaml.split("(?m)^---$")) {
            T r = Serialization.unmarshal(doc, type);
            r.getMetadata().setNamespace("upshift-system");
            out.add(r);
        }
        return out;
    }

    private final Problems fileProblems = new Problems();

    private Problems noProblems() {
        return fileProblems;
    }

    @org.junit.jupiter.api.AfterEach
    void examplesHadNoProblem() {
        assertThat(fileProblems.all()).as("the examples read as files").isEmpty();
    }

    /** The same values, but for where each was read from ({@code location}, {@code origin}, {@code metadata}). */
    private static void assertSameValues(Object fromResource, Object fromFile) {
        if (fromResource instanceof List<?> a && fromFile instanceof List<?> b) {
            assertThat(a).hasSameSizeAs(b);
            for (int i = 0; i < a.size(); i++) {
                assertSameValues(a.get(i), b.get(i));
            }
            return;
        }
        if (!(fromResource instanceof Record)) {
            assertThat(fromResource).isEqualTo(fromFile);
            return;
        }
        for (RecordComponent c : fromResource.getClass().getRecordComponents()) {
            if (List.of("location", "origin", "metadata").contains(c.getName())) {
                continue;
            }
            try {
                assertSameValues(c.getAccessor().invoke(fromResource), c.getAccessor().invoke(fromFile));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }

    static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
