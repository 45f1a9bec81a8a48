package dev.upshift.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.upshift.common.problem.SourceLocation;
import dev.upshift.diff.document.DefaultsRule;
import dev.upshift.diff.document.DocumentDefaults;
import dev.upshift.diff.document.DocumentMatch;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.release.Version;
import dev.upshift.release.VersionFormatException;
import dev.upshift.schedule.Freeze;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ManagedClusterTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @Test
    @DisplayName("a builder with an id, a release and an infrastructure makes a cluster with nothing optional set")
    void smallestCluster() {
        ManagedCluster cluster = ManagedCluster.builder("prod-eu-1").infrastructure("aws").release("19.3.1").build();

        assertThat(cluster.id()).isEqualTo("prod-eu-1");
        assertThat(cluster.infrastructure()).isEqualTo("aws");
        assertThat(cluster.release()).isEqualTo(Version.of(19, 3, 1));
        assertThat(cluster.labels()).isEmpty();
        assertThat(cluster.schedule()).isEmpty();
        assertThat(cluster.freeze()).isEmpty();
        assertThat(cluster.values().isEmpty()).isTrue();
        assertThat(cluster.resources().isEmpty()).isTrue();
        assertThat(cluster.location()).isEqualTo(SourceLocation.of("cluster prod-eu-1"));
    }

    @Test
    @DisplayName("every part set on the builder arrives in the cluster")
    void everyPart() {
        Freeze freeze = new Freeze(Instant.parse("2026-12-31T00:00:00Z"), "year-end change freeze");
        DocumentDefaults values = DocumentDefaults.of(List.of(DefaultsRule.of(DocumentMatch.any(), JSON.objectNode().put("replicas", 3))));
        DocumentSet resources = DocumentSet.of(document("KubeadmControlPlane", "prod-eu-1-cp"));
        SourceLocation where = new SourceLocation("fleet/prod-eu-1.yaml", 1, 1);

        ManagedCluster cluster = ManagedCluster.builder("prod-eu-1")
                .label("stage", "prod").labels(Map.of("region", "eu"))
                .infrastructure("aws").release(Version.parse("v19.3.1")).schedule("weekday-nights")
                .freeze(freeze).values(values).resources(resources).location(where)
                .build();

        assertThat(cluster.labels()).containsExactly(Map.entry("region", "eu"), Map.entry("stage", "prod"));
        assertThat(cluster.schedule()).contains("weekday-nights");
        assertThat(cluster.freeze()).contains(freeze);
        assertThat(cluster.values()).isSameAs(values);
        assertThat(cluster.resources()).isSameAs(resources);
        assertThat(cluster.location()).isEqualTo(where);
    }

    @Test
    @DisplayName("labels iterate in key order whatever order they were given in, so plans never depend on hashing")
    void labelsIterateInKeyOrder() {
        qt().forAll(lists().of(strings().betweenCodePoints('A', 'z').ofLengthBetween(1, 6)).ofSizeBetween(0, 12))
                .checkAssert(keys -> {
                    Map<String, String> given = new LinkedHashMap<>();
                    keys.forEach(k -> given.put(k, "v-" + k));
                    ManagedCluster cluster = withLabels(given);
                    List<String> sorted = new ArrayList<>(given.keySet());
                    sorted.sort(null);
                    assertThat(cluster.labels().keySet()).containsExactlyElementsOf(sorted);
                    assertThat(cluster.labels()).isEqualTo(given);
                });
    }

    @Test
    @DisplayName("labels are copied: a later change to the given map changes nothing; the cluster's map is read-only")
    void labelsAreCopied() {
        Map<String, String> given = new HashMap<>(Map.of("stage", "prod"));
        ManagedCluster cluster = withLabels(given);
        given.put("stage", "dev");

        assertThat(cluster.labels()).containsEntry("stage", "prod");
        assertThatThrownBy(() -> cluster.labels().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    @DisplayName("the canonical constructor rejects a blank id, infrastructure, label key or schedule name")
    void constructorValidates() {
        assertThatThrownBy(() -> cluster(" ", Map.of(), "aws", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("metadata.name");
        assertThatThrownBy(() -> cluster("c", Map.of(), "", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("spec.infrastructure");
        assertThatThrownBy(() -> cluster("c", Map.of(" ", "x"), "aws", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("label key");
        assertThatThrownBy(() -> cluster("c", Map.of(), "aws", Optional.of("")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("spec.schedule");
        assertThatThrownBy(() -> new ManagedCluster("c", Map.of(), "aws", Version.of(1, 0, 0), Optional.empty(),
                null, DocumentDefaults.none(), DocumentSet.empty(), SourceLocation.of("x")))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("freeze");
    }

    @Test
    @DisplayName("a label may have an empty value, as in Kubernetes")
    void emptyLabelValue() {
        assertThat(withLabels(Map.of("canary", "")).labels()).containsEntry("canary", "");
    }

    @Test
    @DisplayName("the builder rejects bad parts when set, and a cluster without release or infrastructure on build")
    void builderValidates() {
        assertThatThrownBy(() -> ManagedCluster.builder("")).isInstanceOf(IllegalArgumentException.class);
        ManagedCluster.Builder b = ManagedCluster.builder("c");
        assertThatThrownBy(() -> b.infrastructure(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.label("", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.schedule("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> b.release("nineteen")).isInstanceOf(VersionFormatException.class);
        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class).hasMessageContaining("spec.release");
        b.release("19.3.1");
        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("spec.infrastructure");
        assertThat(b.infrastructure("aws").build().id()).isEqualTo("c");
    }

    @Test
    @DisplayName("toBuilder rebuilds an equal cluster, and changes only what is set on it")
    void toBuilderRoundTrips() {
        ManagedCluster cluster = ManagedCluster.builder("prod-eu-1").label("stage", "prod").infrastructure("aws")
                .release("19.3.1").schedule("weekday-nights")
                .freeze(new Freeze(Instant.parse("2026-12-31T00:00:00Z"), "year end"))
                .values(DocumentDefaults.of(List.of(DefaultsRule.of(DocumentMatch.any(), JSON.objectNode().put("a", 1))))).build();

        assertThat(cluster.toBuilder().build()).isEqualTo(cluster);
        ManagedCluster moved = cluster.toBuilder().release("20.1.0").noFreeze().noSchedule().noValues().build();
        assertThat(moved.release()).isEqualTo(Version.of(20, 1, 0));
        assertThat(moved.freeze()).isEmpty();
        assertThat(moved.schedule()).isEmpty();
        assertThat(moved.values().isEmpty()).isTrue();
        assertThat(moved.labels()).isEqualTo(cluster.labels());
        assertThat(cluster.release()).isEqualTo(Version.of(19, 3, 1));
    }

    private static ManagedCluster withLabels(Map<String, String> labels) {
        return cluster("c", labels, "aws", Optional.empty());
    }

    private static ManagedCluster cluster(String id, Map<String, String> labels, String infrastructure,
            Optional<String> schedule) {
        return new ManagedCluster(id, labels, infrastructure, Version.of(19, 3, 1), schedule, Optional.empty(),
                DocumentDefaults.none(), DocumentSet.empty(), SourceLocation.of("test"));
    }

    static ObjectNode document(String kind, String name) {
        ObjectNode tree = JSON.objectNode();
        tree.put("apiVersion", "cluster.x-k8s.io/v1beta1");
        tree.put("kind", kind);
        tree.putObject("metadata").put("name", name);
        return tree;
    }
}
