package dev.upshift.core.engine;

import dev.upshift.diff.document.Document;
import dev.upshift.diff.document.DocumentId;
import dev.upshift.diff.document.DocumentSet;
import dev.upshift.diff.merge.MergeResult;
import dev.upshift.spi.UpgradeRequest.Owner;
import java.util.ArrayList;
import java.util.List;

/**
 * The owners of a cluster's machines in a change, in the order their machines change (seed 004):
 * the control plane first, then each machine deployment, each in document-id order.
 */
final class Owners {
    private Owners() {}

    static List<Owner> of(MergeResult change) {
        List<Owner> controlPlanes = new ArrayList<>();
        List<Owner> deployments = new ArrayList<>();
        for (Document d : change.documents().documents()) {
            String kind = d.id().kind();
            if (kind.endsWith("ControlPlane")) {
                controlPlanes.add(Owner.controlPlane(d.id()));
            } else if (kind.equals("MachineDeployment") || kind.equals("MachinePool")) {
                deployments.add(Owner.machineDeployment(d.id()));
            }
        }
        controlPlanes.sort((a, b) -> a.document().compareTo(b.document()));
        deployments.sort((a, b) -> a.document().compareTo(b.document()));
        List<Owner> all = new ArrayList<>(controlPlanes);
        all.addAll(deployments);
        return all;
    }

    /** The owner's document and the documents of the same namespace it names (its templates and configs). */
    static DocumentSet specs(MergeResult change, Owner owner) {
        List<Document> out = new ArrayList<>();
        Document own = change.documents().get(owner.document()).orElseThrow();
        out.add(own);
        String text = own.tree().toString();
        for (Document d : change.documents().documents()) {
            DocumentId id = d.id();
            if (!id.equals(owner.document()) && java.util.Objects.equals(id.namespace(), owner.document().namespace())
                    && text.contains("\"" + id.name() + "\"") && text.contains("\"" + id.kind() + "\"")) {
                out.add(d);
            }
        }
        return DocumentSet.ofDocuments(out);
    }
}
