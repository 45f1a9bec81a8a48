package dev.upshift.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.upshift.common.source.DocumentLoader;
import dev.upshift.core.engine.NodeSequence.Action;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.diff.merge.ThreeWayMerge;
import dev.upshift.diff.rule.FieldRules;
import dev.upshift.spi.UpgradeRequest.Owner;
import dev.upshift.spi.UpgradeStatus.Progress;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NodeSequenceTest {
    private static final String OWNERS = """
            apiVersion: controlplane.cluster.x-k8s.io/v1beta2
            kind: KubeadmControlPlane
            metadata: {name: cp, namespace: ns}
            spec: {replicas: 2, version: v1.30.1}
            ---
            apiVersion: cluster.x-k8s.io/v1beta2
            kind: MachineDeployment
            metadata: {name: md-0, namespace: ns}
            spec: {replicas: 3}
            """;

    private static final String MACHINES = """
            ---
            apiVersion: cluster.x-k8s.io/v1beta2
            kind: Machine
            metadata: {name: cp-b, namespace: ns, labels: {cluster.x-k8s.io/control-plane-name: cp}}
            ---
            apiVersion: cluster.x-k8s.io/v1beta2
            kind: Machine
            metadata: {name: md-0-x, namespace: ns, labels: {cluster.x-k8s.io/deployment-name: md-0}}
            ---
            apiVersion: cluster.x-k8s.io/v1beta2
            kind: Machine
            metadata: {name: cp-a, namespace: ns, labels: {cluster.x-k8s.io/control-plane-name: cp}}
            ---
            apiVersion: cluster.x-k8s.io/v1beta2
            kind: Machine
            metadata: {name: other-z, namespace: other, labels: {cluster.x-k8s.io/deployment-name: md-0}}
            """;

    private static MergeResult change(String yaml) {
        DocumentSet docs = DocumentSet.read(DocumentLoader.create().load("cluster.yaml", yaml));
        return ThreeWayMerge.withRules(FieldRules.none()).merge(docs, docs, docs);
    }

    private static final Owner CP = Owner.controlPlane(DocumentId.of("controlplane.cluster.x-k8s.io/v1beta2",
            "KubeadmControlPlane", "ns", "cp"));
    private static final Owner MD = Owner.machineDeployment(DocumentId.of("cluster.x-k8s.io/v1beta2",
            "MachineDeployment", "ns", "md-0"));

    @Test
    @DisplayName("control-plane machines one at a time, then the workers; each drained, upgraded, uncordoned")
    void order() {
        NodeSequence s = NodeSequence.of(change(OWNERS + MACHINES), List.of(CP, MD));

        assertThat(s.steps()).extracting(Object::toString).containsExactly(
                "drain cp-a", "upgrade cp-a", "uncordon cp-a",
                "drain cp-b", "upgrade cp-b", "uncordon cp-b",
                "drain md-0-x", "upgrade md-0-x", "uncordon md-0-x");
        assertThat(s.machines()).isEqualTo(3);
        assertThat(s.summary()).isEqualTo("3 machines in place: control plane cp (2), then machine deployment md-0 (1),"
                + " one at a time");
        assertThat(NodeSequence.machineIds(change(OWNERS + MACHINES), CP)).extracting(DocumentId::name)
                .containsExactly("cp-a", "cp-b");
    }

    @Test
    @DisplayName("without Machine documents, an owner's replicas stand for its machines")
    void fromReplicas() {
        NodeSequence s = NodeSequence.of(change(OWNERS), List.of(CP, MD));

        assertThat(s.machines()).isEqualTo(5);
        assertThat(s.steps()).filteredOn(st -> st.action() == Action.DRAIN).extracting(NodeSequence.Step::name)
                .containsExactly("cp #1", "cp #2", "md-0 #1", "md-0 #2", "md-0 #3");
        assertThat(NodeSequence.machineIds(change(OWNERS), MD)).isEmpty();
    }

    @Test
    @DisplayName("the probe's progress says which step the work is at")
    void current() {
        NodeSequence s = NodeSequence.of(change(OWNERS + MACHINES), List.of(CP, MD));

        assertThat(s.current(new Progress(3, 0, false))).map(Object::toString).contains("drain cp-a");
        assertThat(s.current(new Progress(3, 1, false))).map(Object::toString).contains("uncordon cp-a");
        assertThat(s.current(new Progress(3, 1, true))).map(Object::toString).contains("drain cp-b");
        assertThat(s.current(new Progress(3, 3, true))).isEmpty();
    }
}
