package dev.upshift.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The deployment manifests agree with the code: the settings it reads, the lease it takes, the rights it uses. */
class ManifestsTest {
    static final Path DEPLOY = Path.of("deploy");

    static List<HasMetadata> read(String file) throws IOException {
        List<HasMetadata> out = new ArrayList<>();
        for (String doc : Files.readString(DEPLOY.resolve(file), StandardCharsets.UTF_8).split("(?m)^---$")) {
            out.add(Serialization.unmarshal(doc));
        }
        return out;
    }

    @Test
    @DisplayName("the Deployment sets every setting the operator requires, and they read without a problem")
    void deploymentConfiguresTheOperator() throws IOException {
        Deployment d = read("operator.yaml").stream().filter(Deployment.class::isInstance).map(Deployment.class::cast)
                .findFirst().orElseThrow();
        List<EnvVar> env = d.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv();
        Map<String, String> values = new HashMap<>();
        env.forEach(e -> values.put(e.getName(), e.getValue() != null ? e.getValue() : "from-" + e.getName()));
        values.put(OperatorSettings.HISTORY_URL, "jdbc:postgresql://db/upshift");

        OperatorSettings s = OperatorSettings.from(values);

        assertThat(s.namespace()).isEqualTo("from-" + OperatorSettings.NAMESPACE);
        assertThat(s.identity()).isEqualTo("from-" + OperatorSettings.IDENTITY);
        assertThat(env).filteredOn(e -> e.getName().equals(OperatorSettings.IDENTITY)).singleElement()
                .satisfies(e -> assertThat(e.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.name"));
        assertThat(d.getSpec().getReplicas()).isGreaterThan(1);
        assertThat(s.mockApiServer()).as("the mock server's publication mode, a test's setting").isFalse();
        assertThat(env).extracting(EnvVar::getName).doesNotContain(OperatorSettings.MOCK_API_SERVER);
    }

    @Test
    @DisplayName("the Role lets the operator renew only its own lease, and write only the status of its resources")
    void roleIsLeast() throws IOException {
        Role role = read("rbac.yaml").stream().filter(Role.class::isInstance).map(Role.class::cast).findFirst()
                .orElseThrow();
        List<PolicyRule> rules = role.getRules();
        assertThat(rules).filteredOn(r -> r.getResources().contains("leases") && r.getVerbs().contains("patch"))
                .singleElement().satisfies(r -> assertThat(r.getResourceNames()).containsExactly("upshift-operator"));
        assertThat(rules).filteredOn(r -> r.getApiGroups().contains("upshift.dev")).flatExtracting(PolicyRule::getVerbs)
                .containsOnly("get", "list", "watch", "patch");
        assertThat(rules).filteredOn(r -> r.getVerbs().contains("patch") && r.getApiGroups().contains("upshift.dev"))
                .flatExtracting(PolicyRule::getResources).containsExactly("clusterupgrades/status");
        assertThat(rules).flatExtracting(PolicyRule::getVerbs).doesNotContain("*", "delete", "deletecollection");
    }

    @Test
    @DisplayName("the kustomization installs every manifest and every CRD")
    void kustomizationListsEverything() throws IOException {
        String k = Files.readString(DEPLOY.resolve("kustomization.yaml"), StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(DEPLOY)) {
            files.filter(f -> f.toString().endsWith(".yaml") && !f.endsWith("kustomization.yaml"))
                    .map(f -> DEPLOY.relativize(f).toString().replace('\\', '/'))
                    .forEach(f -> assertThat(k).as("kustomization.yaml lists " + f).contains("- " + f));
        }
    }
}
