package dev.upshift.testkit.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.common.problem.InputException;
import dev.upshift.core.file.FleetFolder;
import dev.upshift.core.plan.PlanInput;
import dev.upshift.core.plan.Planner;
import dev.upshift.core.present.PlanJson;
import dev.upshift.spi.ClusterUpgrade;
import dev.upshift.spi.UpgradeState;
import dev.upshift.testkit.Worlds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFleetTest {
    private static final Instant DEMO_NOW = Instant.parse("2026-12-14T09:00:00Z");

    @TempDir
    Path dir;

    @Test
    @DisplayName("a fleet folder read by the testkit plans byte for byte as the folder read by FleetFolder")
    void aFolderPlansAsTheCliPlansIt() {
        String ours = PlanJson.render(TestFleet.of(Worlds.DEMO).plan(DEMO_NOW));
        String folders = PlanJson.render(Planner.standard().plan(PlanInput.from(FleetFolder.of(Worlds.DEMO).read(),
                List.of()), DEMO_NOW));

        assertThat(ours).isEqualTo(folders);
    }

    @Test
    @DisplayName("a changed copy changes only what it says, and the original stays as it was")
    void aChangedCopy() {
        TestFleet demo = TestFleet.of(Worlds.DEMO);
        TestFleet hasty = demo.toBuilder()
                .upgrade("fleet-to-20.1", u -> u.stage("staging", s -> s.soak(Duration.ofHours(1)))).build();

        ClusterUpgrade before = upgrade(demo, "fleet-to-20.1");
        ClusterUpgrade after = upgrade(hasty, "fleet-to-20.1");
        assertThat(before.stages().get(1).soak()).isEqualTo(Duration.ofHours(48));
        assertThat(after.stages().get(1).soak()).isEqualTo(Duration.ofHours(1));
        assertThat(after).usingRecursiveComparison().ignoringFields("location", "stages").isEqualTo(before);
        assertThat(after.stages()).usingRecursiveComparison().ignoringFields("soak").isEqualTo(before.stages());
        assertThat(hasty.plan(DEMO_NOW).entries()).as("nothing has soaked yet at the demo's instant")
                .isEqualTo(demo.plan(DEMO_NOW).entries());
    }

    @Test
    @DisplayName("a fleet written out is a fleet folder that plans as the fleet does, for a built one and a changed folder")
    void writtenOutPlansTheSame() {
        TestFleet built = Worlds.small();
        TestFleet changed = TestFleet.fromFolder(Worlds.DEMO)
                .cluster("prod-eu-platform-1", c -> c.freeze(Instant.parse("2027-02-01T00:00:00Z"), "audit"))
                .withoutCluster("dev-us-data-2").build();
        for (TestFleet f : List.of(built, changed)) {
            Path out = f.writeTo(dir.resolve("fleet-" + f.clusters().size()));
            String again = PlanJson.render(Planner.standard().plan(PlanInput.from(FleetFolder.of(out).read(), List.of()),
                    DEMO_NOW)).replace(out.toString(), "");
            assertThat(again).isEqualTo(PlanJson.render(f.plan(DEMO_NOW)).replace(Worlds.DEMO.toString(), ""));
        }
        assertThat(changed.plan(DEMO_NOW).entry("prod-eu-platform-1").orElseThrow().hasReason("FROZEN")).isTrue();
        assertThat(dir.resolve("fleet-21/clusters/dev/dev-eu-ml-1/workers.yaml")).isRegularFile();
    }

    @Test
    @DisplayName("a document with a mistake fails the build at its file, line and field; allowingProblems leaves it out")
    void mistakesNameTheirPlace() {
        FleetBuilder b = TestFleet.builder().release("1.0.0", r -> r.kubernetes("1.29.0"))
                .cluster("ok", c -> c.release("1.0.0"))
                .cluster("bad", c -> c.release("1.0.0").set("spec.replicas", "3"));

        assertThatThrownBy(b::build).isInstanceOf(InputException.class)
                .hasMessageContaining("clusters/bad.yaml:").hasMessageContaining("spec.replicas");
        TestFleet lenient = b.allowingProblems().build();
        assertThat(lenient.clusters()).extracting(c -> c.id()).containsExactly("ok");
        assertThat(lenient.problems()).isNotEmpty();
    }

    @Test
    @DisplayName("a built fleet plans as its documents say: a two-hop path, stages in order")
    void aBuiltFleetPlans() {
        var plan = Worlds.small().plan(Worlds.T0);
        assertThat(plan.entry("b").orElseThrow().path()).extracting(Object::toString).containsExactly("20.0.0", "20.1.0");
        assertThat(plan.count(UpgradeState.READY)).isEqualTo(3);
        assertThat(plan.problems()).isEmpty();
    }

    @Test
    @DisplayName("bad values given to the builder are refused at once, saying what was expected")
    void badBuilderInput() {
        FleetBuilder b = TestFleet.builder();
        assertThatThrownBy(() -> b.cluster("x", c -> c.set("spec..release", "1.0.0")))
                .hasMessage("a field path names its keys between dots, as spec.release does; not 'spec..release'");
        assertThatThrownBy(() -> b.cluster("x", c -> c.values("AWSMachineTemplate", "{spec: [")))
                .isInstanceOf(InputException.class).hasMessageStartingWith("a value given to the fleet builder:");
        assertThatThrownBy(() -> b.upgrade("u", u -> u.expectedDuration(Duration.ofHours(-1))))
                .hasMessage("a duration in a fleet document is not negative, not PT-1H");
        assertThatThrownBy(() -> b.withoutCluster("nobody")).hasMessage("the fleet has no ManagedCluster named nobody");
        assertThatThrownBy(() -> Worlds.small().explain("nobody", Worlds.T0))
                .hasMessage("the fleet has no cluster named nobody; it has [a, b, c]");
    }

    @Test
    @DisplayName("documents given as YAML are read as a folder's would be, any kind")
    void rawDocuments() {
        TestFleet f = Worlds.small().toBuilder().documents("clusters/more.yaml", """
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata: {name: d, labels: {stage: dev}}
                spec: {release: 20.0.0, infrastructure: azure}
                ---
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata: {name: e}
                spec: {release: 20.0.0, infrastructure: azure}
                """).build();
        assertThat(f.clusters()).extracting(c -> c.id()).containsExactly("a", "b", "c", "d", "e");
        assertThat(f.cluster("d").orElseThrow().location().source()).isEqualTo("clusters/more.yaml");
    }

    @Test
    @DisplayName("a missing fleet folder is an error naming it")
    void aMissingFolder() {
        assertThatThrownBy(() -> TestFleet.of(dir.resolve("nowhere"))).isInstanceOf(InputException.class)
                .hasMessageContaining("nowhere");
        assertThat(Files.exists(dir.resolve("nowhere"))).isFalse();
    }

    private static ClusterUpgrade upgrade(TestFleet f, String name) {
        return f.contents().upgrades().items().stream().filter(u -> u.name().equals(name)).findFirst().orElseThrow();
    }
}
