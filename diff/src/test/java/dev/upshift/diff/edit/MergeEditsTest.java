package dev.upshift.diff.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import dev.upshift.common.problem.Problems;
import dev.upshift.common.source.DocumentLoader;
import dev.upshift.common.source.SourceDocument;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.path.FieldPath;
import dev.upshift.diff.rule.FieldRules;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A merge applied to the text of real Cluster API manifests with comments: what a GitOps reviewer
 * sees is exactly the lines the upgrade changes.
 */
class MergeEditsTest {
    private static final DocumentLoader LOADER = DocumentLoader.create();

    static final String KCP = """
            # Control plane of prod-eu-1. Reviewed by the platform team.
            apiVersion: controlplane.cluster.x-k8s.io/v1beta1
            kind: KubeadmControlPlane
            metadata:
              name: prod-eu-1-control-plane
              namespace: org-platform
            spec:
              replicas: 3            # three for quorum
              version: v1.29.6       # set by upshift
              machineTemplate:
                infrastructureRef:
                  apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                  kind: AWSMachineTemplate
                  name: prod-eu-1-control-plane
              kubeadmConfigSpec:
                clusterConfiguration:
                  apiServer:
                    extraArgs:
                      cloud-provider: external
                      audit-log-maxage: '30'   # keep a month
                  etcd:
                    local:
                      dataDir: /var/lib/etcddisk/etcd
                files:
                - path: /etc/kubernetes/audit-policy.yaml
                  owner: root:root
                  content: |
                    apiVersion: audit.k8s.io/v1
                    kind: Policy
                    rules:
                    - level: Metadata
              rolloutStrategy:
                type: RollingUpdate
                rollingUpdate: {maxSurge: 1}
            ---
            # Instances of the control plane
            apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
            kind: AWSMachineTemplate
            metadata:
              name: prod-eu-1-control-plane
              namespace: org-platform
            spec:
              template:
                spec:
                  instanceType: m6i.large
                  iamInstanceProfile: control-plane.cluster-api-provider-aws.sigs.k8s.io
                  sshKeyName: ''
            """;

