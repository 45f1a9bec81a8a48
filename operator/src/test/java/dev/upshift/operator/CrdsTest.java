package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.operator.resource.ClusterUpgradeResource;
import dev.upshift.operator.resource.MaintenanceScheduleResource;
import dev.upshift.operator.resource.ReleaseResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The CRDs under deploy/crds are generated from the resource types: this test generates them again
 * and fails when the committed files differ. {@code -Dupshift.writeCrds=true} rewrites them.
 */
class CrdsTest {
    static final Path DIR = Path.of("deploy", "crds");

    static final Map<String, Class<? extends CustomResource<?, ?>>> RESOURCES = Map.of(
            "clusterupgrades.upshift.dev.yaml", ClusterUpgradeResource.class,
            "maintenanceschedules.upshift.dev.yaml", MaintenanceScheduleResource.class,
            "releases.upshift.dev.yaml", ReleaseResource.class);

    static String generated(Class<? extends CustomResource<?, ?>> type) {
        List<CrdGenerator.Column> columns = type == ClusterUpgradeResource.class ? List.of(
                new CrdGenerator.Column("State", "string", ".status.state", "pending, inProgress, finished or invalid"),
                new CrdGenerator.Column("Outcome", "string", ".status.outcome", "success or failure, once finished"),
                new CrdGenerator.Column("To", "string", ".status.toRelease", "the release its clusters go to"),
                new CrdGenerator.Column("Clusters", "integer", ".status.clusters", "how many clusters it selects"))
                : List.of();
        return "# Generated from " + type.getName() + " by CrdsTest: do not edit (docs/operator.md)\n"
                + CrdGenerator.yaml(type, columns);
    }

    /** Every committed CRD, as the API server reads it. */
    static List<CustomResourceDefinition> committed() throws IOException {
        List<CustomResourceDefinition> out = new java.util.ArrayList<>();
        for (String file : new java.util.TreeSet<>(RESOURCES.keySet())) {
            out.add(Serialization.unmarshal(Files.readString(DIR.resolve(file), StandardCharsets.UTF_8),
                    CustomResourceDefinition.class));
        }
        return out;
    }

    @Test
    @DisplayName("the committed CRDs are the ones the resource types generate")
    void committedCrdsMatchTheTypes() throws IOException {
        boolean write = Boolean.getBoolean("upshift.writeCrds");
        for (Map.Entry<String, Class<? extends CustomResource<?, ?>>> e : RESOURCES.entrySet()) {
            Path file = DIR.resolve(e.getKey());
            String yaml = generated(e.getValue());
            if (write) {
                Files.createDirectories(DIR);
                Files.writeString(file, yaml, StandardCharsets.UTF_8);
            }
            assertThat(file).as("%s is generated: run this test with -Dupshift.writeCrds=true", file).exists();
            assertThat(Files.readString(file, StandardCharsets.UTF_8)).as(file.toString()).isEqualTo(yaml);
        }
    }

    @Test
    @DisplayName("each CRD names its kind as the documents do, with a status subresource where the operator writes one")
    void crdsNameTheDocumentKinds() throws IOException {
        List<CustomResourceDefinition> crds = committed();
        assertThat(crds).extracting(c -> c.getSpec().getNames().getKind())
                .containsExactly("ClusterUpgrade", "MaintenanceSchedule", "Release");
        assertThat(crds).allSatisfy(c -> {
            assertThat(c.getSpec().getGroup()).isEqualTo("upshift.dev");
            assertThat(c.getSpec().getVersions()).singleElement()
                    .satisfies(v -> assertThat(v.getName()).isEqualTo("v1alpha1"));
        });
        assertThat(crds.get(0).getSpec().getVersions().get(0).getSubresources().getStatus()).isNotNull();
        assertThat(crds.get(0).getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema().getProperties()
                .get("spec").getProperties()).containsKeys("matchers", "release", "target", "startTime",
                        "expectedDuration", "windowPolicy", "strategy", "fallback", "timeout", "stages");
    }
}
