package dev.upshift.diff.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.path.PathElement;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bundled table against the facts Kubernetes documents for its lists (the API reference's
 * "patch strategy: merge on key ..." and "map keys" notes, as issue 12 lists them) and Cluster
 * API's, written here from those pages rather than from the table.
 */
class ListSchemaTest {
    private static String at(String apiVersion, String kind, String path) {
        ListSchema.Node node = ListSchema.builtIn().root(apiVersion, kind);
        for (PathElement e : FieldPath.parse(path).elements()) {
            if (node == null) {
                return "unknown";
            }
            node = e instanceof PathElement.Field f ? node.field(f.name()) : node.items();
        }
        Optional<ListSchema.Spec> spec = node == null ? Optional.empty() : node.list();
        return spec.map(s -> s.type() + (s.keys().isEmpty() ? "" : " " + String.join(",", s.keys()))
                + (s.keyDefaults().isEmpty() ? "" : " " + s.keyDefaults())).orElse("unknown");
    }

    @ParameterizedTest(name = "{0} {1} {2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            apps/v1              | Deployment            | spec.template.spec.containers                                  | map name
            apps/v1              | Deployment            | spec.template.spec.initContainers                              | map name
            apps/v1              | Deployment            | spec.template.spec.ephemeralContainers                         | map name
            apps/v1              | Deployment            | spec.template.spec.containers[name=a].ports                    | map containerPort,protocol {protocol="TCP"}
            apps/v1              | StatefulSet           | spec.template.spec.containers[name=a].env                      | map name
            apps/v1              | DaemonSet             | spec.template.spec.volumes                                     | map name
            apps/v1              | ReplicaSet            | spec.template.spec.imagePullSecrets                            | map name
            batch/v1             | Job                   | spec.template.spec.containers[name=a].volumeMounts             | map mountPath
            batch/v1             | CronJob               | spec.jobTemplate.spec.template.spec.hostAliases                | map ip
            v1                   | Pod                   | spec.initContainers[name=a].ports                              | map containerPort,protocol {protocol="TCP"}
            v1                   | Pod                   | spec.tolerations                                               | atomic
            v1                   | Pod                   | spec.containers[name=a].args                                   | atomic
            v1                   | Pod                   | metadata.finalizers                                            | set
            v1                   | Pod                   | metadata.ownerReferences                                       | map uid
            v1                   | Service               | spec.ports                                                     | map port,protocol {protocol="TCP"}
            v1                   | ReplicationController | spec.template.spec.containers                                  | map name
            policy/v1            | PodDisruptionBudget   | spec.selector.matchExpressions                                 | atomic
            networking.k8s.io/v1 | NetworkPolicy         | spec.ingress                                                   | atomic
            v1                   | Pod                   | spec.containers[name=a].resources.claims                       | map name
            apps/v1              | Deployment            | spec.template.spec.topologySpreadConstraints                   | map topologyKey,whenUnsatisfiable
            apps/v1              | Deployment            | spec.template.spec.nothing                                     | unknown
            apps/v1beta2         | Deployment            | spec.template.spec.containers                                  | unknown
            cluster.x-k8s.io/v1beta1 | Cluster           | spec.topology.workers.machineDeployments                       | map name
            cluster.x-k8s.io/v1beta2 | Cluster           | spec.topology.workers.machineDeployments                       | map name
            cluster.x-k8s.io/v1beta2 | Cluster           | spec.topology.workers.machineDeployments[name=md-0].variables.overrides | map name
            cluster.x-k8s.io/v1beta2 | Cluster           | spec.topology.variables                                        | map name
            cluster.x-k8s.io/v1beta2 | ClusterClass      | spec.workers.machineDeployments                                | map class
            controlplane.cluster.x-k8s.io/v1beta2 | KubeadmControlPlane | spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs | map name
            controlplane.cluster.x-k8s.io/v1beta2 | KubeadmControlPlane | spec.kubeadmConfigSpec.files                          | atomic
            controlplane.cluster.x-k8s.io/v1beta1 | KubeadmControlPlane | spec.kubeadmConfigSpec.files                          | unknown
            bootstrap.cluster.x-k8s.io/v1beta2    | KubeadmConfigTemplate | spec.template.spec.joinConfiguration.nodeRegistration.kubeletExtraArgs | map name
            cluster.x-k8s.io/v1beta2 | MachineDeployment | spec.template.spec.taints                                      | map key,effect
            cluster.x-k8s.io/v1beta2 | MachineDeployment | metadata.finalizers                                            | set
            """)
    void keysListsAsTheApiServerDoes(String apiVersion, String kind, String path, String expected) {
        assertThat(at(apiVersion, kind, path)).isEqualTo(expected);
    }

    @Test
    @DisplayName("the table names its sources and knows the built-in kinds of the five groups and Cluster API's")
    void sourcesAndKinds() {
        assertThat(ListSchema.builtIn().sources()).containsExactly("Kubernetes 1.36", "Cluster API v1.14.0");
        assertThat(ListSchema.builtIn().kinds()).contains("apps/v1 Deployment", "batch/v1 CronJob", "v1 Pod", "v1 Service",
                "policy/v1 PodDisruptionBudget", "networking.k8s.io/v1 Ingress", "cluster.x-k8s.io/v1beta2 Cluster",
                "controlplane.cluster.x-k8s.io/v1beta1 KubeadmControlPlane");
        assertThat(ListSchema.builtIn().root("v1", "Pod").field("spec").field("containers").list().orElseThrow().source())
                .isEqualTo("Kubernetes 1.36: core.v1.PodSpec.containers");
    }

    @Test
    @DisplayName("a malformed table is refused with the line")
    void malformedTables() {
        assertThatThrownBy(() -> ListSchema.parse("kind v1 Pod\n")).hasMessage("line 1: expected kind APIVERSION KIND TYPE");
        assertThatThrownBy(() -> ListSchema.parse("kind v1 Pod P\n")).hasMessage("line 1: type P is used but never described");
        assertThatThrownBy(() -> ListSchema.parse("P a atomic\nP a set\n")).hasMessage("line 2: expected one declaration of the list a");
        assertThatThrownBy(() -> ListSchema.parse("P a[*].b atomic\n"))
                .hasMessage("line 1: expected a list declared before its items (a)");
        assertThatThrownBy(() -> ListSchema.parse("P a map\n")).hasMessage("line 1: expected map KEY[=DEFAULT],... [unique=FIELDS]... [ITEMTYPE]");
        assertThatThrownBy(() -> ListSchema.parse("P a atomic X\n")).hasMessage("line 1: expected nothing after atomic but unique=FIELDS");
        assertThatThrownBy(() -> ListSchema.parse("P a map k unique=\n")).hasMessage("line 1: expected unique=FIELD[+FIELD]...");
    }
}