    /** The upgrade's change to KCP: what a release moving Kubernetes to 1.30 does. */
    private static void upgrade(ObjectNode kcp) {
        ObjectNode spec = (ObjectNode) kcp.get("spec");
        spec.put("version", "v1.30.2");
        ObjectNode extraArgs = (ObjectNode) spec.at("/kubeadmConfigSpec/clusterConfiguration/apiServer/extraArgs");
        extraArgs.put("audit-log-maxage", "60").put("profiling", "false");
        ObjectNode file = (ObjectNode) spec.at("/kubeadmConfigSpec/files/0");
        file.remove("owner");
        file.put("content", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: RequestResponse\n");
        ((ObjectNode) spec.at("/rolloutStrategy/rollingUpdate")).put("maxSurge", 0);
    }

    /** A merge of the file's documents (base = current: nobody customised them) into the target {@code change} makes. */
    private static MergeResult merge(String name, String text, Consumer<ObjectNode> change) {
        DocumentSet current = DocumentSet.read(LOADER.load(name, text));
        List<ObjectNode> targets = current.documents().stream().map(d -> {
            ObjectNode t = d.tree().deepCopy();
            if (d.id().kind().equals("KubeadmControlPlane")) {
                change.accept(t);
            }
            return t;
        }).toList();
        return ThreeWayMerge.withRules(FieldRules.none()).merge(current, current, DocumentSet.of(targets));
    }

    @Test
    @DisplayName("a Kubernetes minor upgrade of a KubeadmControlPlane changes its six lines and nothing else")
    void upgradeOfAControlPlane() {
        MergeResult merge = merge("kcp.yaml", KCP, MergeEditsTest::upgrade);
        EditedText edited = TextEdits.of("kcp.yaml", KCP).apply(merge).edit();

        assertThat(edited.text()).isEqualTo(KCP
                .replace("version: v1.29.6       # set", "version: v1.30.2       # set")
                .replace("audit-log-maxage: '30'   # keep a month\n", "audit-log-maxage: '60'   # keep a month\n"
                        + "          profiling: 'false'\n")
                .replace("      owner: root:root\n", "")
                .replace("- level: Metadata", "- level: RequestResponse")
                .replace("{maxSurge: 1}", "{maxSurge: 0}"));
        assertThat(edited.changedLines()).isEqualTo(6);
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff("a/kcp.yaml", "b/kcp.yaml", KCP.lines().toList(),
                DiffUtils.diff(KCP.lines().toList(), edited.text().lines().toList()), 0);
        assertThat(diff.stream().filter(l -> l.startsWith("-") && !l.startsWith("---")).toList()).containsExactly(
                "-  version: v1.29.6       # set by upshift",
                "-          audit-log-maxage: '30'   # keep a month",
                "-      owner: root:root",
                "-        - level: Metadata",
                "-    rollingUpdate: {maxSurge: 1}");
        assertThat(TextEdits.sources(merge)).containsExactly("kcp.yaml");
    }

    @Test
    @DisplayName("applied to a text that already holds the merged values, it changes nothing (publishing twice)")
    void alreadyApplied() {
        MergeResult merge = merge("kcp.yaml", KCP, MergeEditsTest::upgrade);
        String once = TextEdits.of("kcp.yaml", KCP).apply(merge).edit().text();

        EditedText twice = TextEdits.of("kcp.yaml", once).apply(merge).edit();

        assertThat(twice.changed()).isFalse();
        assertThat(twice.changedLines()).isZero();
    }

    @Test
    @DisplayName("what someone changed elsewhere in the file since is kept; what they changed under the merge is a conflict")
    void concurrentEdits() {
        MergeResult merge = merge("kcp.yaml", KCP, MergeEditsTest::upgrade);
        String elsewhere = KCP.replace("replicas: 3 ", "replicas: 5 ");
        assertThat(TextEdits.of("kcp.yaml", elsewhere).apply(merge).edit().text())
                .contains("replicas: 5            # three for quorum").contains("version: v1.30.2");

        String underIt = KCP.replace("version: v1.29.6", "version: v1.29.7");
        assertThatThrownBy(() -> TextEdits.of("kcp.yaml", underIt).apply(merge))
                .isInstanceOf(TextEditException.class)
                .hasMessage("kcp.yaml: controlplane.cluster.x-k8s.io/v1beta1/KubeadmControlPlane/org-platform/"
                        + "prod-eu-1-control-plane: spec.version is the text 'v1.29.7' in the file, where the change expected"
                        + " the text 'v1.29.6' and writes the text 'v1.30.2'; the file changed since the change was computed:"
                        + " compute it again");
        String gone = KCP.substring(KCP.indexOf("---"));
        assertThatThrownBy(() -> TextEdits.of("kcp.yaml", gone).apply(merge)).isInstanceOf(TextEditException.class)
                .hasMessageContaining("it is no longer in the file, and the change edits it");
    }

    @Test
    @DisplayName("server noise in the file (status, managedFields) stays; the merge never saw it")
    void noiseStays() {
        String withNoise = KCP.replace("  namespace: org-platform\nspec:\n  replicas",
                "  namespace: org-platform\n  resourceVersion: \"12345\"\n  managedFields: []\nspec:\n  replicas")
                + "status:\n  ready: true\n";
        MergeResult merge = merge("kcp.yaml", withNoise, MergeEditsTest::upgrade);

        String edited = TextEdits.of("kcp.yaml", withNoise).apply(merge).edit().text();

        assertThat(edited).contains("  resourceVersion: \"12345\"\n  managedFields: []\n").endsWith("status:\n  ready: true\n")
                .contains("version: v1.30.2");
    }

    @Test
    @DisplayName("inline resources of a ManagedCluster are edited where they stand, beside its spec.release")
    void inlineResources() {
        String cluster = """
                # The data team's dev cluster.
                apiVersion: upshift.dev/v1alpha1
                kind: ManagedCluster
                metadata:
                  name: dev-us-data-2
                spec:
                  release: 20.1.0   # moved by upshift
                  infrastructure: aws
                  resources:
                  # the control plane
                  - apiVersion: controlplane.cluster.x-k8s.io/v1beta1
                    kind: KubeadmControlPlane
                    metadata:
                      name: dev-us-data-2-control-plane
                      namespace: org-data
                    spec:
                      replicas: 1
                      version: v1.30.2
                """;
        SourceDocument doc = LOADER.load("clusters/dev-us-data-2.yaml", cluster).get(0);
        DocumentSet current = DocumentSet.readEmbedded(doc, "/spec/resources", "spec.resources", new Problems());
        ObjectNode target = current.documents().get(0).tree().deepCopy();
        ((ObjectNode) target.get("spec")).put("version", "v1.31.0");
        MergeResult merge = ThreeWayMerge.withRules(FieldRules.none()).merge(current, current, DocumentSet.of(List.of(target)));

        EditedText edited = TextEdits.of("clusters/dev-us-data-2.yaml", cluster).apply(merge)
                .set(0, FieldPath.of("spec", "release"), TextNode.valueOf("21.0.0")).edit();

        assertThat(edited.text()).isEqualTo(cluster.replace("release: 20.1.0", "release: 21.0.0")
                .replace("version: v1.30.2", "version: v1.31.0"));
        assertThat(TextEdits.sources(merge)).containsExactly("clusters/dev-us-data-2.yaml");
    }

    @Test
    @DisplayName("the items of a kind: List document are edited where they stand")
    void listDocument() {
        String list = """
                apiVersion: v1
                kind: List
                items:
                # the configuration
                - apiVersion: v1
                  kind: ConfigMap
                  metadata: {name: settings, namespace: web}
                  data:
                    level: info   # raised when debugging
                """;
        DocumentSet current = DocumentSet.read(LOADER.load("list.yaml", list));
        ObjectNode target = current.documents().get(0).tree().deepCopy();
        ((ObjectNode) target.get("data")).put("level", "warn");
        MergeResult merge = ThreeWayMerge.withRules(FieldRules.none()).merge(current, current, DocumentSet.of(List.of(target)));

        assertThat(TextEdits.of("list.yaml", list).apply(merge).edit().text()).isEqualTo(list.replace("info", "warn"));
    }

    @Test
    @DisplayName("a document the release drops is removed with its lines")
    void removedDocument() {
        DocumentSet current = DocumentSet.read(LOADER.load("kcp.yaml", KCP));
        DocumentSet target = DocumentSet.of(List.of(current.documents().get(0).tree()));
        MergeResult merge = ThreeWayMerge.withRules(FieldRules.none()).merge(current, current, target);

        String edited = TextEdits.of("kcp.yaml", KCP).apply(merge).edit().text();

        assertThat(edited).isEqualTo(KCP.substring(0, KCP.indexOf("---")));
        assertThat(TextEdits.of("kcp.yaml", edited).apply(merge).edit().changed()).as("removed twice").isFalse();
    }

    @Test
    @DisplayName("a machine template the merge rotates: the new one is written after the old, the reference moves")
    void rotatedTemplate() {
        String pool = """
                # workers of prod
                apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                kind: AWSMachineTemplate
                metadata: {name: prod-md-0, namespace: org-a}
                spec:
                  template:
                    spec:
                      instanceType: m5.large   # sized for batch jobs
                ---
                apiVersion: cluster.x-k8s.io/v1beta1
                kind: MachineDeployment
                metadata: {name: prod-md-0, namespace: org-a}
                spec:
                  clusterName: prod
                  replicas: 3
                  template:
                    spec:
                      clusterName: prod
                      version: v1.33.4
                      infrastructureRef:
                        apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                        kind: AWSMachineTemplate
                        name: prod-md-0   # the pool's template
                """;
        DocumentSet current = DocumentSet.read(LOADER.load("pool.yaml", pool));
        DocumentSet target = DocumentSet.read(LOADER.load("target.yaml", pool.replace("m5.large", "m6i.large")));
        MergeResult merge = ThreeWayMerge.withRules(FieldRules.none()).merge(current, current, target);
        String newName = merge.documents().ids().stream().filter(id -> id.kind().equals("AWSMachineTemplate")
                && !id.name().equals("prod-md-0")).findFirst().orElseThrow().name();

        String edited = TextEdits.of("pool.yaml", pool).apply(merge).edit().text();

        int second = pool.indexOf("---");
        assertThat(edited).isEqualTo(pool.substring(0, second) + """
                ---
                apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
                kind: AWSMachineTemplate
                metadata:
                  name: %s
                  namespace: org-a
                spec:
                  template:
                    spec:
                      instanceType: m6i.large
                """.formatted(newName) + pool.substring(second).replace("name: prod-md-0   # the pool's", "name: " + newName
                + "   # the pool's"));
        assertThat(TextEdits.of("pool.yaml", edited).apply(merge).edit().changed()).as("rotated twice").isFalse();
    }

    @Test
    @DisplayName("a merge that adds a document to a cluster with none is refused: there is no file to write it to")
    void nothingToPlaceBeside() {
        DocumentSet target = DocumentSet.read(LOADER.load("kcp.yaml", KCP));
        MergeResult merge = ThreeWayMerge.withRules(FieldRules.none()).merge(DocumentSet.empty(), DocumentSet.empty(), target);
        assertThatThrownBy(() -> TextEdits.of("other.yaml", "a: 1\n").apply(merge)).isInstanceOf(TextEditException.class)
                .hasMessageContaining("the cluster has no document to write it beside; add it by hand");
    }
}
