package dev.upshift.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.core.plan.ClusterChange;
import dev.upshift.core.plan.Planner;
import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.render.ResultJson;
import dev.upshift.release.Version;
import dev.upshift.spi.Renderer;
import dev.upshift.spi.Rendering;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff --fleet} shows the change the plan judges: for a cluster with values, with a
 * renderer and with a conflict, the same highest impact, the same blockers, and the documents a
 * publisher would be handed ({@link dev.upshift.core.plan.PreparedFleet#change}).
 */
class DiffFleetAgreesWithPlanTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> CHANGE_CODES = Set.of("FIELD_CONFLICT", "IMMUTABLE_FIELD", "INVALID_RESOURCES",
            "RENDERING_REJECTED", "RENDERER_FAILED");

    @TempDir
    static Path shared;
    static Path fleet;

    /**
     * The test fleet with two clusters more: {@code tuned-1}, on 1.1.0 and selected by nothing, whose
     * values move its workers to larger instances (a configuration upgrade), and {@code dev-2}, like
     * {@code dev-1} but with values that pin its workers' instance type across the upgrade to 1.1.0.
     */
    @BeforeAll
    static void writeFleet() throws IOException {
        fleet = TestFleet.write(shared.resolve("fleet"));
        Files.writeString(fleet.resolve("clusters/tuned-1.yaml"), """
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata:
                  name: tuned-1
                  labels: {stage: lab}
                spec:
                  release: 1.1.0
                  infrastructure: aws
                  values:
                    - match: {kind: AWSMachineTemplate}
                      values: {spec: {template: {spec: {instanceType: m6i.2xlarge}}}}
                  resources:
                    - apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                      kind: KubeadmControlPlane
                      metadata: {name: tuned-1, namespace: lab}
                      spec: {version: v1.30.2, replicas: 1}
                    - apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                      kind: AWSMachineTemplate
                      metadata: {name: tuned-1-workers, namespace: lab}
                      spec: {template: {spec: {instanceType: m6i.large}}}
                """);
        Files.writeString(fleet.resolve("clusters/dev-2.yaml"), Files.readString(fleet.resolve("clusters/dev-1.yaml"))
                .replace("dev-1", "dev-2").replace("  infrastructure: aws\n", """
                          infrastructure: aws
                          values:
                            - match: {kind: AWSMachineTemplate}
                              values: {spec: {template: {spec: {instanceType: m5.2xlarge}}}}
                        """));
    }

    /** Renders a cluster at a release as its defaults and values would, but keeps the workers' instance type as it is. */
    private static final Renderer KEEPS_INSTANCE_TYPES = (cluster, release) -> {
        DocumentSet rendered = release.defaults().then(cluster.values()).applyTo(cluster.resources(), "chart");
        List<Document> out = new ArrayList<>();
        for (Document d : rendered.documents()) {
            ObjectNode tree = d.tree().deepCopy();
            JsonNode now = cluster.resources().get(d.id()).orElseThrow().tree().at("/spec/template/spec/instanceType");
            if (tree.at("/spec/template/spec/instanceType").isTextual() && now.isTextual()) {
                ((ObjectNode) tree.at("/spec/template/spec")).put("instanceType", now.textValue());
            }
            out.add(d.withTree(tree));
        }
        return Rendering.rendered(DocumentSet.ofDocuments(out));
    };

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The plan's entry of a cluster, from {@code plan --output json}. */
    private static JsonNode planEntry(Planner planner, String cluster) {
        Cli plan = Cli.withPlanner(planner, "plan", "--fleet", fleet.toString(), "--now", TestFleet.NOW, "--output", "json");
        assertThat(plan.exitCode()).as(plan.err()).isZero();
        return StreamSupport.stream(read(plan.out()).path("entries").spliterator(), false)
                .filter(e -> e.path("cluster").asText().equals(cluster)).findFirst().orElseThrow();
    }

    /** What the plan's entry and {@code diff --fleet} say, side by side. */
    private record Both(JsonNode entry, JsonNode diff, Cli run) {}

    /**
     * Runs {@code plan} and {@code diff --fleet --output json} for a cluster and its plan's target,
     * and checks that they agree: the same highest impact, the same blockers (the plan's reasons of
     * the change's codes, the diff's blocked fields), exit 1 exactly when something blocks, and the
     * changed documents those a publisher gets.
     */
    private static Both agree(Planner planner, String cluster) {
        JsonNode entry = planEntry(planner, cluster);
        String to = entry.path("to").asText();
        Cli run = Cli.withPlanner(planner, "diff", "--fleet", fleet.toString(), "--cluster", cluster, "--to", to,
                "--output", "json");
        JsonNode diff = read(run.out());
        assertThat(diff.path("highestImpact").asText()).as("impact").isEqualTo(entry.path("impact").asText());
        List<String> planned = StreamSupport.stream(entry.path("reasons").spliterator(), false)
                .filter(r -> CHANGE_CODES.contains(r.path("code").asText()))
                .map(r -> r.path("code").asText() + " " + r.path("message").asText()).toList();
        List<String> shown = StreamSupport.stream(diff.path("changes").spliterator(), false)
                .filter(c -> c.path("resolution").asText().equals("BLOCKED"))
                .map(c -> (c.path("reason").asText().equals("IMMUTABLE") ? "IMMUTABLE_FIELD" : "FIELD_CONFLICT") + " "
                        + documentId(c) + ": " + c.path("path").asText() + ": " + c.path("message").asText())
                .toList();
        assertThat(shown).as("blockers").isEqualTo(planned);
        assertThat(run.exitCode()).as(run.err()).isEqualTo(planned.isEmpty() ? Main.OK : Main.PROBLEM);
        ClusterChange published = planner.prepare(Fleets.read(fleet)).change(cluster, Version.parse(to)).orElseThrow();
        assertThat(diff.path("documents")).as("the documents a publisher gets")
                .isEqualTo(ResultJson.tree(published.merge().orElseThrow()).path("documents"));
        return new Both(entry, diff, run);
    }

    /** A document's identity as the plan's reasons name it ({@code Kind.group namespace/name}). */
    private static String documentId(JsonNode change) {
        String group = change.path("group").asText();
        String namespace = change.path("namespace").asText();
        return change.path("kind").asText() + (group.isEmpty() ? "" : "." + group) + " "
                + (namespace.isEmpty() ? "" : namespace + "/") + change.path("name").asText();
    }

    private static List<String> changedKinds(JsonNode diff) {
        return StreamSupport.stream(diff.path("documents").spliterator(), false).map(d -> d.path("kind").asText()).toList();
    }

    @Test
    @DisplayName("a cluster whose values change its workers: the plan's config upgrade of impact replace is the change diff shows")
    void valuesAlone() {
        Both both = agree(Planner.standard(), "tuned-1");
        assertThat(both.entry().path("kind").asText()).isEqualTo("config");
        assertThat(both.entry().path("to").asText()).isEqualTo("1.1.0");
        assertThat(both.diff().path("highestImpact").asText()).isEqualTo("replace");
        assertThat(changedKinds(both.diff())).containsExactly("AWSMachineTemplate");
        assertThat(both.diff().at("/documents/0/spec/template/spec/instanceType").asText()).isEqualTo("m6i.2xlarge");
    }

    @Test
    @DisplayName("a cluster with values going to a new release: its values win over the release's defaults, in the plan and in diff")
    void valuesOnAReleaseUpgrade() {
        Both both = agree(Planner.standard(), "dev-2");
        assertThat(both.entry().path("kind").asText()).isEqualTo("minor");
        assertThat(changedKinds(both.diff())).containsExactlyInAnyOrder("KubeadmControlPlane", "AWSMachineTemplate");
        JsonNode workers = StreamSupport.stream(both.diff().path("documents").spliterator(), false)
                .filter(d -> d.path("kind").asText().equals("AWSMachineTemplate")).findFirst().orElseThrow();
        assertThat(workers.at("/spec/template/spec/instanceType").asText()).as("not 1.1.0's m6i.large")
                .isEqualTo("m5.2xlarge");
    }

    @Test
    @DisplayName("with a renderer, the plan and diff both merge towards its dry run: a rolling change where the defaults alone replace nodes")
    void withARenderer() {
        Planner rendering = Planner.builder().renderer(KEEPS_INSTANCE_TYPES).build();
        Both both = agree(rendering, "dev-1");
        assertThat(both.diff().path("highestImpact").asText()).isEqualTo("rolling");
        assertThat(changedKinds(both.diff())).containsExactly("KubeadmControlPlane");
        assertThat(agree(Planner.standard(), "dev-1").diff().path("highestImpact").asText()).as("without it")
                .isEqualTo("replace");
    }

    @Test
    @DisplayName("a cluster with a conflict: the plan's FIELD_CONFLICT is the field diff blocks on, exit 1")
    void conflict() {
        Both both = agree(Planner.standard(), "prod-1");
        assertThat(both.entry().path("state").asText()).isEqualTo("blocked");
        assertThat(both.run().exitCode()).isEqualTo(Main.PROBLEM);
        assertThat(both.run().err()).endsWith("upshift: the merge is blocked: 1 field needs a decision\n");
    }

    @Test
    @DisplayName("a renderer's rejection: the plan's reason is diff's one error, with nothing on stdout and exit 1")
    void rejectedRendering() {
        Planner refusing = Planner.builder().renderer((cluster, release) -> Rendering.rejected("the webhook says no"))
                .build();
        JsonNode entry = planEntry(refusing, "dev-1");
        assertThat(entry.at("/reasons/0/code").asText()).isEqualTo("RENDERING_REJECTED");
        Cli diff = Cli.withPlanner(refusing, "diff", "--fleet", fleet.toString(), "--cluster", "dev-1", "--to", "1.1.0");
        assertThat(diff).isEqualTo(new Cli(Main.PROBLEM, "", "upshift: " + entry.at("/reasons/0/message").asText() + "\n"));
        assertThat(diff.err()).isEqualTo("upshift: dev-1 cannot be rendered at release 1.1.0: the webhook says no\n");
    }
}
